import crypto from 'node:crypto';
import type pg from 'pg';
import type { OutboxEvent } from '@gains/outbox';
import type { ClientRecord } from '../domain/client-record';
import { canonicalDecimal } from '../domain/decimal-rules';
import type { PreparedClient } from '../domain/import-client-rules';
import type { PortfolioImportLookups, PreparedPortfolio, StoredPortfolio } from '../domain/import-portfolio-rules';
import { calculationStatusFor } from '../domain/portfolio-rules';
import { columnsOf, FULL, toRecord } from './client-record-store';
import type { ClientsPrisma } from './prisma';

/**
 * The clients and portfolios imports' reads (the organisation's records a file names, loaded once per file) and
 * writes (through the job's pg transaction, so a file is written with its job's chunk or not at all). A write keeps
 * what the forms' saves keep: the client's columns as client maintenance writes them (columnsOf), a portfolio's
 * owners and its holdings' calculation status.
 */

// Prisma's field names are the columns' names in camel case (imsCode: ims_code).
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function sqlValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10); // date columns: the day as written
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

// The client columns that are dates or JSON; the others are bool when their value is (never null), else text.
const DATE_COLUMNS = new Set([
  'dateOfBirth',
  'dateDeceased',
  'probateCompletedDate',
  'reportingRestrictionFrom',
  'endDate',
]);
const columnType = (name: string, sample: unknown) =>
  DATE_COLUMNS.has(name)
    ? 'date'
    : name === 'reportTypeMappings'
      ? 'jsonb'
      : typeof sample === 'boolean'
        ? 'bool'
        : 'text';
/** Rows a statement writes at most (unnest arrays of this length for each of about 45 columns). */
const WRITE_BATCH = 5_000;

const upperCodes = (codes: readonly string[]) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];

