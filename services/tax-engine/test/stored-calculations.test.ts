import crypto from 'node:crypto';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import type { InProcessSystem } from '@gains/host';
import { calculations, events, identity, ledger } from '@gains/proto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawSql } from '@gains/db';
import { TAX_ENGINE_JOB_CHANGED } from '../src/events/calculation-events';
import { enqueueClient, enqueueClients, enqueueOutdated, pruneRuns } from '../src/store/calculation-store';
import { startEngineInProcess } from './support/in-process-engine';
import {
  ASHW,
  BRKF,
  BUY_DATE,
  calculationsCalls,
  NEWER_LEDGER_VERSION,
  refusal,
  SALE_DATE,
  SECRET,
  SECURITY,
  START_YEAR,
  type Options,
  type StoredCalculationsFixture,
  type Who,
} from './support/stored-calculations';

// Stored calculations end to end in process, on a real PostgreSQL: ledger rows written in the clients schema and
// announced by gains.clients.ledger.changed.v1 through the clients outbox, the engine queueing, loading the ledger
// over Connect as its own service identity, computing and storing runs. Every figure is worked by hand below.
// tests/cluster/stored-calculations.test.ts runs the same cases with each service its own process.
let engine: Awaited<ReturnType<typeof startEngineInProcess>>;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof calculations.CalculationsService>>;
let as: Record<Who, Options>;
let fx: StoredCalculationsFixture;

beforeAll(async () => {
  engine = await startEngineInProcess();
  ({ system, db, fx, as } = engine);
  api = createClient(calculations.CalculationsService, system.transports['tax-engine']);
  await fx.settled(180_000);
}, 300_000);

afterAll(async () => engine?.stop());

