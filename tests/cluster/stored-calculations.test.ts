import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import type { ServiceName } from '@gains/config';
import { freePort, type RunningPostgres } from '@gains/db';
import { calculations } from '@gains/proto';
import { startNatsServer, startTestPostgres, type RunningNats } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASHW,
  calculationsCalls,
  NEWER_LEDGER_VERSION,
  PASSWORD,
  refusal,
  SECRET,
  signInDemoUsers,
  storedCalculationsFixture,
  type Options,
  type StoredCalculationsFixture,
  type Who,
} from '../../services/tax-engine/test/support/stored-calculations';
import { clusterEnv, spawnService, stopProcess, waitReady } from '../support/cluster';

// Stored calculations in the cluster form: identity, securities, clients and the tax engine each their own process,
// Connect over HTTP/2 between them, the clients outbox's LedgerChanged and the engine's CalculationCompleted over a
// real nats-server, one real PostgreSQL. The same cases as services/tax-engine/test/stored-calculations.test.ts
// (the embedded form), with the same fixture; here a worker can really die, and the figures land in the clients
// service's rows through NATS.
const SERVICES = ['identity', 'securities', 'clients', 'tax-engine'] as const satisfies readonly ServiceName[];
type Service = (typeof SERVICES)[number];

let postgres: RunningPostgres;
let nats: RunningNats;
let db: pg.Client;
let env: NodeJS.ProcessEnv;
const ports = {} as Record<Service, number>;
const processes = {} as Record<Service, ChildProcess>;
const url = (s: Service) => `http://127.0.0.1:${ports[s]}`;
const transport = (s: Service) => createConnectTransport({ baseUrl: url(s), httpVersion: '2' });
let api: ReturnType<typeof createClient<typeof calculations.CalculationsService>>;
let as: Record<Who, Options>;
let fx: StoredCalculationsFixture;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Over the wire an event has arrived once the engine's consumer recorded it as handled (and queued its client). */
async function handledByTheEngine(eventIds: string[]) {
  await until(`the tax engine to handle ${eventIds.length} LedgerChanged events`, async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM tax_engine.handled_event WHERE event_id = ANY($1::uuid[])`,
      [eventIds],
    );
    return rows[0].n === eventIds.length ? true : undefined;
  });
}

/** The client's figures as the clients service stored them from the engine's CalculationCompleted. */
async function clientFigures(clientUuid: string) {
  return until('the CalculationCompleted to reach the clients service', async () => {
    const { rows } = await db.query(
      `SELECT calculation_status, ytd_capital_gain_loss::text, unrealised_capital_gain_loss::text, market_value::text,
              annual_exemption::text, annual_exemption_remaining::text, calculation_failures
       FROM clients.client WHERE uuid = $1 AND last_calculated_at IS NOT NULL`,
      [clientUuid],
    );
    return rows[0];
  });
}

function startTaxEngine() {
  processes['tax-engine'] = spawnService('tax-engine', ports['tax-engine'], env);
  return waitReady(url('tax-engine'));
}

beforeAll(async () => {
  [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
  for (const s of SERVICES) ports[s] = await freePort();
  env = {
    ...clusterEnv({ ports, databaseUrl: postgres.connectionString, natsUrl: nats.url, demoPassword: PASSWORD }),
    GAINS_DEMO_PRICE_DAYS: '5',
    // Identity issues the engine its own token with this; the engine shows it to load ledgers from clients.
    GAINS_SERVICE_TOKEN_SECRET: SECRET,
    GAINS_TAX_ENGINE_WORKERS: '2',
  };
  for (const s of SERVICES) processes[s] = spawnService(s, ports[s], env);
  await Promise.all(SERVICES.map((s) => waitReady(url(s))));
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  fx = storedCalculationsFixture(db, handledByTheEngine);
  await fx.addSecurity();
  api = createClient(calculations.CalculationsService, transport('tax-engine'));
  as = await signInDemoUsers(transport('identity'));
  await fx.settled(120_000);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await Promise.all(Object.values(processes).map((child) => stopProcess(child)));
  await nats?.stop();
  await postgres?.stop();
});

describe('stored calculations in the cluster form', () => {
  it('when a client buys and sells, then its run reaches the clients service over NATS with the hand-worked figures', async () => {
    const { client, sale, runs } = await fx.buyAndSell();
    expect(runs.map((r) => r.status)).toEqual(['SUCCEEDED']);

    // The pool: 1,000 shares for £4,000.00. The sale of 400 takes 400/1,000 of the cost, £1,600.00, against
    // proceeds of £2,000.00: a gain of £400.00 in the current tax year. Left: 600 shares costing £2,400.00, worth
    // 600 x £5.00 = £3,000.00, unrealised £600.00. The exempt amount £3,000.00 less the gain leaves £2,600.00.
    expect(await clientFigures(client.uuid)).toEqual({
      calculation_status: 'SUCCEEDED',
      ytd_capital_gain_loss: '400.00',
      unrealised_capital_gain_loss: '600.00',
      market_value: '3000.00',
      annual_exemption: '3000.00',
      annual_exemption_remaining: '2600.00',
      calculation_failures: 0,
    });
    const { rows } = await db.query(
      `SELECT proceeds::text, cgt_cost::text, capital_gain_loss::text FROM clients.ledger_transaction WHERE uuid = $1`,
      [sale],
    );
    expect(rows).toEqual([{ proceeds: '2000.00', cgt_cost: '1600.00', capital_gain_loss: '400.00' }]);
  });

  it('when 50 ledger changes for one client arrive in a burst over NATS, then it is computed once or twice, not 50 times', async () => {
    const runs = await fx.burstOfFifty();
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
  });

  it('when one client fails, then the others are computed and the FAILED run is stored', async () => {
    const { good, goodRuns, failedRuns } = await fx.oneFailing();
    expect([goodRuns.map((r) => r.status), failedRuns.map((r) => r.status)]).toEqual([['SUCCEEDED'], ['FAILED']]);
    expect(failedRuns[0]!.message).toMatch(/^The ledger could not be loaded: .*client was not found/);
    // 10 shares for £10.00, nothing sold: no gain; worth 10 x £5.00 = £50.00, £40.00 unrealised.
    expect(await clientFigures(good.uuid)).toMatchObject({
      calculation_status: 'SUCCEEDED',
      ytd_capital_gain_loss: '0.00',
      market_value: '50.00',
      unrealised_capital_gain_loss: '40.00',
    });
  });

  it('when a run read an older ledger than one already stored, then it is discarded', async () => {
    const recalculate = (clientUuid: string) => api.recalculate({ organisationUuid: ASHW, clientUuid }, as.manager);
    expect(await fx.raceLostToNewerLedger(recalculate)).toEqual([NEWER_LEDGER_VERSION]);
  });

  it('when the tax-engine process is killed mid-run, then a new process computes the client once the lease is over', async () => {
    const client = await fx.holdingClient();
    // The clients service paused: the engine leases the client and then waits for its ledger, mid-run.
    processes.clients.kill('SIGSTOP');
    try {
      await db.query(
        `INSERT INTO tax_engine.recalculation_queue (client_uuid, organisation_uuid, trigger, queued_at, changed_at)
         VALUES ($1, $2, 'LEDGER_CHANGED', now() - interval '1 minute', now() - interval '1 minute')`,
        [client.uuid, ASHW],
      );
      await until('the engine to lease the client', async () => {
        const { rows } = await db.query(
          `SELECT 1 FROM tax_engine.recalculation_queue WHERE client_uuid = $1 AND leased_until > now()`,
          [client.uuid],
        );
        return rows.length ? true : undefined;
      });
      await stopProcess(processes['tax-engine'], 'SIGKILL');
    } finally {
      processes.clients.kill('SIGCONT');
    }
    // The dead worker's lease holds the client, its attempt spent, and no run was stored.
    const { rows: held } = await db.query(
      `SELECT attempts, leased_until > now() AS leased FROM tax_engine.recalculation_queue WHERE client_uuid = $1`,
      [client.uuid],
    );
    expect(held).toEqual([{ attempts: 1, leased: true }]);
    expect(await fx.runsOf(client.uuid)).toEqual([]);

    // The lease is minutes long (twice the compute time limit): let it run out now rather than wait.
    await db.query(
      `UPDATE tax_engine.recalculation_queue SET leased_until = now() - interval '1 second' WHERE client_uuid = $1`,
      [client.uuid],
    );
    await startTaxEngine();
    await fx.settled();
    expect((await fx.runsOf(client.uuid)).map((r) => r.status)).toEqual(['SUCCEEDED']);
    expect(await clientFigures(client.uuid)).toMatchObject({ calculation_status: 'SUCCEEDED', market_value: '50.00' });
  });

  it('when another firm’s member calls over HTTP, then every calculations call is refused', async () => {
    const client = await fx.newClient();
    const run = crypto.randomUUID();
    for (const call of calculationsCalls(api, client.uuid, run, as.brook)) {
      expect(await refusal(call)).toBe(Code.PermissionDenied);
    }
    expect(await refusal(api.getCalculationStatus({ organisationUuid: ASHW, clientUuid: client.uuid }, as.brook))).toBe(
      Code.PermissionDenied,
    );
  });
});
