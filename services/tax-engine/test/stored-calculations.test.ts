import crypto from 'node:crypto';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { calculations, events, identity, ledger } from '@gains/proto';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The clients and securities services are reached by path: the engine does not depend on them, its tests run them.
import { clientsModule } from '../../clients/src/index';
import { securitiesModule } from '../../securities/src/index';
import { CALCULATION_COMPLETED, TAX_ENGINE_JOB_CHANGED } from '../src/events/calculation-events';
import { taxEngineModule } from '../src/index';

// Stored calculations end to end in process, on a real PostgreSQL: ledger rows written in the clients schema and
// announced by gains.clients.ledger.changed.v1 through the clients outbox, the engine queueing, loading the ledger
// over Connect as its own service identity, computing and storing runs. Every figure is worked by hand below.
const PASSWORD = 'Stored-calc-1!';
const SECRET = 'stored-calculations-test-secret';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const SECURITY = 900101;

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof calculations.CalculationsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'manager' | 'adviser' | 'brook' | 'admin', Options>;

const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
// The current tax year starts on 6 April of this year (or last year before then): the sale is on its first day.
const [ty, tm, td] = london.split('-').map(Number) as [number, number, number];
const START_YEAR = tm > 4 || (tm === 4 && td >= 6) ? ty : ty - 1;
const SALE_DATE = `${START_YEAR}-04-06`;
const BUY_DATE = `${START_YEAR - 1}-05-01`;

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

async function refusal(call: Promise<unknown>): Promise<Code | undefined> {
  return call.then(
    () => undefined,
    (e: unknown) => ConnectError.from(e).code,
  );
}

let clientSeq = 0;
/** A client of the firm with one GIA portfolio (100% owned); answers its uuid and the portfolio's id. */
async function newClient(
  org = ASHW,
  type = 'INDIVIDUAL',
): Promise<{ uuid: string; portfolioId: number; code: string }> {
  clientSeq += 1;
  const uuid = crypto.randomUUID();
  const code = `ZC${String(clientSeq).padStart(3, '0')}`;
  const {
    rows: [client],
  } = await db.query(
    `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'LIVE', now()) RETURNING id`,
    [uuid, org, code, `Calc ${code}`, type],
  );
  const {
    rows: [portfolio],
  } = await db.query(
    `INSERT INTO clients.portfolio (uuid, organisation_uuid, code, name, updated_at)
     VALUES ($1, $2, $3, $3, now()) RETURNING id`,
    [crypto.randomUUID(), org, `P${code}`],
  );
  await db.query(`INSERT INTO clients.portfolio_owner (portfolio_id, client_id, percentage) VALUES ($1, $2, 100)`, [
    portfolio.id,
    client.id,
  ]);
  return { uuid, portfolioId: portfolio.id, code };
}

/** A settled GBP row of a system type; answers its uuid. */
async function row(
  org: string,
  portfolioId: number,
  type: string,
  date: string,
  quantity: string,
  consideration: string,
): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.query(
    `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, security_id, security_code, type_id,
       trade_date, report_date, quantity, consideration, consideration_gbp, updated_at)
     VALUES ($1, $2, $3, $4, 'ZCALC01',
       (SELECT id FROM clients.transaction_type WHERE name = $5 AND organisation_uuid IS NULL), $6, $6, $7, $8, $8, now())`,
    [uuid, org, portfolioId, SECURITY, type, date, quantity, consideration],
  );
  return uuid;
}

/** Announces ledger changes as the clients service does: LedgerChanged events in its outbox, then published. */
async function announce(org: string, clientUuid: string, times = 1) {
  for (let i = 0; i < times; i += 1) {
    const payload = toBinary(
      events.LedgerChangedSchema,
      create(events.LedgerChangedSchema, { organisationUuid: org, clientUuid, earliestDate: BUY_DATE, reason: 'POST' }),
    );
    await db.query(`INSERT INTO clients.outbox_event (id, subject, payload) VALUES ($1, $2, $3)`, [
      crypto.randomUUID(),
      'gains.clients.ledger.changed.v1',
      Buffer.from(payload),
    ]);
  }
  await system.flushEvents();
}

