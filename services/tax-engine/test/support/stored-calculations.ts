import crypto from 'node:crypto';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { ConnectError, createClient, type Code, type Transport } from '@connectrpc/connect';
import { calculations, events, identity } from '@gains/proto';
import type pg from 'pg';
import { CALCULATION_COMPLETED } from '../../src/events/calculation-events';

/**
 * The stored-calculations tests' fixture, shared by the embedded form (services/tax-engine/test) and the cluster
 * form (tests/cluster): clients, portfolios and ledger rows written in the clients schema as the clients service
 * writes them, LedgerChanged events in its outbox, and reads of what the engine stored. Only how an event gets
 * delivered differs between the forms (`deliver`).
 */
export const PASSWORD = 'Stored-calc-1!';
export const SECRET = 'stored-calculations-test-secret';
export const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
export const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
export const SECURITY = 900101;
/** A ledger version past any a test's ledger reaches. */
export const NEWER_LEDGER_VERSION = '9000000000000000';

const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
// The current tax year starts on 6 April of this year (or last year before then): the sale is on its first day.
const [ty, tm, td] = london.split('-').map(Number) as [number, number, number];
export const START_YEAR = tm > 4 || (tm === 4 && td >= 6) ? ty : ty - 1;
export const SALE_DATE = `${START_YEAR}-04-06`;
export const BUY_DATE = `${START_YEAR - 1}-05-01`;

export type Options = { headers: { authorization: string } };
export type Who = 'manager' | 'adviser' | 'brook' | 'admin';
type CalculationsApi = ReturnType<typeof createClient<typeof calculations.CalculationsService>>;

/** The demo users' bearer tokens, signed in through the identity service. */
export async function signInDemoUsers(identityTransport: Transport): Promise<Record<Who, Options>> {
  const ids = createClient(identity.IdentityService, identityTransport);
  const emails: Record<Who, string> = {
    admin: 'admin@gains.example',
    manager: 'manager@gains.example',
    adviser: 'adviser@gains.example',
    brook: 'brook@gains.example',
  };
  const as = {} as Record<Who, Options>;
  for (const [who, email] of Object.entries(emails) as [Who, string][]) {
    const answer = await ids.signIn({ email, password: PASSWORD });
    as[who] = { headers: { authorization: `Bearer ${answer.accessToken}` } };
  }
  return as;
}

/** The Connect code a call was refused with; undefined when it was answered. */
export async function refusal(call: Promise<unknown>): Promise<Code | undefined> {
  return call.then(
    () => undefined,
    (e: unknown) => ConnectError.from(e).code,
  );
}

/** Every CalculationsService call that names Ashworth's client (or a run), made as `who`. */
export function calculationsCalls(api: CalculationsApi, clientUuid: string, runId: string, who: Options) {
  return [
    api.recalculate({ organisationUuid: ASHW, clientUuid }, who),
    api.recalculate({ organisationUuid: ASHW, clientUuid: '' }, who),
    api.listRuns({ organisationUuid: ASHW, clientUuid }, who),
    api.getRun({ organisationUuid: ASHW, id: runId }, who),
    api.getLedgerCsv({ organisationUuid: ASHW, clientUuid }, who),
  ];
}

/**
 * The ledger and its reads over `db` (a connection to the one database). `deliver(eventIds)` returns once the
 * LedgerChanged events just written to the clients outbox have reached the tax engine.
 */
