import crypto from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { aborted } from '@gains/errors';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { deriveHoldings } from '../domain/holding-rules';
import type { HoldingRecord, Page, TransactionRecord } from '../domain/ledger';
import type { TransactionGridQuery, TransactionSortColumn } from '../domain/transaction-grid';
import { calculationStatusFor } from '../domain/portfolio-rules';
import { stateRef } from '../domain/transaction-states';
import type { LedgerRowValues } from '../domain/transaction-rules';
import { unnestSelectRows } from './bulk-insert';
import { LEDGER_VALUE_COLUMNS, ledgerValues } from './ledger-columns';
import { dateColumn, dateText, decimalText, likePattern } from './columns';
import { Prisma } from './generated/client';
import type { ClientsPrisma, ClientsTx } from './prisma';

/** A ledger row with what it names: its portfolio (null for a ghost) and its transaction type. */
type TransactionRow = Prisma.LedgerTransactionGetPayload<object> & {
  portfolio: { uuid: string; code: string } | null;
  type: { uuid: string; name: string; description: string };
};
type SecurityCodes = { sedol: string; isin: string; securityName: string };

function toRecord(row: TransactionRow, security: SecurityCodes | undefined): TransactionRecord {
  const money = (v: Prisma.Decimal | null) => decimalText(v, 2);
  return {
    uuid: row.uuid,
    portfolioUuid: row.portfolio?.uuid ?? '',
    portfolioCode: row.portfolio?.code ?? row.portfolioCode,
    securityId: row.securityId ?? 0,
    securityCode: row.securityCode,
    sedol: security?.sedol ?? '',
    isin: security?.isin ?? '',
    securityName: security?.securityName ?? '',
    transactionCode: row.transactionCode,
    transactionType: { uuid: row.type.uuid, type: row.type.name, typeDescription: row.type.description },
    transactionState: stateRef(row.state),
    tradeDate: dateText(row.tradeDate),
    exDate: dateText(row.exDate),
    payDate: dateText(row.payDate),
    reportDate: dateText(row.reportDate),
    quantity: decimalText(row.quantity, 8, true),
    price: decimalText(row.price, 8, true),
    consideration: decimalText(row.consideration, 2),
    expenses: decimalText(row.expenses, 2),
    currency: { isoCode: row.currency },
    fxRate: decimalText(row.fxRate, 10, true),
    considerationGbp: decimalText(row.considerationGbp, 2),
    expensesGbp: decimalText(row.expensesGbp, 2),
    originalAcquisitionDate: dateText(row.originalAcquisitionDate),
    counterpartyClientUuid: row.counterpartyClientUuid,
    counterpartyName: row.counterpartyName,
    holdoverReliefClaimed: money(row.holdoverReliefClaimed),
    newSecurityId: row.newSecurityId,
    marketValue: money(row.marketValue),
    ratio: row.ratio,
    timing: row.timing,
    incomeType: row.incomeType,
    taxDeducted: money(row.taxDeducted),
    source: row.source,
    sourceRef: row.sourceRef,
    notes: row.notes,
    warnings: row.warnings,
    cgtCost: money(row.cgtCost),
    proceeds: money(row.proceeds),
    capitalGainLoss: money(row.capitalGainLoss),
    incomeGain: money(row.incomeGain),
    exemptGainLoss: money(row.exemptGainLoss),
    holdoverRelief: money(row.holdoverRelief),
    cloggedLoss: money(row.cloggedLoss),
    indexation: money(row.indexation),
    version: row.version,
    createdDate: row.createdAt.toISOString(),
    createdByName: row.createdBy,
    lastModifiedDate: row.updatedAt.toISOString(),
    lastModifiedByName: row.updatedBy,
  };
}

function toColumns(values: LedgerRowValues) {
  return {
    transactionCode: values.transactionCode,
    state: values.state,
    tradeDate: dateColumn(values.tradeDate),
    exDate: dateColumn(values.exDate),
    payDate: dateColumn(values.payDate),
    reportDate: dateColumn(values.reportDate),
    quantity: values.quantity,
    price: values.price,
    consideration: values.consideration,
    expenses: values.expenses,
    currency: values.currency,
    fxRate: values.fxRate,
    considerationGbp: values.considerationGbp,
    expensesGbp: values.expensesGbp,
    originalAcquisitionDate: dateColumn(values.originalAcquisitionDate),
    counterpartyClientUuid: values.counterpartyClientUuid,
    counterpartyName: values.counterpartyName,
    holdoverReliefClaimed: values.holdoverReliefClaimed,
    newSecurityId: values.newSecurityId,
    marketValue: values.marketValue,
    ratio: values.ratio,
    timing: values.timing,
    incomeType: values.incomeType,
    taxDeducted: values.taxDeducted,
    notes: values.notes,
  };
}

