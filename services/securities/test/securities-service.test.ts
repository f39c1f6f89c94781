import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { identity, securities } from '@gains/proto';
import { demoOrganisation } from '@gains/service-kit';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsin, isValidSedol } from '../src/domain/security-codes';
import { londonToday } from '../src/domain/date-rules';
import { securitiesModule } from '../src/index';

// The securities service through its Connect API against a real PostgreSQL, with the full demo seed
// (five years of prices), so the seed's first-start cost is measured here too.
const PASSWORD = 'Fixture-pass-1!';
const ASHW = demoOrganisation('ASHW').uuid;
const BRKF = demoOrganisation('BRKF').uuid;
let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof securities.SecuritiesService>>;
let seedMs = 0;

async function as(email: string) {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  const started = performance.now();
  system = await startInProcessSystem({
    modules: { identity: identityModule, securities: securitiesModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  seedMs = performance.now() - started;
  api = createClient(securities.SecuritiesService, system.transports.securities);
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

describe('the demo seed', () => {
  it('when a fresh database starts, then ~300 securities with valid codes and five years of prices are seeded in seconds', async () => {
    const { rows } = await db.query('SELECT sedol, isin, asset_class FROM securities.security');
    expect(rows.length).toBe(300);
    expect(rows.every((r) => isValidSedol(r.sedol) && isValidIsin(r.isin))).toBe(true);
    const count = (c: string) => rows.filter((r) => r.asset_class === c).length;
    expect([count('GILT'), count('QUALIFYING_CORPORATE_BOND'), count('NON_REPORTING_OFFSHORE_FUND')]).toEqual([
      10, 2, 2,
    ]);
    const prices = await db.query(
      'SELECT count(*)::int AS n, min(date)::text AS first, max(date)::text AS last FROM securities.security_price',
    );
    expect(prices.rows[0].n).toBeGreaterThan(300 * 1200);
    expect(prices.rows[0].last < londonToday()).toBe(true);
    console.log(`system start with the demo seed: ${Math.round(seedMs)} ms, ${prices.rows[0].n} prices`);
    expect(seedMs).toBeLessThan(30_000);
  });

  it('when the split and takeover securities are read, then the price drops tenfold on the split day and the target stops', async () => {
    const split = await db.query(
      `SELECT date::text, price::float AS p FROM securities.security_price WHERE security_id = 4
        AND date BETWEEN '2024-05-09' AND '2024-05-14' ORDER BY date`,
    );
    const before = split.rows.find((r) => r.date === '2024-05-10')!.p;
    const after = split.rows.find((r) => r.date === '2024-05-13')!.p;
    expect(before / after).toBeGreaterThan(8);
    expect(before / after).toBeLessThan(12.5);
    const last = await db.query(`SELECT max(date)::text AS d FROM securities.security_price WHERE security_id = 8`);
    expect(last.rows[0].d).toBe('2025-09-12');
  });
});

describe('access', () => {
  it('when a member of another firm names ASHW, then the call is refused', async () => {
    const brook = await as('brook@gains.example');
    await expect(api.searchSecurities({ organisationUuid: ASHW, term: 'Tre' }, brook)).rejects.toMatchObject({
      code: Code.PermissionDenied,
    });
    const found = await api.searchSecurities({ organisationUuid: BRKF, term: 'Treasury' }, brook);
    expect(found.results.length).toBeGreaterThan(0);
  });

  it('when a non-admin asks for the admin grid or a provider-only call, then it is refused', async () => {
    const adviser = await as('adviser@gains.example');
    await expect(api.listSecurities({ organisationUuid: ASHW, page: 1, size: 10 }, adviser)).rejects.toBeInstanceOf(
      ConnectError,
    );
    const manager = await as('manager@gains.example');
    await expect(
      api.setPrice({ organisationUuid: ASHW, securityId: 1, date: '2025-01-02', price: '1' }, manager),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
  });
});