describe('stored calculations', () => {
  it('when a client buys and sells, then the stored run publishes the hand-worked figures for the client, holding and sale', async () => {
    const { client, sale, runs } = await fx.buyAndSell();
    expect(runs.map((r) => r.status)).toEqual(['SUCCEEDED']);
    const [event] = await fx.completedEvents(client.uuid);
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
      'date,type,security,quantity,price,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref',
    );
    expect(csv.csv).toContain(`${SALE_DATE},SELL,ZCALC01,400,,2000,,P${client.code},,,,,,,,,${sale}`);
    expect(csv.cgtArgs).toEqual(['--taxpayer', 'individual']);
    expect(csv.pricesCsv).toBe('security,price\nZCALC01,5\n');

    const status = await api.getCalculationStatus({ organisationUuid: ASHW, clientUuid: client.uuid }, as.adviser);
    expect([status.status, status.queued, status.latestRun?.id]).toEqual(['SUCCEEDED', false, runs[0]!.id]);
  });

  it('when a trust has no disposal this year, then its AE is the full trust amount and the earlier loss is brought forward', async () => {
    const trust = await fx.newClient(ASHW, 'TRUST');
    const vulnerable = await fx.newClient(ASHW, 'VULNERABLE_TRUST');
    for (const client of [trust, vulnerable]) {
      await fx.row(ASHW, client.portfolioId, 'BUY', `${START_YEAR - 3}-05-01`, '1000', '4000.00');
      await fx.row(ASHW, client.portfolioId, 'SELL', `${START_YEAR - 2}-06-01`, '400', '1000.00');
      await fx.announce(ASHW, client.uuid);
    }
    await fx.settled();
    // Two years ago: 400 of 1,000 costing £4,000.00 sold for £1,000.00, a loss of £1,000.00 - £1,600.00 = £600.00,
    // carried forward unused. This year nothing is sold: the whole exempt amount is left (a trust half an
    // individual's £3,000.00, a trust for a vulnerable beneficiary all of it) and the £600.00 comes in unused.
    const [trustRun] = await fx.completedEvents(trust.uuid);
    expect(trustRun!.client).toMatchObject({
      ytdCapitalGainLoss: '0.00',
      annualExemption: '1500.00',
      annualExemptionRemaining: '1500.00',
      broughtForwardLoss: '600.00',
      unusedBroughtForwardLoss: '600.00',
    });
    expect(trustRun!.portfolios[0]).toMatchObject({ holdoverRelief: '0.00', cloggedLoss: '0.00', indexation: '' });
    expect(trustRun!.holdings[0]).toMatchObject({ holdoverRelief: '0.00', cloggedLoss: '0.00', indexation: '' });
    const [vulnerableRun] = await fx.completedEvents(vulnerable.uuid);
    expect(vulnerableRun!.client).toMatchObject({ annualExemption: '3000.00', annualExemptionRemaining: '3000.00' });
  });

  it('when a price is published, then its holders are revalued: value and unrealised move, the YTD and the rows stand', async () => {
    const { client, runs } = await fx.buyAndSell();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const payload = toBinary(
      events.PricesPublishedSchema,
      create(events.PricesPublishedSchema, {
        source: 'MANUAL',
        prices: [{ securityId: SECURITY, date: today, price: '6.00', currency: 'GBP', priceGbp: '6.00' }],
      }),
    );
    const id = crypto.randomUUID();
    await db.query(`INSERT INTO securities.outbox_event (id, subject, payload) VALUES ($1, $2, $3)`, [
      id,
      'gains.securities.price.published.v1',
      Buffer.from(payload),
    ]);
    try {
      await system.flushEvents();
      await fx.settled();
      const after = await fx.runsOf(client.uuid);
      expect(after).toHaveLength(runs.length + 1);
      const events_ = await fx.completedEvents(client.uuid);
      const revalued = events_.at(-1)!;
      // 600 shares left at £6.00: £3,600.00, unrealised £3,600.00 - £2,400.00 = £1,200.00. The sale's £400.00 gain
      // and the exempt amount left (£2,600.00) are as they were; no row's figures travel.
      expect(revalued.revaluation).toBe(true);
      expect(revalued.transactions).toEqual([]);
      expect(revalued.client).toMatchObject({
        marketValue: '3600.00',
        unrealisedCapitalGainLoss: '1200.00',
        ytdCapitalGainLoss: '400.00',
        annualExemptionRemaining: '2600.00',
      });
      const { rows } = await db.query(`SELECT trigger, changes::text FROM tax_engine.calculation_run WHERE id = $1`, [
        revalued.runId,
      ]);
      expect(rows[0]).toEqual({ trigger: 'PRICES', changes: '[]' });
      const {
        rows: [grid],
      } = await db.query(
        `SELECT market_value::text, unrealised_capital_gain_loss::text AS unrealised, ytd_capital_gain_loss::text AS ytd
           FROM clients.client WHERE uuid = $1`,
        [client.uuid],
      );
      expect(grid).toEqual({ market_value: '3600.00', unrealised: '1200.00', ytd: '400.00' });
    } finally {
      await db.query(`UPDATE clients.security SET price_gbp = 5.00, price_date = $2 WHERE id = $1`, [
        SECURITY,
        SALE_DATE,
      ]);
    }
  });

  it('when 50 ledger changes for one client arrive in a burst, then it is computed once or twice, not 50 times', async () => {
    const runs = await fx.burstOfFifty();
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
  });

  it('when a batch of changes names a client twice and it is already waiting, then it is one queue row: the earliest date kept, the reasons joined once', async () => {
    const client = crypto.randomUUID();
    const sql = rawSql(db);
    // in a transaction rolled back, so the recalculation loop never sees the made-up client
    await db.query('BEGIN');
    try {
      await db.query('SET LOCAL search_path TO tax_engine');
      await enqueueClient(sql, {
        organisationUuid: ASHW,
        clientUuid: client,
        trigger: 'LEDGER_CHANGED',
        reason: 'POST',
        earliestDate: '2026-05-01',
      });
      await enqueueClients(sql, [
        {
          organisationUuid: ASHW,
          clientUuid: client,
          trigger: 'LEDGER_CHANGED',
          reason: 'EDIT',
          earliestDate: '2026-03-10',
        },
        {
          organisationUuid: ASHW,
          clientUuid: client,
          trigger: 'LEDGER_CHANGED',
          reason: 'POST',
          earliestDate: '2026-04-02',
        },
        {
          organisationUuid: ASHW,
          clientUuid: client.toUpperCase(),
          trigger: 'LEDGER_CHANGED',
          reason: 'EDIT',
          earliestDate: '2026-06-30',
        },
      ]);
      const { rows } = await db.query(
        `SELECT reason, earliest_date, generation FROM tax_engine.recalculation_queue WHERE client_uuid = $1`,
        [client],
      );
      // POST first, then EDIT once (the batch's three merged into one, then into the waiting row): 10 March is the
      // earliest of 1 May, 10 March, 2 April and 30 June; the waiting row bumped once by the one statement
      expect(rows).toEqual([{ reason: 'POST,EDIT', earliest_date: '2026-03-10', generation: 2 }]);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('when runs are pruned, then each client keeps its 20 newest, every run of the last 30 days and its newest success', async () => {
    const [x, y] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.query('BEGIN');
    try {
      await db.query('SET LOCAL search_path TO tax_engine');
      const run = (client: string, daysAgo: number, status: string) =>
        db.query(
          `INSERT INTO calculation_run (id, organisation_uuid, client_uuid, trigger, ledger_version, status, started_at,
                                        finished_at)
           VALUES ($1, $2, $3, 'LEDGER_CHANGED', 1, $4, now() - $5 * interval '1 day', now() - $5 * interval '1 day')`,
          [crypto.randomUUID(), ASHW, client, status, daysAgo],
        );
      // X: 25 runs, every third day back to 72 days ago, all FAILED but the one of 66 days ago
      for (let i = 0; i < 25; i++) await run(x, i * 3, i === 22 ? 'SUCCEEDED' : 'FAILED');
      // Y: three runs, all 100 days old: among its 20 newest, so kept
      for (const d of [100, 101, 102]) await run(y, d, 'SUCCEEDED');
      // X's runs beyond its 20 newest are those of 60, 63, 66, 69 and 72 days ago, all older than 30 days; the one
      // of 66 days ago is its newest success, so four go
      expect(await pruneRuns(rawSql(db), 20, 30)).toBe(4);
      const { rows } = await db.query(
        `SELECT client_uuid::text AS client, count(*)::int AS n,
                bool_or(status = 'SUCCEEDED' AND finished_at < now() - interval '65 days') AS success_kept
           FROM calculation_run WHERE client_uuid = ANY($1::uuid[]) GROUP BY client_uuid ORDER BY n DESC`,
        [[x, y]],
      );
      expect(rows).toEqual([
        { client: x, n: 21, success_kept: true },
        { client: y, n: 3, success_kept: true },
      ]);
      // a second pass finds nothing more
      expect(await pruneRuns(rawSql(db), 20, 30)).toBe(0);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('when a newer engine starts, then each client whose newest run an older one computed is queued, once, in the background', async () => {
    const [old, current, waiting] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.query('BEGIN');
    try {
      await db.query('SET LOCAL search_path TO tax_engine');
      const run = (client: string, daysAgo: number, engineVersion: number) =>
        db.query(
          `INSERT INTO calculation_run (id, organisation_uuid, client_uuid, trigger, ledger_version, status, started_at,
                                        finished_at, engine_version)
           VALUES ($1, $2, $3, 'LEDGER_CHANGED', 1, 'SUCCEEDED', now() - $4 * interval '1 day',
                   now() - $4 * interval '1 day', $5)`,
          [crypto.randomUUID(), ASHW, client, daysAgo, engineVersion],
        );
      // old: newest run by version 1 (an older one by 2 does not count); current: newest by 2;
      // waiting: newest by 1 but already queued by a posting, which keeps its trigger and priority
      await run(old, 5, 2);
      await run(old, 1, 1);
      await run(current, 5, 1);
      await run(current, 1, 2);
      await run(waiting, 1, 1);
      await enqueueClient(rawSql(db), {
        organisationUuid: ASHW,
        clientUuid: waiting,
        trigger: 'LEDGER_CHANGED',
        reason: 'POST',
        earliestDate: '',
      });
      await db.query(`DELETE FROM recalculation_queue WHERE NOT client_uuid = ANY($1::uuid[])`, [
        [old, current, waiting],
      ]);
      await db.query(`DELETE FROM calculation_run WHERE NOT client_uuid = ANY($1::uuid[])`, [[old, current, waiting]]);
      expect(await enqueueOutdated(rawSql(db), 2)).toBe(1);
      const { rows } = await db.query(
        `SELECT client_uuid::text AS client, trigger, priority FROM recalculation_queue ORDER BY trigger`,
      );
      // BACKGROUND is 1, INTERACTIVE 0
      expect(rows).toEqual([
        { client: old, trigger: 'ENGINE', priority: 1 },
        { client: waiting, trigger: 'LEDGER_CHANGED', priority: 0 },
      ]);
      // started again, nothing more
      expect(await enqueueOutdated(rawSql(db), 2)).toBe(0);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('when one client fails, then the others are computed and the failure is stored with a monitor log', async () => {
    const { missing, goodRuns, failedRuns } = await fx.oneFailing();
    expect(goodRuns.map((r) => r.status)).toEqual(['SUCCEEDED']);
    expect(failedRuns.map((r) => r.status)).toEqual(['FAILED']);
    expect(failedRuns[0]!.message).toMatch(/^The ledger could not be loaded: .*client was not found/);
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
    const versions = await fx.raceLostToNewerLedger((clientUuid) =>
      api.recalculate({ organisationUuid: ASHW, clientUuid }, as.manager),
    );
    expect(versions).toEqual([NEWER_LEDGER_VERSION]);
  });

  it('when the worker computing a client died, then its lease runs out and the client is computed by another', async () => {
    const client = await fx.holdingClient();
    // As a worker that took the client and died leaves it: leased (the lease now over), its first attempt spent.
    await db.query(
      `INSERT INTO tax_engine.recalculation_queue (client_uuid, organisation_uuid, trigger, queued_at, changed_at,
         leased_until, attempts)
       VALUES ($1, $2, 'LEDGER_CHANGED', now() - interval '1 minute', now() - interval '1 minute',
         now() - interval '1 second', 1)`,
      [client.uuid, ASHW],
    );
    await fx.settled();
    expect((await fx.runsOf(client.uuid)).map((r) => r.status)).toEqual(['SUCCEEDED']);
  });

  it('when an admin recalculates the organisation, then a job queues every client with a ledger and each is computed', async () => {
    // Brookfield's demo clients have ledgers the engine has never been told of (seeded, not posted): the firm's
    // recalculation computes them all, and this client again.
    const client = await fx.newClient(BRKF);
    await fx.row(BRKF, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
    await fx.announce(BRKF, client.uuid);
    await fx.settled();
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
    await fx.settled(180_000);
    const runs = await fx.runsOf(client.uuid);
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

  it('when another firm’s member or a non-admin calls, then every calculations call is refused but reading a run', async () => {
    const client = await fx.newClient();
    const run = crypto.randomUUID();
    const calls = (who: Options) => calculationsCalls(api, client.uuid, run, who);
    for (const call of calls(as.brook)) expect(await refusal(call)).toBe(Code.PermissionDenied);
    // an adviser may read a stored run (a client's CGT report is one; this one does not exist) and have one client
    // worked out again, not the whole organisation, nor list runs or read the ledger file
    const [recalc, recalcAll, list, read, csv] = calls(as.adviser);
    for (const call of [recalcAll!, list!, csv!]) expect(await refusal(call)).toBe(Code.PermissionDenied);
    expect(await refusal(read!)).toBe(Code.NotFound);
    expect(await recalc).toMatchObject({ queuedClients: 1 });
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
    expect(await refusal(ids.issueServiceToken({ service: 'securities', secret: SECRET }))).toBe(Code.PermissionDenied);
    const { accessToken } = await ids.issueServiceToken({ service: 'tax-engine', secret: SECRET });
    const service = { headers: { authorization: `Bearer ${accessToken}` } };
    // No roles, no organisations: every member's call refuses it.
    const client = await fx.newClient();
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
    // The reports service's token reads a client's stored figures and pools (its reports), nothing more.
    const reportsToken = (await ids.issueServiceToken({ service: 'reports', secret: SECRET })).accessToken;
    const asReports = { headers: { authorization: `Bearer ${reportsToken}` } };
    await fx.row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '100', '250.00');
    await fx.row(ASHW, client.portfolioId, 'BUY', SALE_DATE, '50', '120.00');
    // At the end of the first purchase's day only its 100 shares (costing £250.00 in all) are in the pool; the 50
    // bought on the later day are not.
    const pools = JSON.parse(
      (await api.getPoolsAt({ organisationUuid: ASHW, clientUuid: client.uuid, atDate: BUY_DATE }, asReports))
        .holdingsJson,
    );
    expect(pools.map((h: any) => [Number(h.pool?.quantity), h.pool?.cost])).toEqual([[100, '250.00']]);
    expect(await refusal(api.listRuns({ organisationUuid: ASHW, clientUuid: client.uuid }, asReports))).toBe(
      Code.PermissionDenied,
    );
    // The documents service reads pools too (a corporate action's holders' cost at the ex-date), and no run.
    const documentsToken = (await ids.issueServiceToken({ service: 'documents', secret: SECRET })).accessToken;
    const asDocuments = { headers: { authorization: `Bearer ${documentsToken}` } };
    const atSale = JSON.parse(
      (await api.getPoolsAt({ organisationUuid: ASHW, clientUuid: client.uuid, atDate: SALE_DATE }, asDocuments))
        .holdingsJson,
    );
    // 100 for £250.00 and 50 for £120.00: 150 costing £370.00
    expect(atSale.map((h: any) => [Number(h.pool?.quantity), h.pool?.cost])).toEqual([[150, '370.00']]);
    expect(await refusal(api.listRuns({ organisationUuid: ASHW, clientUuid: client.uuid }, asDocuments))).toBe(
      Code.PermissionDenied,
    );
    const ledgers = createClient(ledger.LedgerService, system.transports.clients);
    const exported = (async () => {
      for await (const _ of ledgers.exportClientLedger({ organisationUuid: ASHW, clientUuid: client.uuid }, asReports));
    })();
    expect(await refusal(exported)).toBe(Code.PermissionDenied);
    expect(
      await refusal(
        api.getPoolsAt({ organisationUuid: ASHW, clientUuid: client.uuid, atDate: '2025-13-01' }, asReports),
      ),
    ).toBe(Code.InvalidArgument);
  });
  it('when the engine asks for many ledgers at once, then each is the one ExportClientLedger gives, and another firm’s client is not found', async () => {
    const ids = createClient(identity.IdentityService, system.transports.identity);
    const { accessToken } = await ids.issueServiceToken({ service: 'tax-engine', secret: SECRET });
    const service = { headers: { authorization: `Bearer ${accessToken}` } };
    const ledgers = createClient(ledger.LedgerService, system.transports.clients);
    const one = await fx.newClient();
    const two = await fx.newClient();
    const elsewhere = await fx.newClient(BRKF);
    await fx.row(ASHW, one.portfolioId, 'BUY', BUY_DATE, '100', '250.00');
    await fx.row(ASHW, two.portfolioId, 'BUY', BUY_DATE, '40', '90.00');
    await fx.row(ASHW, one.portfolioId, 'SELL', SALE_DATE, '30', '120.00');
    const single = async (clientUuid: string) => {
      const chunks = [];
      for await (const c of ledgers.exportClientLedger({ organisationUuid: ASHW, clientUuid }, service)) chunks.push(c);
      return { csv: chunks.map((c) => c.ledgerCsv).join(''), head: chunks[0]! };
    };
    const batch = [];
    for await (const c of ledgers.exportClientLedgers(
      { organisationUuid: ASHW, clientUuids: [two.uuid, elsewhere.uuid, one.uuid] },
      service,
    )) {
      batch.push(c);
    }
    // In the order asked; the other firm's client is one chunk naming why.
    expect(batch.map((c) => [c.clientUuid, c.error])).toEqual([
      [two.uuid, ''],
      [elsewhere.uuid, 'The client was not found in the organisation'],
      [one.uuid, ''],
    ]);
    for (const [i, client] of [
      [0, two],
      [2, one],
    ] as const) {
      const alone = await single(client.uuid);
      expect(batch[i]!.ledgerCsv).toBe(alone.csv);
      expect(batch[i]!.ledgerVersion).toBe(alone.head.ledgerVersion);
      expect(batch[i]!.pricesCsv).toBe(alone.head.pricesCsv);
      expect(batch[i]!.portfolios).toEqual(alone.head.portfolios);
    }
    // The sale's row is the client's own: 100 bought for £250.00, 30 sold for £120.00.
    expect(batch[2]!.ledgerCsv.split('\n').filter((l) => l.includes(',SELL,'))[0]).toMatch(
      /^[0-9-]+,SELL,ZCALC01,30,,120,/,
    );
    // A user of another firm is refused, as for one ledger.
    const byBrook = async () => {
      for await (const _ of ledgers.exportClientLedgers({ organisationUuid: ASHW, clientUuids: [one.uuid] }, as.brook));
    };
    expect(await refusal(byBrook())).toBe(Code.PermissionDenied);
  });
});