// Whitelisted: sort columns reach SQL only through this table.
const SORT_SQL: Record<TransactionSortColumn, string> = {
  tradeDate: 't.trade_date',
  reportDate: 't.report_date',
  type: 'tt.name',
  transactionCode: 't.transaction_code',
  state: 't.state',
  quantity: 't.quantity',
  price: 't.price',
  consideration: 't.consideration',
  considerationGbp: 't.consideration_gbp',
  expenses: 't.expenses',
  currency: 't.currency',
  sedol: 's.sedol',
  isin: 's.isin',
  securityName: 's.security_name',
  securityCode: 't.security_code',
  portfolioCode: 't.portfolio_code',
  createdDate: 't.created_at',
  lastModifiedDate: 't.updated_at',
};

/** A page of a client's rows for its reports (ListClientTransactions). */
export interface ClientRowsQuery {
  organisationUuid: string;
  clientId: number;
  securityId: number;
  startDate: string;
  endDate: string;
  incomeOnly: boolean;
  states: string[];
  /** the last row of the page before: its date and id */
  after: { date: string; id: string } | null;
  limit: number;
}

/** What deriving a holding reads of a row. */
interface DerivationRow {
  id: bigint;
  securityId: number | null;
  newSecurityId: number | null;
  state: string;
  quantity: string;
  ratio: string | null;
  tradeDate: string;
  timing: string;
  warnings: string[];
  effect: string;
}

/** One (portfolio, security) pair whose holding a change re-derives. */
export interface Pair {
  portfolioId: number;
  securityId: number;
}

/** A new row of the ledger. */
export interface LedgerInsert {
  portfolioId: number;
  portfolioCode: string;
  securityId: number;
  typeId: number;
  values: LedgerRowValues;
}

/** A change to a stored row at the version read: its values, or only where it points (a ghost repaired). */
export interface LedgerUpdate {
  uuid: string;
  version: number;
  typeId?: number;
  values?: LedgerRowValues;
  portfolioId?: number;
  portfolioCode?: string;
  securityId?: number;
  state?: string;
}

export interface LedgerChange {
  organisationUuid: string;
  actorName: string;
  inserts: LedgerInsert[];
  updates: LedgerUpdate[];
  /** The events of the change, given the owners of the portfolios it touched and each one's earliest date. */
  events: (touched: { clientUuid: string; earliestDate: string }[]) => OutboxEvent[];
}

/**
 * Re-derives the holdings of the pairs from their settled rows (deriveHoldings), with each row's warnings and the
 * holding's rec_break flag, and the portfolio's count of rec breaks.
 */
/**
 * Locks the portfolios a change writes to, and their owners, in id order, before any row is written. A ledger row's insert takes a
 * key-share lock on its portfolio; taking the portfolio FOR UPDATE after that (to derive its holdings) would be an
 * upgrade, which deadlocks with a calculation storing its figures (a key-share lock through owner_figure, then the
 * portfolio's sums). Locked first, the change and the calculation simply take turns.
 */
async function lockPortfolios(tx: ClientsTx, change: LedgerChange): Promise<void> {
  const ids = new Set<number>(change.inserts.map((i) => i.portfolioId));
  for (const u of change.updates) if (u.portfolioId !== undefined) ids.add(u.portfolioId);
  if (change.updates.length > 0) {
    const current = await tx.$queryRaw<{ portfolio_id: number | null }[]>`
      SELECT DISTINCT portfolio_id FROM ledger_transaction
       WHERE uuid = ANY(${change.updates.map((u) => u.uuid)}::uuid[]) AND organisation_uuid = ${change.organisationUuid}::uuid`;
    for (const r of current) if (r.portfolio_id !== null) ids.add(r.portfolio_id);
  }
  if (ids.size === 0) return;
  await lockOwnersThenPortfolios(tx, change.organisationUuid, [...ids]);
}

/**
 * Locks the portfolios' owners (and any other clients named), then the portfolios, each in id order. The owners
 * first: a calculation stores its figures client first, then the portfolios, and deriving the holdings ends by
 * writing the owners' Holding Breaks, so the other order deadlocks with it (import-store lockOwners).
 */
