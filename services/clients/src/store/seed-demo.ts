import crypto from 'node:crypto';
import { demoPriceBook, type DemoPriceBook } from '@gains/demo-data';
import { DEMO_CLIENT_COUNTS, DEMO_LARGE_COUNTS, DEMO_LARGE_ORGANISATION, demoOrganisation } from '@gains/service-kit';
import type pg from 'pg';
import { ledgerChangedEvent } from '../events/ledger-events';
import { generateDemoClients, type DemoClient } from '../domain/demo-clients';
import { valueDemoLedgers } from '../domain/demo-holdings';
import { generateLargeLedgers } from '../domain/demo-large-firm';
import { generateDemoLedgers, systemType, type DemoLedgers } from '../domain/demo-ledgers';
import { bulkInsert, textArray } from './bulk-insert';
import type { ClientsPrisma } from './prisma';

/** A stable uuid per name, so reseeding a fresh database gives the same ids. */
export function stableUuid(text: string): string {
  const h = crypto.createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const DEMO_FIRMS = [
  { code: 'ASHW', count: DEMO_CLIENT_COUNTS.ASHW, prefix: 'ASH', seed: 20260406 },
  { code: 'BRKF', count: DEMO_CLIENT_COUNTS.BRKF, prefix: 'BRK', seed: 20250406 },
  { code: 'CLVP', count: DEMO_CLIENT_COUNTS.CLVP, prefix: 'CLV', seed: 20240406 },
] as const;

export interface DemoSeedOptions {
  /** YYYY-MM-DD in London: the ledgers run to the day before, priced as the securities service prices them. */
  today: string;
}

/**
 * Seeds the demo firms' clients (full fields, addresses, families), portfolios, ledgers, tax overrides and
 * derived holdings, and the read model of the demo securities with their latest prices (normally fed by events),
 * into an empty clients schema; a schema with any client is left alone. Bulk inserts in one transaction.
 */
export async function seedDemoClients(
  prisma: ClientsPrisma,
  pool: pg.Pool,
  options: DemoSeedOptions,
): Promise<{ clients: number; portfolios: number; transactions: number; holdings: number; ms: number } | undefined> {
  if ((await prisma.client.count()) > 0) return undefined;
  const started = performance.now();
  const book = demoPriceBook(options.today);
  const db = await pool.connect();
  const totals = { clients: 0, portfolios: 0, transactions: 0, holdings: 0 };
  try {
    await db.query('BEGIN');
    await seedSecurityReadModel(db, book);
    const typeIds = await systemTypeIds(db);
    for (const firm of DEMO_FIRMS) {
      const organisationUuid = demoOrganisation(firm.code).uuid;
      const clients = generateDemoClients(firm.count, firm.prefix, firm.seed);
      const ledgers = generateDemoLedgers({ clients, prices: book, today: options.today, seed: firm.seed + 1 });
      const written = await writeFirm(db, { organisationUuid, firmCode: firm.code, clients, ledgers, book, typeIds });
      totals.clients += clients.length;
      totals.portfolios += ledgers.portfolios.length;
      totals.transactions += ledgers.transactions.length;
      totals.holdings += written.holdings;
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  } finally {
    db.release();
  }
  return { ...totals, ms: Math.round(performance.now() - started) };
}

const LARGE_BATCH = 5_000;

/**
 * Seeds the large demo firm (DEMO_LARGE_COUNTS) when it has no client yet: 5,000 clients at a time generated and
 * bulk inserted, holdings derived, all in one transaction (all or nothing). Some minutes.
 */
export async function seedLargeDemoFirm(
  pool: pg.Pool,
  options: DemoSeedOptions & { onBatch?: (done: number) => void },
): Promise<{ clients: number; portfolios: number; transactions: number; holdings: number; ms: number } | undefined> {
  const organisationUuid = DEMO_LARGE_ORGANISATION.uuid;
  const existing = await pool.query('SELECT 1 FROM client WHERE organisation_uuid = $1 LIMIT 1', [organisationUuid]);
  if (existing.rowCount) return undefined;
  const started = performance.now();
  const book = demoPriceBook(options.today);
  const db = await pool.connect();
  const totals = { clients: 0, portfolios: 0, transactions: 0, holdings: 0 };
  try {
    await db.query('BEGIN');
    if (!(await db.query('SELECT 1 FROM security LIMIT 1')).rowCount) await seedSecurityReadModel(db, book);
    const typeIds = await systemTypeIds(db);
    // Loading many rows: the secondary indexes of the two big tables are built once afterwards, much faster than
    // kept row by row (PostgreSQL's "Populating a Database"). Their definitions are read back, not repeated here.
    const rebuild = await dropSecondaryIndexes(db, ['client', 'ledger_transaction']);
    for (let first = 0; first < DEMO_LARGE_COUNTS.clients; first += LARGE_BATCH) {
      const count = Math.min(LARGE_BATCH, DEMO_LARGE_COUNTS.clients - first);
      const clients = generateDemoClients(count, 'LRG', 7_000_000 + first, { first: first + 1, width: 6 });
      const ledgers = generateLargeLedgers({
        clients,
        firstClient: first,
        firstPortfolio: totals.portfolios,
        prices: book,
        today: options.today,
        seed: 8_000_000 + first,
      });
      const written = await writeFirm(db, { organisationUuid, firmCode: 'LRGE', clients, ledgers, book, typeIds });
      totals.clients += clients.length;
      totals.portfolios += ledgers.portfolios.length;
      totals.transactions += ledgers.transactions.length;
      totals.holdings += written.holdings;
      options.onBatch?.(totals.clients);
    }
    for (const definition of rebuild) await db.query(definition);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  } finally {
    db.release();
  }
  await pool.query(
    'ANALYZE client; ANALYZE portfolio; ANALYZE portfolio_owner; ANALYZE ledger_transaction; ANALYZE holding',
  );
  return { ...totals, ms: Math.round(performance.now() - started) };
}

/** Drops the tables' indexes that back no constraint; answers the statements that create them again. */
async function dropSecondaryIndexes(db: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname
                          AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))`,
    [tables],
  );
  for (const r of rows) await db.query(`DROP INDEX "${r.name}"`);
  return rows.map((r) => r.definition);
}

/** The securities service's demo securities and their latest prices, as its events would have delivered them. */
export async function seedSecurityReadModel(db: pg.PoolClient, book: DemoPriceBook): Promise<void> {
  const issuers = new Map(book.issuers.map((i) => [i.key, i.name]));
  await bulkInsert(
    db,
    'security',
    [
      { name: 'id', type: 'int' },
      { name: 'sedol', type: 'text' },
      { name: 'isin', type: 'text' },
      { name: 'security_name', type: 'text' },
      { name: 'reporting_name', type: 'text' },
      { name: 'issuer_name', type: 'text' },
      { name: 'currency', type: 'text' },
      { name: 'asset_class', type: 'text' },
      { name: 'cgt_class', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'quantity_decimal_places', type: 'int' },
      { name: 'price_gbp', type: 'numeric' },
      { name: 'price_date', type: 'date' },
    ],
    book.securities.map((s) => {
      const latest = book.latest(s.n);
      return [
        s.n,
        s.sedol,
        s.isin,
        s.securityName,
        s.reportingName,
        issuers.get(s.issuerKey) ?? '',
        s.currency,
        s.assetClass,
        s.cgtClass,
        s.status,
        s.quantityDecimalPlaces,
        latest?.priceGbp ?? null,
        latest?.date ?? null,
      ];
    }),
  );
}

/** The ids of the system transaction types (the service seeds them at every start, before the demo). */
export async function systemTypeIds(db: pg.PoolClient): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM transaction_type WHERE organisation_uuid IS NULL',
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A UK tax year's annual exempt amount by the kind of client (2024-25 on): trusts half, companies none. */
function annualExemption(client: DemoClient): string | null {
  if (client.company) return null;
  return client.type === 'Trust' ? '1500.00' : '3000.00';
}

async function writeFirm(
  db: pg.PoolClient,
  firm: {
    organisationUuid: string;
    firmCode: string;
    clients: DemoClient[];
    ledgers: DemoLedgers;
    book: DemoPriceBook;
    typeIds: Map<string, number>;
  },
): Promise<{ holdings: number }> {
  const { organisationUuid, firmCode, clients, ledgers, book, typeIds } = firm;
  const valuation = valueDemoLedgers(
    ledgers,
    (type) => systemType(type).effect,
    (id) => {
      const latest = book.latest(id);
      return latest && { priceGbp: latest.priceGbp, assetClass: book.securities[id - 1]!.assetClass };
    },
  );
  const overrides = new Map<string, string>();
  for (const o of ledgers.taxOverrides) overrides.set(`${o.client}/${o.overrideType}`, o.amount);
  const clientUuid = clients.map((c) => stableUuid(`${firmCode}/${c.code}`));
  const typeId = (name: string) => {
    const id = typeIds.get(name);
    if (id === undefined) throw new Error(`the system transaction type ${name} is not seeded`);
    return id;
  };

  await bulkInsert(
    db,
    'client',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'organisation_uuid', sql: `'${organisationUuid}'::uuid` },
      { name: 'code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'reporting_name', type: 'text' },
      { name: 'salutation', type: 'text' },
      { name: 'first_name', type: 'text' },
      { name: 'middle_names', type: 'text' },
      { name: 'surname', type: 'text' },
      { name: 'date_of_birth', type: 'date' },
      { name: 'ni_number', type: 'text' },
      { name: 'unique_tax_payer_reference', type: 'text' },
      { name: 'deceased', type: 'boolean' },
      { name: 'date_deceased', type: 'date' },
      { name: 'company', type: 'boolean' },
      { name: 'relationship_manager', type: 'text' },
      { name: 'relationship_manager_code', type: 'text' },
      { name: 'type', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'inactive', type: 'boolean' },
      { name: 'email', type: 'text' },
      { name: 'telephone', type: 'text' },
      { name: 'mobile', type: 'text' },
      { name: 'family_group', type: 'text' },
      { name: 'annual_exemption', type: 'numeric' },
      { name: 'brought_forward_loss', type: 'numeric' },
      { name: 'market_value', type: 'numeric' },
      { name: 'holding_breaks', type: 'int' },
      { name: 'created_by', sql: `'Demo data'` },
      { name: 'updated_by', sql: `'Demo data'` },
      { name: 'updated_at', sql: 'now()' },
    ],
    clients.map((c, i) => {
      const loss = overrides.get(`${i}/BROUGHT_FORWARD_LOSS`);
      return [
        clientUuid[i],
        c.code,
        c.name,
        c.reportingName,
        c.salutation,
        c.firstName,
        c.middleNames,
        c.surname,
        c.dateOfBirth,
        c.niNumber,
        c.uniqueTaxPayerReference,
        c.deceased,
        c.dateDeceased,
        c.company,
        c.relationshipManager,
        c.relationshipManagerCode,
        c.type,
        c.state,
        c.inactive,
        c.email,
        c.telephone,
        c.mobile,
        c.familyGroup,
        overrides.get(`${i}/ANNUAL_EXEMPTION`) ?? annualExemption(c),
        // The grid shows losses as negative figures.
        loss ? `-${loss}` : null,
        valuation.clientValues.get(i) ?? '0.00',
        valuation.clientRecBreaks.get(i) ?? 0,
      ];
    }),
  );
  const clientIds = await idsByUuid(db, 'client', clientUuid);
  const clientId = (i: number) => clientIds.get(clientUuid[i]!)!;

  await bulkInsert(
    db,
    'address',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'client_id', type: 'int' },
      { name: 'type_code', type: 'text' },
      { name: 'line1', type: 'text' },
      { name: 'line2', type: 'text' },
      { name: 'town', type: 'text' },
      { name: 'county', type: 'text' },
      { name: 'postcode', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'primary_tax_copy', type: 'boolean' },
    ],
    clients.flatMap((c, i) =>
      c.addresses.map((a, k) => [
        stableUuid(`${firmCode}/${c.code}/address/${k}`),
        clientId(i),
        c.company || c.type === 'Trust' ? 'CORRESPONDENCE' : 'HOME',
        a.line1,
        a.line2,
        a.town,
        a.county,
        a.postcode,
        a.status,
        a.primaryTaxCopy,
      ]),
    ),
  );

  // Each of a couple holds the relationship (SPOUSE both ways); a parent holds CHILD, the child PARENT.
  const relationships = clients.flatMap((c, i) => {
    if (!c.family) return [];
    const [forward, back] = c.family.kind === 'SPOUSE' ? ['SPOUSE', 'SPOUSE'] : ['CHILD', 'PARENT'];
    return [
      [stableUuid(`${firmCode}/${c.code}/rel/0`), clientId(c.family.of), clientId(i), forward, c.family.since],
      [stableUuid(`${firmCode}/${c.code}/rel/1`), clientId(i), clientId(c.family.of), back, c.family.since],
    ];
  });
  await bulkInsert(
    db,
    'relationship',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'parent_client_id', type: 'int' },
      { name: 'child_client_id', type: 'int' },
      { name: 'type_code', type: 'text' },
      { name: 'start_date', type: 'date' },
    ],
    relationships,
  );

  await bulkInsert(
    db,
    'tax_override',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'client_id', type: 'int' },
      { name: 'tax_year', type: 'text' },
      { name: 'override_type', type: 'text' },
      { name: 'amount', type: 'numeric' },
      { name: 'percentage', type: 'numeric' },
      { name: 'rollover', type: 'boolean' },
      { name: 'notes', type: 'text' },
      { name: 'created_by', sql: `'Demo data'` },
    ],
    ledgers.taxOverrides.map((o) => [
      stableUuid(`${firmCode}/${clients[o.client]!.code}/override/${o.taxYear}/${o.overrideType}`),
      clientId(o.client),
      o.taxYear,
      o.overrideType,
      o.amount,
      o.percentage,
      o.rollover,
      o.notes,
    ]),
  );

  const portfolioUuid = ledgers.portfolios.map((p) => stableUuid(`${firmCode}/portfolio/${p.code}`));
  await bulkInsert(
    db,
    'portfolio',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'organisation_uuid', sql: `'${organisationUuid}'::uuid` },
      { name: 'code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'type', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'tax_wrapper', type: 'text' },
      { name: 'market_value', type: 'numeric' },
      { name: 'rec_breaks', type: 'int' },
      { name: 'created_by', sql: `'Demo data'` },
      { name: 'updated_by', sql: `'Demo data'` },
      { name: 'updated_at', sql: 'now()' },
    ],
    ledgers.portfolios.map((p, i) => [
      portfolioUuid[i],
      p.code,
      p.name,
      p.type,
      p.state,
      p.taxWrapper,
      valuation.portfolioValues[i],
      valuation.portfolioRecBreaks[i],
    ]),
  );
  const portfolioIds = await idsByUuid(db, 'portfolio', portfolioUuid);
  const portfolioId = (i: number) => portfolioIds.get(portfolioUuid[i]!)!;
  await bulkInsert(
    db,
    'portfolio_owner',
    [
      { name: 'portfolio_id', type: 'int' },
      { name: 'client_id', type: 'int' },
      { name: 'percentage', type: 'numeric' },
    ],
    ledgers.portfolios.flatMap((p, i) => p.owners.map((o) => [portfolioId(i), clientId(o.client), o.percentage])),
  );

  await bulkInsert(
    db,
    'ledger_transaction',
    [
      { name: 'uuid', type: 'uuid' },
      { name: 'organisation_uuid', sql: `'${organisationUuid}'::uuid` },
      { name: 'portfolio_id', type: 'int' },
      { name: 'portfolio_code', type: 'text' },
      { name: 'security_id', type: 'int' },
      { name: 'security_code', type: 'text' },
      { name: 'transaction_code', type: 'text' },
      { name: 'type_id', type: 'int' },
      { name: 'state', type: 'text' },
      { name: 'trade_date', type: 'date' },
      { name: 'ex_date', type: 'date' },
      { name: 'pay_date', type: 'date' },
      // c8, c13, c14: the trade date, consideration and expenses (sterling rows: the GBP figures are the same).
      { name: 'report_date', sql: 'c8' },
      { name: 'quantity', type: 'numeric' },
      { name: 'price', type: 'numeric' },
      { name: 'consideration', type: 'numeric' },
      { name: 'expenses', type: 'numeric' },
      { name: 'consideration_gbp', sql: 'c13' },
      { name: 'expenses_gbp', sql: 'c14' },
      { name: 'original_acquisition_date', type: 'date' },
      { name: 'counterparty_client_uuid', type: 'uuid' },
      { name: 'counterparty_name', type: 'text' },
      { name: 'holdover_relief_claimed', type: 'numeric' },
      { name: 'new_security_id', type: 'int' },
      { name: 'market_value', type: 'numeric' },
      { name: 'ratio', type: 'text' },
      { name: 'income_type', type: 'text' },
      { name: 'source', type: 'text' },
      { name: 'source_ref', type: 'text' },
      { name: 'notes', type: 'text' },
      { name: 'warnings', type: 'text', expr: textArray('|') },
      { name: 'created_by', sql: `'Demo data'` },
      { name: 'updated_by', sql: `'Demo data'` },
      { name: 'updated_at', sql: 'now()' },
    ],
    ledgers.transactions.map((t, i) => {
      const portfolio = ledgers.portfolios[t.portfolio]!;
      return [
        stableUuid(`${firmCode}/tx/${portfolio.code}/${i}`),
        portfolioId(t.portfolio),
        portfolio.code,
        t.securityId,
        book.securities[t.securityId - 1]!.sedol,
        `${portfolio.code}-T${String(i + 1).padStart(6, '0')}`,
        typeId(t.type),
        t.state,
        t.tradeDate,
        t.exDate,
        t.payDate,
        t.quantity,
        t.price,
        t.consideration,
        t.expenses,
        t.originalAcquisitionDate,
        t.counterpartyClient === null ? null : clientUuid[t.counterpartyClient],
        t.counterpartyName,
        t.holdoverReliefClaimed,
        t.newSecurityId,
        t.marketValue,
        t.ratio,
        t.incomeType,
        t.source,
        t.sourceRef,
        t.notes,
        valuation.warnings[i]!.join('|'),
      ];
    }),
  );

  await bulkInsert(
    db,
    'holding',
    [
      { name: 'portfolio_id', type: 'int' },
      { name: 'security_id', type: 'int' },
      { name: 'organisation_uuid', sql: `'${organisationUuid}'::uuid` },
      { name: 'quantity', type: 'numeric' },
      { name: 'rec_break', type: 'boolean' },
      { name: 'transaction_count', type: 'int' },
      { name: 'last_transaction_date', type: 'date' },
      { name: 'calculation_status', type: 'text' },
    ],
    valuation.holdings.map((h) => [
      portfolioId(h.portfolio),
      h.securityId,
      h.quantity,
      h.recBreak,
      h.transactionCount,
      h.lastTransactionDate,
      // ISAs are outside CGT: valued, never computed.
      ledgers.portfolios[h.portfolio]!.taxWrapper === 'ISA' ? 'EXCLUDED' : 'PENDING',
    ]),
  );
  return { holdings: valuation.holdings.length };
}

async function idsByUuid(db: pg.PoolClient, table: 'client' | 'portfolio', uuids: string[]) {
  const { rows } = await db.query<{ id: number; uuid: string }>(
    `SELECT id, uuid FROM ${table} WHERE uuid = ANY($1::uuid[])`,
    [uuids],
  );
  return new Map(rows.map((r) => [r.uuid, r.id]));
}

/**
 * One ledger.changed (reason SEED) per demo client with a ledger, in the outbox: the tax engine then computes the
 * demo's figures as it would after any change. Asked for by the embedded run (GAINS_DEMO_RECALCULATE=1) only, so
 * tests that seed the demo are not followed by a thousand background runs.
 */
export async function announceDemoLedgers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ organisationUuid: string; clientUuid: string; earliestDate: string }>(
    `SELECT c.organisation_uuid::text AS "organisationUuid", c.uuid::text AS "clientUuid",
            min(t.trade_date)::text AS "earliestDate"
       FROM client c JOIN portfolio_owner po ON po.client_id = c.id
       JOIN ledger_transaction t ON t.portfolio_id = po.portfolio_id
      GROUP BY c.organisation_uuid, c.uuid, c.code
      ORDER BY c.organisation_uuid, c.code`,
  );
  const outbox = rows.map((r) => ledgerChangedEvent({ ...r, reason: 'SEED' }));
  for (let start = 0; start < outbox.length; start += 1_000) {
    const part = outbox.slice(start, start + 1_000);
    // A millisecond apart, so the relay (created_at order) publishes them, and the engine computes them, by code.
    await pool.query(
      `INSERT INTO outbox_event (id, subject, payload, trace_parent, created_at)
       SELECT i, s, decode(p, 'hex'), t, now() + (($5::int + n) * interval '1 millisecond')
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(i, s, p, t, n)`,
      [
        part.map((e) => e.id),
        part.map((e) => e.subject),
        part.map((e) => Buffer.from(e.payload).toString('hex')),
        part.map((e) => e.traceParent ?? null),
        start,
      ],
    );
  }
  return outbox.length;
}