/** Waits until the engine's queue is empty and nothing is leased, then a moment more for runs in flight. */
async function settled(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM tax_engine.recalculation_queue`);
    if (rows[0].n === 0) return;
    if (Date.now() > until) throw new Error('the recalculation queue did not empty');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runsOf(clientUuid: string) {
  const { rows } = await db.query(
    `SELECT id::text, status, ledger_version::text AS version, message FROM tax_engine.calculation_run
     WHERE client_uuid = $1 ORDER BY finished_at`,
    [clientUuid],
  );
  return rows as { id: string; status: string; version: string; message: string }[];
}

async function completedEvents(clientUuid: string) {
  const { rows } = await db.query(
    `SELECT payload FROM tax_engine.outbox_event WHERE subject = $1 ORDER BY created_at`,
    [CALCULATION_COMPLETED],
  );
  return rows
    .map((r) => fromBinary(events.CalculationCompletedSchema, r.payload))
    .filter((e) => e.clientUuid === clientUuid);
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: {
      identity: identityModule,
      securities: securitiesModule,
      clients: clientsModule,
      'tax-engine': taxEngineModule,
    },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: {
      ...process.env,
      GAINS_DEMO_PASSWORD: PASSWORD,
      GAINS_DEMO_PRICE_DAYS: '5',
      GAINS_TAX_ENGINE_WORKERS: '2',
      GAINS_SERVICE_TOKEN_SECRET: SECRET,
    },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
     VALUES (${SECURITY}, 'ZCALC01', 'GB00ZCALC011', 'Calc plc', 'Calc', 'GBP', 'ACTIVE', 5.00, '${SALE_DATE}')`,
  );
  api = createClient(calculations.CalculationsService, system.transports['tax-engine']);
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  as.brook = await tokenFor('brook@gains.example');
  await settled(180_000);
}, 300_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