export async function lockOwnersThenPortfolios(
  tx: ClientsTx,
  organisationUuid: string,
  portfolioIds: number[],
  clientIds: number[] = [],
): Promise<void> {
  await tx.$queryRaw`
    SELECT c.id FROM client c
     WHERE c.organisation_uuid = ${organisationUuid}::uuid
       AND (c.id IN (SELECT client_id FROM portfolio_owner WHERE portfolio_id = ANY(${portfolioIds}::int[]))
            OR c.id = ANY(${clientIds}::int[]))
     ORDER BY c.id FOR UPDATE`;
  await tx.$queryRaw`
    SELECT id FROM portfolio WHERE id = ANY(${portfolioIds}::int[]) AND organisation_uuid = ${organisationUuid}::uuid
     ORDER BY id FOR UPDATE`;
}

export async function rederiveHoldings(tx: ClientsTx, organisationUuid: string, pairs: Pair[]): Promise<void> {
  const byPortfolio = new Map<number, Set<number>>();
  for (const p of pairs) {
    byPortfolio.set(p.portfolioId, (byPortfolio.get(p.portfolioId) ?? new Set()).add(p.securityId));
  }
  if (byPortfolio.size === 0) return;
  // Two changes of one portfolio at once derive one after the other, the second seeing the first's rows.
  await tx.$queryRaw`
    SELECT id FROM portfolio
     WHERE id = ANY(${[...byPortfolio.keys()]}::int[]) AND organisation_uuid = ${organisationUuid}::uuid
     ORDER BY id FOR UPDATE`;
  for (const [portfolioId, securitySet] of byPortfolio) {
    const securityIds = [...securitySet];
    const portfolio = await tx.portfolio.findFirstOrThrow({
      where: { id: portfolioId, organisationUuid },
      select: { taxWrapper: true },
    });
    // As text, not Prisma's decimals: a holding may have thousands of rows, read on every change.
    const rows = await tx.$queryRaw<DerivationRow[]>`
      SELECT t.id, t.security_id AS "securityId", t.new_security_id AS "newSecurityId", t.state,
             t.quantity::text AS quantity, t.ratio, t.trade_date::text AS "tradeDate", t.timing, t.warnings,
             tt.effect
        FROM ledger_transaction t JOIN transaction_type tt ON tt.id = t.type_id
       WHERE t.organisation_uuid = ${organisationUuid}::uuid AND t.portfolio_id = ${portfolioId}
         AND (t.security_id = ANY(${securityIds}::int[]) OR t.new_security_id = ANY(${securityIds}::int[]))
       ORDER BY t.trade_date, t.id`;
    const derivation = deriveHoldings(rows, securityIds);
    for (const { securityId, derived } of derivation.holdings) {
      const values = {
        quantity: derived.quantity,
        recBreak: derived.recBreak,
        transactionCount: derived.transactionCount,
        lastTransactionDate: dateColumn(derived.lastTransactionDate),
      };
      await tx.holding.upsert({
        where: { portfolioId_securityId: { portfolioId, securityId } },
        create: {
          portfolioId,
          securityId,
          organisationUuid,
          calculationStatus: calculationStatusFor(portfolio.taxWrapper),
          ...values,
        },
        // The figures the tax engine published describe the old ledger: waiting for it again.
        update: {
          ...values,
          ...(calculationStatusFor(portfolio.taxWrapper) === 'PENDING' ? { calculationStatus: 'PENDING' } : {}),
        },
      });
    }
    for (const { id, warnings } of derivation.warningChanges) {
      await tx.ledgerTransaction.update({ where: { id }, data: { warnings } });
    }
    const recBreaks = await tx.holding.count({ where: { organisationUuid, portfolioId, recBreak: true } });
    await tx.portfolio.update({ where: { id: portfolioId }, data: { recBreaks } });
    // The clients grid's Holding Breaks: each owner's rec breaks over every portfolio it owns.
    await tx.$executeRaw`
      UPDATE client c
         SET holding_breaks = (SELECT coalesce(sum(p.rec_breaks), 0)::int
                                 FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
                                WHERE po.client_id = c.id)
       WHERE c.organisation_uuid = ${organisationUuid}::uuid
         AND c.id IN (SELECT client_id FROM portfolio_owner WHERE portfolio_id = ${portfolioId})`;
  }
}

/** A pg client (or pool) inside the caller's transaction: parameterised SQL, rows answered. */
export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** A Prisma transaction as a SqlClient: the same statements inside it. */
const sqlOf = (tx: ClientsTx): SqlClient => ({
  query: async <R>(sql: string, params: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<R[]>(sql, ...params) }),
});

/**
 * rederiveHoldings for many pairs at once, in a fixed number of statements whatever their count (an import's
 * chunk touches hundreds), on a pg client in the caller's transaction: the same rows read in one query, the same
 * rule (deriveHoldings) per portfolio, then the holdings upserted, the changed warnings written, and the portfolios' and
 * owners' counts of rec breaks kept, each in one statement.
 */
