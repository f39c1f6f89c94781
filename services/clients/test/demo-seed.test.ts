import type { RunningPostgres } from '@gains/db';
import { DEMO_CORPORATE_EVENTS } from '@gains/demo-data';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { demoOrganisation } from '@gains/service-kit';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsModule } from '../src/index';
import { seedDemoClients } from '../src/store/seed-demo';

// The demo seed against a real PostgreSQL: what it wrote agrees with itself (holdings with the ledger, values
// with holdings and latest prices), and a second run writes nothing.
let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
const ASHW = demoOrganisation('ASHW').uuid;

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  await db.query('SET search_path TO clients');
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

const one = async <T = Record<string, string>>(sql: string, params: unknown[] = []) =>
  (await db.query(sql, params)).rows[0] as T;

describe('the demo seed', () => {
  it('when the service starts on an empty schema, then every demo client has portfolios and Ashworth a ledger', async () => {
    const counts = await one(
      `SELECT (SELECT count(*) FROM client WHERE organisation_uuid = $1) AS clients,
              (SELECT count(DISTINCT po.client_id) FROM portfolio_owner po JOIN client c ON c.id = po.client_id
                WHERE c.organisation_uuid = $1) AS owners,
              (SELECT count(*) FROM ledger_transaction WHERE organisation_uuid = $1) AS transactions,
              (SELECT count(*) FROM security) AS securities,
              (SELECT count(*) FROM security WHERE price_gbp IS NOT NULL) AS priced`,
      [ASHW],
    );
    expect(Number(counts.clients)).toBe(1000);
    expect(Number(counts.owners)).toBe(1000);
    expect(Number(counts.transactions)).toBeGreaterThan(50_000);
    expect(Number(counts.securities)).toBe(300);
    expect(Number(counts.priced)).toBe(300);
  });

  it('when the holdings are derived again in SQL from the settled rows, then the stored quantities agree', async () => {
    // Plain buys and sales only (no corporate actions touched the security), summed in SQL, against holding.
    const { mismatches, compared } = await one<{ mismatches: string; compared: string }>(
      `WITH plain AS (
         SELECT t.portfolio_id, t.security_id,
                sum(CASE WHEN tt.direction = 'IN' THEN t.quantity WHEN tt.direction = 'OUT' THEN -t.quantity ELSE 0 END) AS q
           FROM ledger_transaction t JOIN transaction_type tt ON tt.id = t.type_id
          WHERE t.state = 'SETTLED' AND t.security_id NOT IN ($1, $2, $3)
          GROUP BY 1, 2)
       SELECT count(*) FILTER (WHERE h.quantity <> p.q AND NOT h.rec_break) AS mismatches, count(*) AS compared
         FROM plain p JOIN holding h USING (portfolio_id, security_id)`,
      [
        DEMO_CORPORATE_EVENTS.split.securityN,
        DEMO_CORPORATE_EVENTS.takeover.targetN,
        DEMO_CORPORATE_EVENTS.takeover.acquirerN,
      ],
    );
    expect(Number(compared)).toBeGreaterThan(1000);
    expect(Number(mismatches)).toBe(0);
  });

  it('when values are summed, then a portfolio is worth its holdings at the latest prices and a client their shares', async () => {
    const portfolios = await one(
      `SELECT count(*) AS n FROM portfolio p
        WHERE p.market_value <> (
          SELECT coalesce(sum(round(h.quantity * s.price_gbp *
                   CASE WHEN s.asset_class IN ('GILT', 'QUALIFYING_CORPORATE_BOND', 'OTHER_BOND') THEN 0.01 ELSE 1 END, 2)), 0)
            FROM holding h JOIN security s ON s.id = h.security_id WHERE h.portfolio_id = p.id)`,
    );
    expect(Number(portfolios.n)).toBe(0);
    const clients = await one(
      `SELECT count(*) AS n FROM client c
        WHERE c.market_value <> (
          SELECT coalesce(sum(round(p.market_value * po.percentage / 100, 2)), 0)
            FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id WHERE po.client_id = c.id)`,
    );
    expect(Number(clients.n)).toBe(0);
    const joint = await one(
      `SELECT count(*) AS n, count(*) FILTER (WHERE total <> 100) AS wrong
         FROM (SELECT portfolio_id, sum(percentage) AS total, count(*) AS owners FROM portfolio_owner GROUP BY 1) o
        WHERE owners = 2`,
    );
    expect(Number(joint.n)).toBeGreaterThan(20);
    expect(Number(joint.wrong)).toBe(0);
  });

  it('when a holder of the split and the takeover securities is read, then the corporate actions moved the holding', async () => {
    const { split, takeover } = DEMO_CORPORATE_EVENTS;
    const splitRows = await one(
      `SELECT count(*) AS n, min(ratio) AS ratio, min(trade_date)::text AS date FROM ledger_transaction t
         JOIN transaction_type tt ON tt.id = t.type_id WHERE tt.name = 'SPLIT' AND t.security_id = $1`,
      [split.securityN],
    );
    expect(Number(splitRows.n)).toBeGreaterThan(0);
    expect(splitRows.ratio).toBe('10:1');
    expect(splitRows.date).toBe(split.date);
    const takeovers = await db.query(
      `SELECT t.portfolio_id, t.quantity::text, t.new_security_id, t.consideration::text FROM ledger_transaction t
         JOIN transaction_type tt ON tt.id = t.type_id WHERE tt.name = 'TAKEOVER'`,
    );
    expect(takeovers.rows.length).toBeGreaterThan(0);
    for (const r of takeovers.rows) expect(r.new_security_id).toBe(takeover.acquirerN);
    const emptied = await one(
      `SELECT count(*) FILTER (WHERE quantity <> 0) AS held FROM holding WHERE security_id = $1`,
      [takeover.targetN],
    );
    expect(Number(emptied.held)).toBe(0);
  });

  it('when the rows that sell more than is held are read, then they are few, stored and flagged', async () => {
    const flagged = await one(
      `SELECT count(*) AS n FROM ledger_transaction WHERE cardinality(warnings) > 0 AND organisation_uuid = $1`,
      [ASHW],
    );
    const breaks = await one(`SELECT count(*) AS n FROM holding WHERE rec_break AND organisation_uuid = $1`, [ASHW]);
    expect(Number(flagged.n)).toBeGreaterThanOrEqual(3);
    expect(Number(flagged.n)).toBeLessThan(20);
    expect(Number(breaks.n)).toBe(Number(flagged.n));
  });

  it('when the seed runs again on a schema with clients, then it writes nothing', async () => {
    const pool = new pg.Pool({ connectionString: postgres.connectionString, options: '-c search_path=clients' });
    const { createClientsPrisma } = await import('../src/store/prisma');
    const prisma = createClientsPrisma(pool, 'clients');
    expect(await seedDemoClients(prisma, pool, { today: '2026-11-26' })).toBeUndefined();
    await prisma.$disconnect();
    await pool.end();
  });
});
