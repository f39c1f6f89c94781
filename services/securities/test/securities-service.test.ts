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
    // The USD fund's GBP price is its price times that day's rate, worked here from the two stored figures.
    const usd = await db.query(
      `SELECT p.price::text AS price, p.price_gbp::text AS gbp, f.gbp_per_unit::text AS rate
         FROM securities.security_price p JOIN securities.fx_rate f ON f.currency_code = 'USD' AND f.date = p.date
        WHERE p.security_id = 287 ORDER BY p.date DESC LIMIT 1`,
    );
    expect(Math.abs(Number(usd.rows[0].price) * Number(usd.rows[0].rate) - Number(usd.rows[0].gbp))).toBeLessThan(1e-7);
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

describe('events and audit', () => {
  it('when the provider creates a security and sets its price, then both events are in the outbox and both changes audited', async () => {
    const admin = await as('admin@gains.example');
    const { issuers } = await api.listIssuers({ organisationUuid: ASHW, term: 'HM Treasury' }, admin);
    const created = await api.saveSecurity(
      {
        organisationUuid: ASHW,
        id: 0,
        input: {
          sedol: '0263494',
          isin: 'GB0002634946',
          issuer: issuers[0]!.uuid,
          securityName: 'Event Test plc',
          reportingName: 'Event Test',
          currency: 'GBP',
          assetClass: 'EQUITY',
        },
      },
      admin,
    );
    expect(created.applied).toBe(true);
    const id = created.security!.id;
    const day = londonToday();
    await api.setPrice({ organisationUuid: ASHW, securityId: id, date: day, price: '4.20' }, admin);
    const subjects = (await db.query('SELECT subject FROM securities.outbox_event')).rows.map((r) => r.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['gains.securities.security.changed.v1', 'gains.securities.price.published.v1']),
    );
    const audit = await db.query(
      `SELECT entity_type, action, new_values FROM securities.audit_entry WHERE entity_id IN ($1, $2) ORDER BY id`,
      [String(id), `${id}|${day}`],
    );
    expect(audit.rows.map((r) => [r.entity_type, r.action])).toEqual([
      ['SECURITY', 'CREATE'],
      ['PRICE', 'CREATE'],
    ]);
    expect(audit.rows[1].new_values).toEqual({ price: '4.2', priceGbp: '4.2' });
  });

  it('when a customer admin proposes, then no event is written until a provider admin approves', async () => {
    const manager = await as('manager@gains.example');
    const before = (await db.query('SELECT count(*)::int AS n FROM securities.outbox_event')).rows[0].n;
    const proposal = await api.updateClassifications(
      { organisationUuid: ASHW, updates: [{ id: 1, status: 'SUSPENDED' }] },
      manager,
    );
    expect(proposal.applied).toBe(false);
    expect((await db.query('SELECT count(*)::int AS n FROM securities.outbox_event')).rows[0].n).toBe(before);
    const admin = await as('admin@gains.example');
    await api.approveStaticDataChange({ organisationUuid: ASHW, uuid: proposal.changes[0]!.uuid }, admin);
    expect((await db.query('SELECT count(*)::int AS n FROM securities.outbox_event')).rows[0].n).toBe(before + 1);
    expect((await db.query('SELECT status FROM securities.security WHERE id = 1')).rows[0].status).toBe('SUSPENDED');
  });
});

describe('two saves at once', () => {
  it('when two provider admins create securities with the same SEDOL at once, then one is stored and the other is ALREADY_EXISTS', async () => {
    const admin = await as('admin@gains.example');
    const { issuers } = await api.listIssuers({ organisationUuid: ASHW, term: 'HM Treasury' }, admin);
    // Apple's ISIN and another valid one; the SEDOL (BAE Systems') is shared.
    const save = (isin: string) =>
      api.saveSecurity(
        {
          organisationUuid: ASHW,
          id: 0,
          input: {
            sedol: '0798059',
            isin,
            issuer: issuers[0]!.uuid,
            securityName: `Race ${isin}`,
            reportingName: 'Race',
            currency: 'GBP',
            assetClass: 'EQUITY',
          },
        },
        admin,
      );
    const results = await Promise.allSettled([save('US0378331005'), save('US5949181045')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(ConnectError.from(failed.reason).code).toBe(Code.AlreadyExists);
  });
});