export async function rederiveHoldingsInBulk(
  db: SqlClient,
  organisationUuid: string,
  pairs: Pair[],
  /** owners: false leaves the owners' Holding Breaks to the caller (a derivation split over connections). */
  options: { owners?: boolean } = {},
): Promise<void> {
  const byPortfolio = new Map<number, Set<number>>();
  for (const p of pairs) {
    byPortfolio.set(p.portfolioId, (byPortfolio.get(p.portfolioId) ?? new Set()).add(p.securityId));
  }
  if (byPortfolio.size === 0) return;
  const portfolioIds = [...byPortfolio.keys()];
  const securityIds = [...new Set(pairs.map((p) => p.securityId))];
  // Two changes of one portfolio at once derive one after the other, the second seeing the first's rows.
  const { rows: wrappers } = await db.query<{ id: number; taxWrapper: string }>(
    `SELECT id, tax_wrapper AS "taxWrapper" FROM portfolio
      WHERE id = ANY($1::int[]) AND organisation_uuid = $2::uuid ORDER BY id FOR UPDATE`,
    [portfolioIds, organisationUuid],
  );
  const wrapperOf = new Map(wrappers.map((w) => [w.id, w.taxWrapper]));
  type Row = Omit<DerivationRow, 'id'> & { id: string; portfolioId: number };
  const { rows } = await db.query<Row>(
    `SELECT t.id::text AS id, t.portfolio_id AS "portfolioId", t.security_id AS "securityId",
            t.new_security_id AS "newSecurityId", t.state, t.quantity::text AS quantity, t.ratio,
            t.trade_date::text AS "tradeDate", t.timing, t.warnings, tt.effect
       FROM ledger_transaction t JOIN transaction_type tt ON tt.id = t.type_id
      WHERE t.organisation_uuid = $1::uuid AND t.portfolio_id = ANY($2::int[])
        AND (t.security_id = ANY($3::int[]) OR t.new_security_id = ANY($3::int[]))
      ORDER BY t.trade_date, t.id`,
    [organisationUuid, portfolioIds, securityIds],
  );
  const rowsOf = new Map<number, Row[]>();
  for (const r of rows) {
    const set = byPortfolio.get(r.portfolioId)!;
    if (!(r.securityId !== null && set.has(r.securityId)) && !(r.newSecurityId !== null && set.has(r.newSecurityId))) {
      continue;
    }
    const list = rowsOf.get(r.portfolioId);
    if (list) list.push(r);
    else rowsOf.set(r.portfolioId, [r]);
  }
  const holdings: unknown[][] = [];
  const warningChanges: [string, string][] = [];
  let sinceYield = 0;
  for (const [portfolioId, securitySet] of byPortfolio) {
    // An import derives 100,000 rows here: other users' requests are served between every few thousand.
    const rowCount = rowsOf.get(portfolioId)?.length ?? 0;
    sinceYield += rowCount;
    if (sinceYield > 5_000) {
      sinceYield = rowCount;
      await yieldToOthers();
    }
    const derivation = deriveHoldings(rowsOf.get(portfolioId) ?? [], securitySet);
    for (const { securityId, derived } of derivation.holdings) {
      holdings.push([
        portfolioId,
        securityId,
        calculationStatusFor(wrapperOf.get(portfolioId) ?? 'GIA'),
        derived.quantity,
        derived.recBreak,
        derived.transactionCount,
        derived.lastTransactionDate,
      ]);
    }
    for (const { id, warnings } of derivation.warningChanges) warningChanges.push([id, warnings.join('\n')]);
  }
  const column = (i: number) => holdings.map((h) => h[i]);
  // The figures the tax engine published describe the old ledger: a CGT holding waits for it again.
  await db.query(
    `INSERT INTO holding (portfolio_id, security_id, organisation_uuid, calculation_status, quantity, rec_break,
                          transaction_count, last_transaction_date)
     SELECT p, s, $1::uuid, c, q, r, n, d
       FROM unnest($2::int[], $3::int[], $4::text[], $5::numeric[], $6::boolean[], $7::int[], $8::date[])
            AS u(p, s, c, q, r, n, d)
     ON CONFLICT (portfolio_id, security_id) DO UPDATE
        SET quantity = EXCLUDED.quantity, rec_break = EXCLUDED.rec_break,
            transaction_count = EXCLUDED.transaction_count, last_transaction_date = EXCLUDED.last_transaction_date,
            calculation_status = CASE WHEN EXCLUDED.calculation_status = 'PENDING' THEN 'PENDING'
                                      ELSE holding.calculation_status END`,
    [organisationUuid, column(0), column(1), column(2), column(3), column(4), column(5), column(6)],
  );
  if (warningChanges.length > 0) {
    await db.query(
      `UPDATE ledger_transaction t
          SET warnings = CASE WHEN u.w = '' THEN '{}'::text[] ELSE string_to_array(u.w, E'\\n') END
         FROM unnest($1::bigint[], $2::text[]) AS u(id, w) WHERE t.id = u.id`,
      [warningChanges.map(([id]) => id), warningChanges.map(([, w]) => w)],
    );
  }
  await db.query(
    `UPDATE portfolio p
        SET rec_breaks = (SELECT count(*)::int FROM holding h WHERE h.portfolio_id = p.id AND h.rec_break)
      WHERE p.id = ANY($1::int[]) AND p.organisation_uuid = $2::uuid`,
    [portfolioIds, organisationUuid],
  );
  if (options.owners !== false) await refreshOwnersHoldingBreaks(db, organisationUuid, portfolioIds);
}