describe('stored calculations', () => {
  it('when a client buys and sells, then the stored run publishes the hand-worked figures for the client, holding and sale', async () => {
    const client = await newClient();
    await row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '1000', '4000.00');
    const sale = await row(ASHW, client.portfolioId, 'SELL', SALE_DATE, '400', '2000.00');
    await announce(ASHW, client.uuid);
    await settled();

    const runs = await runsOf(client.uuid);
    expect(runs.map((r) => r.status)).toEqual(['SUCCEEDED']);
    const [event] = await completedEvents(client.uuid);
    // The pool: 1,000 shares for £4,000.00. The sale of 400 takes 400/1,000 of the cost: £1,600.00 against proceeds
    // of £2,000.00, a gain of £400.00, in the current tax year. Left: 600 shares costing £2,400.00 (£4.0000 each),
    // worth 600 x £5.00 = £3,000.00, unrealised £3,000.00 - £2,400.00 = £600.00. The exempt amount (£3,000.00 from
    // 2024-25) less the £400.00 gain leaves £2,600.00.
    expect(event!.status).toBe('SUCCEEDED');
    expect(event!.client).toMatchObject({
      ytdCapitalGainLoss: '400.00',
      ytdIncomeGain: '0.00',
      unrealisedCapitalGainLoss: '600.00',
      marketValue: '3000.00',
      annualExemption: '3000.00',
      annualExemptionRemaining: '2600.00',
      calculationFailures: 0,
    });
    expect(event!.holdings.map((h) => [h.securityId, h.quantity, h.cgtCost, h.averageCost, h.marketValue])).toEqual([
      [SECURITY, '600', '2400.00', '4.0000', '3000.00'],
    ]);
    expect(event!.holdings[0]!.calculationStatus).toBe('SUCCEEDED');
    expect(event!.portfolios[0]).toMatchObject({ ytdCapitalGainLoss: '400.00', unrealisedCapitalGainLoss: '600.00' });
    expect(event!.transactions).toEqual([
      expect.objectContaining({
        transactionUuid: sale,
        proceeds: '2000.00',
        cgtCost: '1600.00',
        capitalGainLoss: '400.00',
      }),
    ]);

    // The run as the Calculations page reads it: the same gain, with its match against the pool.
    const run = await api.getRun({ organisationUuid: ASHW, id: runs[0]!.id }, as.manager);
    const calc = JSON.parse(run.ledgerCalculationJson);
    const disposal = calc.computation.taxYears.find((y: { disposals: unknown[] }) => y.disposals.length).disposals[0];
    expect([disposal.gain, disposal.matches[0].rule, disposal.poolAfter.cost]).toEqual([
      '400.00',
      'section-104',
      '2400.00',
    ]);

    // The ledger as `pnpm cgt` reads it, with the arguments that give the same figures.
    const csv = await api.getLedgerCsv({ organisationUuid: ASHW, clientUuid: client.uuid }, as.manager);
    expect(csv.csv.split('\n')[0]).toBe(
      'date,type,security,quantity,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref',
    );
    expect(csv.csv).toContain(`${SALE_DATE},SELL,ZCALC01,400,2000,,P${client.code},,,,,,,,,${sale}`);
    expect(csv.cgtArgs).toEqual(['--taxpayer', 'individual']);
    expect(csv.pricesCsv).toBe('security,price\nZCALC01,5\n');

    const status = await api.getCalculationStatus({ organisationUuid: ASHW, clientUuid: client.uuid }, as.adviser);
    expect([status.status, status.queued, status.latestRun?.id]).toEqual(['SUCCEEDED', false, runs[0]!.id]);
  });

  it('when a trust has no disposal this year, then its AE is the full trust amount and the earlier loss is brought forward', async () => {
    const trust = await newClient(ASHW, 'TRUST');
    const vulnerable = await newClient(ASHW, 'VULNERABLE_TRUST');
    for (const client of [trust, vulnerable]) {
      await row(ASHW, client.portfolioId, 'BUY', `${START_YEAR - 3}-05-01`, '1000', '4000.00');
      await row(ASHW, client.portfolioId, 'SELL', `${START_YEAR - 2}-06-01`, '400', '1000.00');
      await announce(ASHW, client.uuid);
    }
    await settled();
    // Two years ago: 400 of 1,000 costing £4,000.00 sold for £1,000.00, a loss of £1,000.00 - £1,600.00 = £600.00,
    // carried forward unused. This year nothing is sold: the whole exempt amount is left (a trust half an
    // individual's £3,000.00, a trust for a vulnerable beneficiary all of it) and the £600.00 comes in unused.
    const [trustRun] = await completedEvents(trust.uuid);
    expect(trustRun!.client).toMatchObject({
      ytdCapitalGainLoss: '0.00',
      annualExemption: '1500.00',
      annualExemptionRemaining: '1500.00',
      broughtForwardLoss: '600.00',
      unusedBroughtForwardLoss: '600.00',
    });
    expect(trustRun!.portfolios[0]).toMatchObject({ holdoverRelief: '0.00', cloggedLoss: '0.00', indexation: '' });
    expect(trustRun!.holdings[0]).toMatchObject({ holdoverRelief: '0.00', cloggedLoss: '0.00', indexation: '' });
    const [vulnerableRun] = await completedEvents(vulnerable.uuid);
    expect(vulnerableRun!.client).toMatchObject({ annualExemption: '3000.00', annualExemptionRemaining: '3000.00' });
  });

  it('when 50 ledger changes for one client arrive in a burst, then it is computed once or twice, not 50 times', async () => {
    const client = await newClient();
    await row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    await announce(ASHW, client.uuid, 50);
    await settled();
    const runs = await runsOf(client.uuid);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
  });

  it('when one client fails, then the others are computed and the failure is stored with a monitor log', async () => {
    const good = await newClient();
    await row(ASHW, good.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    const missing = crypto.randomUUID(); // no such client in the clients service: its ledger cannot be loaded
    await announce(ASHW, missing);
    await announce(ASHW, good.uuid);
    await settled();
    expect((await runsOf(good.uuid)).map((r) => r.status)).toEqual(['SUCCEEDED']);
    const failed = await runsOf(missing);
    expect(failed.map((r) => r.status)).toEqual(['FAILED']);
    expect(failed[0]!.message).toMatch(/^The ledger could not be loaded: .*client was not found/);
    const { rows } = await db.query(`SELECT payload FROM tax_engine.outbox_event WHERE subject = $1`, [
      TAX_ENGINE_JOB_CHANGED,
    ]);
    const logs = rows
      .map((r) => fromBinary(events.JobChangedSchema, r.payload))
      .filter((j) => j.objectId === missing)
      .flatMap((j) => j.monitorLogs);
    expect(logs.map((l) => [l.errorCode, l.severity])).toEqual([['CALCULATION_FAILED', 3]]);
  });

  it('when a run read an older ledger than one already stored, then it is discarded', async () => {
    const client = await newClient();
    await row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    await announce(ASHW, client.uuid);
    await settled();
    // A newer ledger's run already stored (its version past any this ledger can have).
    await db.query(`UPDATE tax_engine.calculation_run SET ledger_version = 9000000000000000 WHERE client_uuid = $1`, [
      client.uuid,
    ]);
    await api.recalculate({ organisationUuid: ASHW, clientUuid: client.uuid }, as.manager);
    await settled();
    expect((await runsOf(client.uuid)).map((r) => r.version)).toEqual(['9000000000000000']);
  });

  it('when the worker computing a client died, then its lease runs out and the client is computed by another', async () => {
    const client = await newClient();
    await row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    // As a worker that took the client and died leaves it: leased (the lease now over), its first attempt spent.
    await db.query(
      `INSERT INTO tax_engine.recalculation_queue (client_uuid, organisation_uuid, trigger, queued_at, changed_at,
         leased_until, attempts)
       VALUES ($1, $2, 'LEDGER_CHANGED', now() - interval '1 minute', now() - interval '1 minute',
         now() - interval '1 second', 1)`,
      [client.uuid, ASHW],
    );
    await settled();
    expect((await runsOf(client.uuid)).map((r) => r.status)).toEqual(['SUCCEEDED']);
  });

  it('when an admin recalculates the organisation, then a job queues every client with a ledger and each is computed', async () => {
    // Brookfield's demo clients have ledgers the engine has never been told of (seeded, not posted): the firm's
    // recalculation computes them all, and this client again.
    const client = await newClient(BRKF);
    await row(BRKF, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    await announce(BRKF, client.uuid);
    await settled();
    const { rows: owners } = await db.query(
      `SELECT count(DISTINCT c.id)::int AS n FROM clients.client c JOIN clients.portfolio_owner po ON po.client_id = c.id
       WHERE c.organisation_uuid = $1`,
      [BRKF],
    );
    const { jobUuid, queuedClients } = await api.recalculate({ organisationUuid: BRKF, clientUuid: '' }, as.brook);
    expect(jobUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(queuedClients).toBe(owners[0].n);
    let job: { status: string; progress_done: string } | undefined;
    for (let waited = 0; waited < 60_000; waited += 100) {
      job = (await db.query(`SELECT status, progress_done::text FROM tax_engine.job WHERE uuid = $1`, [jobUuid]))
        .rows[0];
      if (job?.status === 'SUCCEEDED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toEqual({ status: 'SUCCEEDED', progress_done: String(owners[0].n) });
    await settled(180_000);
    const runs = await runsOf(client.uuid);
    expect(runs.length).toBe(2);
    const { rows } = await db.query(
      `SELECT count(DISTINCT client_uuid)::int AS n FROM tax_engine.calculation_run
       WHERE organisation_uuid = $1 AND trigger = 'ORGANISATION'`,
      [BRKF],
    );
    expect(rows[0].n).toBe(owners[0].n);
    // Every demo ledger the export writes is one the engine reads: none failed.
    const { rows: statuses } = await db.query(
      `SELECT status, count(*)::int AS n, min(message) AS message FROM tax_engine.calculation_run
       WHERE organisation_uuid = $1 GROUP BY status ORDER BY status`,
      [BRKF],
    );
    expect(statuses.filter((s) => s.status === 'FAILED')).toEqual([]);
  }, 240_000);

  it('when another firm’s member or a non-admin calls, then every calculations call is refused', async () => {
    const client = await newClient();
    const run = crypto.randomUUID();
    const calls = (who: Options) => [
      api.recalculate({ organisationUuid: ASHW, clientUuid: client.uuid }, who),
      api.recalculate({ organisationUuid: ASHW, clientUuid: '' }, who),
      api.listRuns({ organisationUuid: ASHW, clientUuid: client.uuid }, who),
      api.getRun({ organisationUuid: ASHW, id: run }, who),
      api.getLedgerCsv({ organisationUuid: ASHW, clientUuid: client.uuid }, who),
    ];
    for (const call of calls(as.brook)) expect(await refusal(call)).toBe(Code.PermissionDenied);
    for (const call of calls(as.adviser)) expect(await refusal(call)).toBe(Code.PermissionDenied);
    expect(await refusal(api.getCalculationStatus({ organisationUuid: ASHW, clientUuid: client.uuid }, as.brook))).toBe(
      Code.PermissionDenied,
    );
    // The ledger export: another firm's user token is refused, whatever organisation it names.
    const ledgers = createClient(ledger.LedgerService, system.transports.clients);
    const exportBy = async (org: string, who: Options) => {
      for await (const _ of ledgers.exportClientLedger({ organisationUuid: org, clientUuid: client.uuid }, who));
    };
    expect(await refusal(exportBy(ASHW, as.brook))).toBe(Code.PermissionDenied);
    expect(await refusal(exportBy(BRKF, as.brook))).toBe(Code.NotFound);
    expect(await refusal(exportBy(ASHW, as.adviser))).toBe(Code.PermissionDenied);
  });

  it('when a service token is presented, then only ExportClientLedger takes it and the BFF refuses it', async () => {
    const ids = createClient(identity.IdentityService, system.transports.identity);
    expect(await refusal(ids.issueServiceToken({ service: 'tax-engine', secret: 'wrong' }))).toBe(Code.Unauthenticated);
    expect(await refusal(ids.issueServiceToken({ service: 'reports', secret: SECRET }))).toBe(Code.PermissionDenied);
    const { accessToken } = await ids.issueServiceToken({ service: 'tax-engine', secret: SECRET });
    const service = { headers: { authorization: `Bearer ${accessToken}` } };
    // No roles, no organisations: every member's call refuses it.
    const client = await newClient();
    expect(await refusal(api.listRuns({ organisationUuid: ASHW, clientUuid: client.uuid }, service))).toBe(
      Code.PermissionDenied,
    );
    // A browser cannot use it: the BFF neither accepts nor forwards a service token.
    const response = await system.app.request('/api/calculations/ledger', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-organisation-uuid': ASHW,
        authorization: `Bearer ${accessToken}`,
      },
      body: JSON.stringify({ organisationUuid: ASHW, ledgerCsv: 'date,type,security,quantity\n' }),
    });
    expect(response.status).toBe(401);
  });
});