export function storedCalculationsFixture(db: pg.Client, deliver: (eventIds: string[]) => Promise<void>) {
  let clientSeq = 0;
  const fixture = {
    /** The security every ledger row trades, priced at £5.00 on the sale date. */
    async addSecurity() {
      await db.query(
        `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
         VALUES ($1, 'ZCALC01', 'GB00ZCALC011', 'Calc plc', 'Calc', 'GBP', 'ACTIVE', 5.00, $2)`,
        [SECURITY, SALE_DATE],
      );
    },

    /** A client of the firm with one GIA portfolio (100% owned); answers its uuid and the portfolio's id. */
    async newClient(org = ASHW, type = 'INDIVIDUAL'): Promise<{ uuid: string; portfolioId: number; code: string }> {
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
    },

    /** A settled GBP row of a system type; answers its uuid. */
    async row(
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
    },

    /** Announces ledger changes as the clients service does: LedgerChanged events in its outbox, then delivered. */
    async announce(org: string, clientUuid: string, times = 1) {
      const ids: string[] = [];
      for (let i = 0; i < times; i += 1) {
        const payload = toBinary(
          events.LedgerChangedSchema,
          create(events.LedgerChangedSchema, {
            organisationUuid: org,
            clientUuid,
            earliestDate: BUY_DATE,
            reason: 'POST',
          }),
        );
        const id = crypto.randomUUID();
        ids.push(id);
        await db.query(`INSERT INTO clients.outbox_event (id, subject, payload) VALUES ($1, $2, $3)`, [
          id,
          'gains.clients.ledger.changed.v1',
          Buffer.from(payload),
        ]);
      }
      await deliver(ids);
    },

    /** Waits until the engine's queue is empty: nothing waiting, nothing leased. */
    async settled(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM tax_engine.recalculation_queue`);
        if (rows[0].n === 0) return;
        if (Date.now() > until) throw new Error('the recalculation queue did not empty');
        await new Promise((r) => setTimeout(r, 100));
      }
    },

    async runsOf(clientUuid: string) {
      const { rows } = await db.query(
        `SELECT id::text, status, ledger_version::text AS version, message FROM tax_engine.calculation_run
         WHERE client_uuid = $1 ORDER BY finished_at`,
        [clientUuid],
      );
      return rows as { id: string; status: string; version: string; message: string }[];
    },

    async completedEvents(clientUuid: string) {
      const { rows } = await db.query(
        `SELECT payload FROM tax_engine.outbox_event WHERE subject = $1 ORDER BY created_at`,
        [CALCULATION_COMPLETED],
      );
      return rows
        .map((r) => fromBinary(events.CalculationCompletedSchema, r.payload))
        .filter((e) => e.clientUuid === clientUuid);
    },

    /** A new client of Ashworth holding 10 shares bought for £10.00, its ledger not yet announced. */
    async holdingClient() {
      const client = await fixture.newClient();
      await fixture.row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '10', '10.00');
      return client;
    },

    // The cases both forms run; each test asserts what they answer.

    /** A client buys 1,000 shares for £4,000.00 last tax year and sells 400 for £2,000.00 on this one's first day. */
    async buyAndSell() {
      const client = await fixture.newClient();
      await fixture.row(ASHW, client.portfolioId, 'BUY', BUY_DATE, '1000', '4000.00');
      const sale = await fixture.row(ASHW, client.portfolioId, 'SELL', SALE_DATE, '400', '2000.00');
      await fixture.announce(ASHW, client.uuid);
      await fixture.settled();
      return { client, sale, runs: await fixture.runsOf(client.uuid) };
    },

    /** 50 ledger changes for one client in a burst, computed; answers the client's runs. */
    async burstOfFifty() {
      const client = await fixture.holdingClient();
      await fixture.announce(ASHW, client.uuid, 50);
      await fixture.settled();
      return fixture.runsOf(client.uuid);
    },

    /**
     * A client whose ledger cannot be loaded (no such client in the clients service) announced before one whose
     * can, both computed; answers both and their runs.
     */
    async oneFailing() {
      const good = await fixture.holdingClient();
      const missing = crypto.randomUUID();
      await fixture.announce(ASHW, missing);
      await fixture.announce(ASHW, good.uuid);
      await fixture.settled();
      return { good, missing, goodRuns: await fixture.runsOf(good.uuid), failedRuns: await fixture.runsOf(missing) };
    },

    /**
     * A client computed, then a newer ledger's run stored (its version past any this ledger can have), then
     * `recalculate`d; answers the client's runs' ledger versions.
     */
    async raceLostToNewerLedger(recalculate: (clientUuid: string) => Promise<unknown>) {
      const client = await fixture.holdingClient();
      await fixture.announce(ASHW, client.uuid);
      await fixture.settled();
      await db.query(`UPDATE tax_engine.calculation_run SET ledger_version = $2 WHERE client_uuid = $1`, [
        client.uuid,
        NEWER_LEDGER_VERSION,
      ]);
      await recalculate(client.uuid);
      await fixture.settled();
      return (await fixture.runsOf(client.uuid)).map((r) => r.version);
    },
  };
  return fixture;
}

export type StoredCalculationsFixture = ReturnType<typeof storedCalculationsFixture>;