/** The clients grid's Holding Breaks of the owners of `portfolioIds`: each one's rec breaks over every portfolio. */
export async function refreshOwnersHoldingBreaks(
  db: SqlClient,
  organisationUuid: string,
  portfolioIds: readonly number[],
): Promise<void> {
  await db.query(
    `UPDATE client c
        SET holding_breaks = (SELECT coalesce(sum(p.rec_breaks), 0)::int
                                FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
                               WHERE po.client_id = c.id)
      WHERE c.organisation_uuid = $1::uuid
        AND c.id IN (SELECT client_id FROM portfolio_owner WHERE portfolio_id = ANY($2::int[]))`,
    [organisationUuid, [...portfolioIds]],
  );
}

/**
 * The owners of the portfolios touched, each once with the earliest date touched of any portfolio they own (a
 * client owning two portfolios touched gets one event, from the earlier date).
 */
export async function touchedOwners(
  tx: ClientsTx,
  organisationUuid: string,
  earliest: ReadonlyMap<number, string>,
): Promise<{ clientUuid: string; earliestDate: string }[]> {
  if (earliest.size === 0) return [];
  const owners = await tx.portfolioOwner.findMany({
    where: { portfolioId: { in: [...earliest.keys()] }, portfolio: { organisationUuid } },
    select: { portfolioId: true, client: { select: { uuid: true } } },
  });
  const perClient = new Map<string, string>();
  for (const o of owners) {
    const date = earliest.get(o.portfolioId)!;
    const before = perClient.get(o.client.uuid);
    if (!before || date < before) perClient.set(o.client.uuid, date);
  }
  return [...perClient].map(([clientUuid, earliestDate]) => ({ clientUuid, earliestDate }));
}

// A row a ledger change inserts: $1 the organisation and $2 the actor are the statement's, the rest one per row.
const INSERTED_COLUMNS = [
  { name: 'uuid', type: 'uuid' },
  { name: 'organisation_uuid', sql: '$1::uuid' },
  { name: 'portfolio_id', type: 'int' },
  { name: 'portfolio_code', type: 'text' },
  { name: 'security_id', type: 'int' },
  { name: 'type_id', type: 'int' },
  ...LEDGER_VALUE_COLUMNS,
  { name: 'created_by', sql: '$2::text' },
  { name: 'updated_by', sql: '$2::text' },
  { name: 'updated_at', sql: 'now()' },
] as const;

/** An insert's values in INSERTED_COLUMNS' order (its parameter columns). */
function insertedRow(uuid: string, insert: LedgerChange['inserts'][number]): unknown[] {
  return [
    uuid,
    insert.portfolioId,
    insert.portfolioCode,
    insert.securityId,
    insert.typeId,
    ...ledgerValues(insert.values),
  ];
}