export function createImportMasterStore(prisma: ClientsPrisma) {
  return {
    /** The organisation's clients of these codes (any case), by code in upper case. */
    async clientsByCode(organisationUuid: string, codes: readonly string[]): Promise<Map<string, ClientRecord>> {
      const upper = upperCodes(codes);
      if (upper.length === 0) return new Map();
      const ids = await prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM client WHERE organisation_uuid = ${organisationUuid}::uuid AND upper(code) = ANY(${upper}::text[])`;
      const rows = await prisma.client.findMany({
        where: { organisationUuid, id: { in: ids.map((r) => r.id) } },
        include: FULL,
      });
      return new Map(rows.map((r) => [r.code.toUpperCase(), toRecord(r, null)]));
    },

    /** What a portfolios file is checked against: its portfolios and owners, and whose codes are another firm's. */
    async portfolioLookups(
      organisationUuid: string,
      portfolioCodes: readonly string[],
      ownerCodes: readonly string[],
    ): Promise<PortfolioImportLookups> {
      const codes = upperCodes(portfolioCodes);
      const stored = await prisma.$queryRaw<Omit<StoredPortfolio, 'owners'>[]>`
        SELECT id, uuid::text AS uuid, version, code, name, type, state, currency, tax_wrapper AS "taxWrapper"
          FROM portfolio WHERE organisation_uuid = ${organisationUuid}::uuid AND upper(code) = ANY(${codes}::text[])`;
      const owners = await prisma.$queryRaw<
        { portfolioId: number; id: number; uuid: string; code: string; percentage: string }[]
      >`
        SELECT o.portfolio_id AS "portfolioId", c.id, c.uuid::text AS uuid, c.code, o.percentage::text AS percentage
          FROM portfolio_owner o JOIN client c ON c.id = o.client_id
         WHERE o.portfolio_id = ANY(${stored.map((p) => p.id)}::int[]) AND c.organisation_uuid = ${organisationUuid}::uuid`;
      const portfolios = new Map<string, StoredPortfolio>();
      for (const p of stored) {
        portfolios.set(p.code.toUpperCase(), {
          ...p,
          owners: owners
            .filter((o) => o.portfolioId === p.id)
            .map((o) => ({ clientUuid: o.uuid, percentage: canonicalDecimal(o.percentage) })),
        });
      }
      const unknownPortfolios = codes.filter((c) => !portfolios.has(c));
      const foreignPortfolios = await prisma.$queryRaw<{ code: string }[]>`
        SELECT DISTINCT upper(code) AS code FROM portfolio
         WHERE organisation_uuid <> ${organisationUuid}::uuid AND upper(code) = ANY(${unknownPortfolios}::text[])`;
      const wanted = upperCodes(ownerCodes);
      const found = await prisma.$queryRaw<{ id: number; uuid: string; code: string }[]>`
        SELECT id, uuid::text AS uuid, code FROM client
         WHERE organisation_uuid = ${organisationUuid}::uuid AND upper(code) = ANY(${wanted}::text[])`;
      const clients = new Map<string, { id: number; uuid: string; code: string }>();
      // The stored owners too: a row that leaves its owners out keeps them.
      for (const c of [...found, ...owners])
        clients.set(c.code.toUpperCase(), { id: c.id, uuid: c.uuid, code: c.code });
      const unknownClients = wanted.filter((c) => !clients.has(c));
      const foreignClients = await prisma.$queryRaw<{ code: string }[]>`
        SELECT DISTINCT upper(code) AS code FROM client
         WHERE organisation_uuid <> ${organisationUuid}::uuid AND upper(code) = ANY(${unknownClients}::text[])`;
      return {
        portfolios,
        foreignPortfolios: new Set(foreignPortfolios.map((r) => r.code)),
        clients,
        foreignClients: new Set(foreignClients.map((r) => r.code)),
      };
    },

    /**
     * Creates the new clients and updates the changed ones (their columns only; nested lists stay): one statement
     * each for all the new and all the changed (unnest of a column array each), so a firm's whole clients file is
     * written well inside the job's lease.
     */
    async writeClients(
      db: pg.ClientBase,
      organisationUuid: string,
      clients: readonly PreparedClient[],
      actor: string,
    ): Promise<void> {
      if (clients.length === 0) return;
      const rows = clients.map((p) => columnsOf(p.client) as Record<string, unknown>);
      const names = Object.keys(rows[0]!);
      const types = names.map((n) => columnType(n, rows[0]![n]));
      const arrays = (part: Record<string, unknown>[]) => names.map((n) => part.map((r) => sqlValue(r[n])));
      const fresh = rows.filter((_, i) => clients[i]!.existingId === null);
      const changed = clients.filter((p) => p.existingId !== null);
      for (let start = 0; start < fresh.length; start += WRITE_BATCH) {
        const part = fresh.slice(start, start + WRITE_BATCH);
        await db.query(
          `INSERT INTO client (uuid, organisation_uuid, created_by, updated_by, updated_at, ${names.map(snake).join(', ')})
           SELECT gen_random_uuid(), $1, $2, $2, now(), ${names.map((_, i) => `u.c${i}`).join(', ')}
             FROM unnest(${types.map((t, i) => `$${i + 3}::${t}[]`).join(', ')}) AS u(${names.map((_, i) => `c${i}`).join(', ')})`,
          [organisationUuid, actor, ...arrays(part)],
        );
      }
      for (let start = 0; start < changed.length; start += WRITE_BATCH) {
        const part = changed.slice(start, start + WRITE_BATCH);
        await db.query(
          `UPDATE client c SET ${names.map((n, i) => `${snake(n)} = u.c${i}`).join(', ')},
                  updated_by = $2, updated_at = now(), version = c.version + 1
             FROM unnest($3::int[], ${types.map((t, i) => `$${i + 4}::${t}[]`).join(', ')})
                  AS u(id, ${names.map((_, i) => `c${i}`).join(', ')})
            WHERE c.id = u.id AND c.organisation_uuid = $1`,
          [
            organisationUuid,
            actor,
            part.map((p) => p.existingId),
            ...arrays(part.map((p) => columnsOf(p.client) as Record<string, unknown>)),
          ],
        );
      }
    },

    /**
     * Creates the new portfolios and updates the changed ones with their owners, and each one's holdings'
     * calculation status (into ISA or pension: EXCLUDED; out of one: PENDING again), as the form's save does.
     */
    async writePortfolios(
      db: pg.ClientBase,
      organisationUuid: string,
      portfolios: readonly PreparedPortfolio[],
      actor: string,
    ): Promise<void> {
      for (const p of portfolios) {
        const f = p.portfolio;
        const fields = [f.code, f.name, f.type, f.state, f.currency, f.taxWrapper];
        let id: number;
        if (p.existing) {
          id = p.existing.id;
          await db.query(
            `UPDATE portfolio SET code = $3, name = $4, type = $5, state = $6, currency = $7, tax_wrapper = $8,
                    updated_by = $9, updated_at = now(), version = version + 1
              WHERE id = $1 AND organisation_uuid = $2`,
            [id, organisationUuid, ...fields, actor],
          );
          await db.query('DELETE FROM portfolio_owner WHERE portfolio_id = $1', [id]);
          const status = calculationStatusFor(f.taxWrapper);
          await db.query(
            `UPDATE holding SET calculation_status = $3
              WHERE organisation_uuid = $1 AND portfolio_id = $2 AND ($3 = 'EXCLUDED' OR calculation_status = 'EXCLUDED')`,
            [organisationUuid, id, status],
          );
        } else {
          const { rows } = await db.query<{ id: number }>(
            `INSERT INTO portfolio (uuid, organisation_uuid, code, name, type, state, currency, tax_wrapper,
                                    created_by, updated_by, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, now()) RETURNING id`,
            [crypto.randomUUID(), organisationUuid, ...fields, actor],
          );
          id = rows[0]!.id;
        }
        await db.query(
          `INSERT INTO portfolio_owner (portfolio_id, client_id, percentage)
           SELECT $1, c, p FROM unnest($2::int[], $3::numeric[]) AS u(c, p)`,
          [id, f.owners.map((o) => p.ownerIds.get(o.clientUuid)!), f.owners.map((o) => o.percentage)],
        );
      }
    },

    /** The earliest trade date of each of these portfolios that has a ledger. */
    async earliestTradeDates(db: pg.ClientBase, organisationUuid: string, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<{ id: number; date: string }>(
        `SELECT portfolio_id AS id, to_char(min(trade_date), 'YYYY-MM-DD') AS date FROM ledger_transaction
          WHERE organisation_uuid = $1 AND portfolio_id = ANY($2::int[]) GROUP BY portfolio_id`,
        [organisationUuid, ids],
      );
      return new Map(rows.map((r) => [r.id, r.date]));
    },

    async appendEvents(db: pg.ClientBase, events: readonly OutboxEvent[]): Promise<void> {
      if (events.length === 0) return;
      await db.query(
        `INSERT INTO outbox_event (id, subject, payload, trace_parent)
         SELECT i, s, decode(p, 'hex'), t FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS u(i, s, p, t)`,
        [
          events.map((e) => e.id),
          events.map((e) => e.subject),
          events.map((e) => Buffer.from(e.payload).toString('hex')),
          events.map((e) => e.traceParent ?? null),
        ],
      );
    },

    /** The task's counts once its rows are written. */
    async countIn(db: pg.ClientBase, taskId: number, posted: number, skipped: number): Promise<void> {
      await db.query(
        'UPDATE import_task SET rows_posted = $2, rows_skipped = $3, cursor = $2::int + $3::int WHERE id = $1',
        [taskId, posted, skipped],
      );
    },
  };
}
export type ImportMasterStore = ReturnType<typeof createImportMasterStore>;