export function createLedgerStore(prisma: ClientsPrisma) {
  async function records(db: ClientsPrisma | ClientsTx, where: Prisma.LedgerTransactionWhereInput, order?: string[]) {
    const rows = await db.ledgerTransaction.findMany({ where, orderBy: [{ tradeDate: 'asc' }, { id: 'asc' }] });
    const idsOf = (pick: (r: (typeof rows)[number]) => number | null) => [
      ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
    ];
    const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
    const [securities, portfolios, types] = await Promise.all([
      db.security
        .findMany({
          where: { id: { in: idsOf((r) => r.securityId) } },
          select: { id: true, sedol: true, isin: true, securityName: true },
        })
        .then(byId),
      db.portfolio
        .findMany({ where: { id: { in: idsOf((r) => r.portfolioId) } }, select: { id: true, uuid: true, code: true } })
        .then(byId),
      db.transactionType
        .findMany({
          where: { id: { in: idsOf((r) => r.typeId) } },
          select: { id: true, uuid: true, name: true, description: true },
        })
        .then(byId),
    ]);
    const out = rows.map((r) =>
      toRecord(
        { ...r, portfolio: r.portfolioId === null ? null : portfolios.get(r.portfolioId)!, type: types.get(r.typeId)! },
        r.securityId === null ? undefined : securities.get(r.securityId),
      ),
    );
    if (!order) return out;
    const byUuid = new Map(out.map((r) => [r.uuid, r]));
    return order.map((uuid) => byUuid.get(uuid)!).filter(Boolean);
  }

  /** A page of rows chosen in SQL (filters, search, whitelisted sort), then read whole. */
  async function page(conditions: Prisma.Sql[], query: TransactionGridQuery): Promise<Page<TransactionRecord>> {
    if (query.term) {
      const pattern = likePattern(query.term);
      conditions.push(Prisma.sql`(s.sedol ILIKE ${pattern} OR s.isin ILIKE ${pattern} OR t.security_code ILIKE ${pattern}
        OR to_char(t.report_date, 'YYYY-MM-DD') ILIKE ${pattern} OR to_char(t.report_date, 'DD/MM/YYYY') ILIKE ${pattern}
        OR tt.name ILIKE ${pattern} OR t.transaction_code ILIKE ${pattern} OR t.portfolio_code ILIKE ${pattern})`);
    }
    const orderBy = query.sort
      .map((s) => `${SORT_SQL[s.column]} ${s.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
      .concat('t.trade_date ASC', 't.id ASC')
      .join(', ');
    const limit = query.size > 0 ? query.size : 10_000;
    const offset = query.size > 0 ? (query.page - 1) * query.size : 0;
    const from = Prisma.sql`FROM ledger_transaction t JOIN transaction_type tt ON tt.id = t.type_id
      LEFT JOIN security s ON s.id = t.security_id WHERE ${Prisma.join(conditions, ' AND ')}`;
    const rows = await prisma.$queryRaw<{ uuid: string; total: bigint }[]>`
      SELECT t.uuid::text AS uuid, count(*) OVER () AS total ${from}
       ORDER BY ${Prisma.raw(orderBy)} LIMIT ${limit} OFFSET ${offset}`;
    let totalSize = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && offset > 0) {
      const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n ${from}`;
      totalSize = Number(n);
    }
    const uuids = rows.map((r) => r.uuid);
    return { content: await records(prisma, { uuid: { in: uuids } }, uuids), totalSize };
  }

  return {
    async findByUuid(organisationUuid: string, uuid: string): Promise<TransactionRecord | null> {
      return (await records(prisma, { uuid, organisationUuid }))[0] ?? null;
    },

    async findByUuids(organisationUuid: string, uuids: string[]): Promise<TransactionRecord[]> {
      return records(prisma, { uuid: { in: uuids }, organisationUuid }, uuids);
    },

    /** Every row of a portfolio's security, in trade-date order, for editing. */
    async listForHolding(organisationUuid: string, portfolioId: number, securityId: number) {
      return records(prisma, { organisationUuid, portfolioId, securityId });
    },

    async pageForHolding(
      organisationUuid: string,
      portfolioId: number,
      securityId: number,
      query: TransactionGridQuery,
    ) {
      return page(
        [
          Prisma.sql`t.organisation_uuid = ${organisationUuid}::uuid`,
          Prisma.sql`t.portfolio_id = ${portfolioId}`,
          Prisma.sql`t.security_id = ${securityId}`,
        ],
        query,
      );
    },

    /** Rows whose portfolio or security does not resolve (or whose security was deleted), not cancelled. */
    async pageGhosts(organisationUuid: string, query: TransactionGridQuery) {
      return page(
        [
          Prisma.sql`t.organisation_uuid = ${organisationUuid}::uuid`,
          Prisma.sql`t.state <> 'CANCELLED'`,
          Prisma.sql`(t.portfolio_id IS NULL OR t.security_id IS NULL OR s.status = 'DELETED')`,
        ],
        query,
      );
    },

    /**
     * A page of a client's rows (its portfolios', optionally one security's) dated in [startDate, endDate], after a
     * (date, id) cursor, in that order: the trade date, or for income the pay date (else trade date). The keyset
     * keeps a 10,000-row client's pages as cheap as its first.
     */
    async pageForClient(
      q: ClientRowsQuery,
    ): Promise<{ content: TransactionRecord[]; last: { date: string; id: string } | null }> {
      const dated = q.incomeOnly ? Prisma.sql`COALESCE(t.pay_date, t.trade_date)` : Prisma.sql`t.trade_date`;
      const conditions = [
        Prisma.sql`t.organisation_uuid = ${q.organisationUuid}::uuid`,
        Prisma.sql`t.portfolio_id IN (SELECT po.portfolio_id FROM portfolio_owner po WHERE po.client_id = ${q.clientId})`,
        Prisma.sql`${dated} BETWEEN ${q.startDate}::date AND ${q.endDate}::date`,
      ];
      if (q.securityId > 0) conditions.push(Prisma.sql`t.security_id = ${q.securityId}`);
      if (q.incomeOnly) conditions.push(Prisma.sql`COALESCE(t.income_type, '') <> ''`);
      if (q.states.length > 0) conditions.push(Prisma.sql`t.state = ANY(${q.states}::text[])`);
      if (q.after) conditions.push(Prisma.sql`(${dated}, t.id) > (${q.after.date}::date, ${q.after.id}::bigint)`);
      const rows = await prisma.$queryRaw<{ uuid: string; date: string; id: string }[]>`
        SELECT t.uuid::text AS uuid, to_char(${dated}, 'YYYY-MM-DD') AS date, t.id::text AS id
          FROM ledger_transaction t WHERE ${Prisma.join(conditions, ' AND ')}
         ORDER BY ${dated}, t.id LIMIT ${q.limit}`;
      const uuids = rows.map((r) => r.uuid);
      const lastRow = rows.at(-1);
      return {
        content: await records(prisma, { uuid: { in: uuids } }, uuids),
        last: rows.length === q.limit && lastRow ? { date: lastRow.date, id: lastRow.id } : null,
      };
    },

    /** The organisation's client's id, null when the organisation has none such. */
    async clientId(organisationUuid: string, clientUuid: string): Promise<number | null> {
      const found = await prisma.client.findFirst({
        where: { organisationUuid, uuid: clientUuid },
        select: { id: true },
      });
      return found?.id ?? null;
    },

    async isGhost(organisationUuid: string, uuid: string): Promise<boolean> {
      const [row] = await prisma.$queryRaw<{ ghost: boolean }[]>`
        SELECT (t.portfolio_id IS NULL OR t.security_id IS NULL OR s.status = 'DELETED') AS ghost
          FROM ledger_transaction t LEFT JOIN security s ON s.id = t.security_id
         WHERE t.uuid = ${uuid}::uuid AND t.organisation_uuid = ${organisationUuid}::uuid`;
      return row?.ghost ?? false;
    },

    async listHoldings(organisationUuid: string, portfolioId: number): Promise<HoldingRecord[]> {
      const rows = await prisma.holding.findMany({
        where: { organisationUuid, portfolioId, OR: [{ quantity: { gt: 0 } }, { recBreak: true }] },
        include: { portfolio: { select: { uuid: true, code: true } } },
      });
      const securities = new Map(
        (await prisma.security.findMany({ where: { id: { in: rows.map((r) => r.securityId) } } })).map((s) => [
          s.id,
          s,
        ]),
      );
      const money = (v: Prisma.Decimal | null) => decimalText(v, 2);
      return rows
        .map((h) => {
          const s = securities.get(h.securityId);
          return {
            securityId: h.securityId,
            portfolioUuid: h.portfolio.uuid,
            portfolioCode: h.portfolio.code,
            sedol: s?.sedol ?? '',
            isin: s?.isin ?? '',
            issuerName: s?.issuerName ?? '',
            securityName: s?.securityName ?? '',
            quantity: decimalText(h.quantity, 4),
            price: decimalText(s?.priceGbp ?? null, 8, true),
            priceDate: dateText(s?.priceDate ?? null),
            value: null,
            averageCost: decimalText(h.averageCost, 8, true),
            cgtCost: money(h.cgtCost),
            ytdCapitalGainLoss: money(h.ytdCapitalGainLoss),
            ytdIncomeGain: money(h.ytdIncomeGain),
            ytdExemptGainLoss: money(h.ytdExemptGainLoss),
            unrealisedCapitalGainLoss: money(h.unrealisedCapitalGainLoss),
            unrealisedIncomeGain: money(h.unrealisedIncomeGain),
            unrealisedExemptGainLoss: money(h.unrealisedExemptGainLoss),
            indexation: money(h.indexation),
            holdoverRelief: money(h.holdoverRelief),
            cloggedLoss: money(h.cloggedLoss),
            calculationStatus: h.calculationStatus,
            recBreak: h.recBreak,
            cgtClass: s?.cgtClass ?? '',
            transactionCount: h.transactionCount,
            lastTransactionDate: dateText(h.lastTransactionDate),
            thirtyDayDisposalCounter: h.thirtyDayDisposalCounter,
            lastCalculatedAt: h.lastCalculatedAt?.toISOString() ?? null,
          };
        })
        .sort((a, b) => a.securityName.localeCompare(b.securityName) || a.securityId - b.securityId);
    },

    /**
     * Writes a change of the ledger in one transaction: the rows (each update at the version read; a stale one
     * is ABORTED naming it and nothing is written), the holdings of every (portfolio, security) it touches
     * re-derived (a takeover's new security too), and one ledger.changed event per owner of each portfolio
     * touched, from the earliest trade date affected. Answers the uuids written, in order.
     */
    async apply(change: LedgerChange): Promise<string[]> {
      return prisma.$transaction(
        async (tx: ClientsTx) => {
          const pairs: Pair[] = [];
          const earliest = new Map<number, string>();
          const touch = (
            portfolioId: number | null,
            securityId: number | null,
            newSecurityId: number | null,
            tradeDate: string,
          ) => {
            if (portfolioId === null) return;
            const before = earliest.get(portfolioId);
            if (!before || tradeDate < before) earliest.set(portfolioId, tradeDate);
            if (securityId !== null) pairs.push({ portfolioId, securityId });
            if (newSecurityId !== null) pairs.push({ portfolioId, securityId: newSecurityId });
          };
          const uuids: string[] = [];
          await lockPortfolios(tx, change);
          for (const update of change.updates) {
            const old = await tx.ledgerTransaction.findFirst({
              where: { uuid: update.uuid, organisationUuid: change.organisationUuid },
              select: { portfolioId: true, securityId: true, newSecurityId: true, tradeDate: true },
            });
            const { count } = await tx.ledgerTransaction.updateMany({
              where: { uuid: update.uuid, organisationUuid: change.organisationUuid, version: update.version },
              data: {
                ...(update.values ? toColumns(update.values) : {}),
                ...(update.typeId !== undefined ? { typeId: update.typeId } : {}),
                ...(update.portfolioId !== undefined
                  ? { portfolioId: update.portfolioId, portfolioCode: update.portfolioCode ?? '' }
                  : {}),
                ...(update.securityId !== undefined ? { securityId: update.securityId } : {}),
                ...(update.state !== undefined ? { state: update.state } : {}),
                updatedBy: change.actorName,
                version: { increment: 1 },
              },
            });
            if (!old || count === 0) {
              throw aborted(
                `Transaction ${update.uuid} was changed by someone else since it was read; reload it and try again`,
                'version',
              );
            }
            const now = await tx.ledgerTransaction.findFirstOrThrow({
              where: { uuid: update.uuid, organisationUuid: change.organisationUuid },
              select: { portfolioId: true, securityId: true, newSecurityId: true, tradeDate: true },
            });
            touch(old.portfolioId, old.securityId, old.newSecurityId, dateText(old.tradeDate));
            touch(now.portfolioId, now.securityId, now.newSecurityId, dateText(now.tradeDate));
            uuids.push(update.uuid);
          }
          // One statement for every row inserted (a corporate action's batch inserts hundreds), in their order.
          const rows = change.inserts.map((insert) => {
            const uuid = crypto.randomUUID();
            touch(insert.portfolioId, insert.securityId, insert.values.newSecurityId, insert.values.tradeDate);
            uuids.push(uuid);
            return insertedRow(uuid, insert);
          });
          if (rows.length > 0) {
            // plain SQL over unnest: Prisma's createMany compiled each batch's thousands of values, most of its time
            const input = unnestSelectRows(INSERTED_COLUMNS, rows, 3);
            await tx.$executeRawUnsafe(
              `INSERT INTO ledger_transaction (${input.into}) SELECT ${input.expressions.join(', ')} FROM ${input.from}`,
              change.organisationUuid,
              change.actorName,
              ...input.values,
            );
          }
          const unique = [...new Map(pairs.map((p) => [`${p.portfolioId}|${p.securityId}`, p])).values()];
          // Many portfolios at once (a corporate action's batch of holders): the import's statements, a fixed
          // number whatever the count, where one portfolio at a time is about ten statements each.
          if (new Set(unique.map((p) => p.portfolioId)).size > 1)
            await rederiveHoldingsInBulk(sqlOf(tx), change.organisationUuid, unique);
          else await rederiveHoldings(tx, change.organisationUuid, unique);
          await appendToOutbox(tx, change.events(await touchedOwners(tx, change.organisationUuid, earliest)));
          return uuids;
        },
        { maxWait: 10_000, timeout: 30_000 },
      );
    },
  };
}
export type LedgerStore = ReturnType<typeof createLedgerStore>;
