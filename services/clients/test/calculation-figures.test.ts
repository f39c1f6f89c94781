import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { clients, events, identity, ledger } from '@gains/proto';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_COMPLETED } from '../src/events/tax-engine-events';
import { clientsModule } from '../src/index';

// The tax engine's runs reach the grids: a CalculationCompleted built here with hand-worked figures is delivered
// through the bus to the clients service's consumer, and the grids are read back through the Connect API against
// a real PostgreSQL.
//
// The ledgers the figures describe (prices in the read model: ALPHA 2.50, BETA 1.2345):
// - Ann's own portfolio ZC-ANN: BUY 100 ALPHA at 2.00 (cost 200.00), SELL 40 at 3.00: proceeds 120.00, cost
//   40/100 x 200.00 = 80.00, gain 40.00; 60 left at cost 120.00 (average 2.00), worth 150.00: unrealised 30.00.
// - The joint ZC-JOINT (Ann 60%, Ben 40%): BUY 1,000 BETA at 1.00 (cost 1,000.00), worth 1,234.50. Ann's share:
//   cost 600.00, worth 740.70, unrealised 140.70; Ben's: cost 400.00, worth 493.80, unrealised 93.80.
// - Ann: YTD capital 40.00; unrealised 30.00 + 140.70 = 170.70; market value 150.00 + 740.70 = 890.70; annual
//   exemption 3,000.00, of which 3,000.00 - 40.00 = 2,960.00 remains.
const PASSWORD = 'Calc-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const ANN = 'c1000000-0000-4000-8000-000000000001';
const BEN = 'c1000000-0000-4000-8000-000000000002';
const BROOK = 'c2000000-0000-4000-8000-000000000001';
const ALPHA = 910001;
const BETA = 910002;
const T0 = '2026-11-20T10:00:00.000Z';
const T1 = '2026-11-20T11:00:00.000Z';

type Options = { headers: { authorization: string } };
const as = {} as Record<'manager' | 'adviser' | 'brook', Options>;
let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let clientsApi: ReturnType<typeof createClient<typeof clients.ClientsService>>;
let ledgerApi: ReturnType<typeof createClient<typeof ledger.LedgerService>>;
const ids = { annPortfolio: '', joint: '', brookPortfolio: '', sell: '', buy: '' };

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (e: unknown) => {
      const err = ConnectError.from(e);
      return { code: err.code, field: err.metadata.get('x-error-field') };
    },
  );
}

// a plain object (never a built message), so a test can spread one run into another
type Completed = Exclude<MessageInitShape<typeof events.CalculationCompletedSchema>, events.CalculationCompleted>;

/** Delivers a run as the tax engine's relay does: an outbox row published onto the bus, then consumed. */
async function deliver(run: Completed): Promise<void> {
  const payload = toBinary(events.CalculationCompletedSchema, create(events.CalculationCompletedSchema, run));
  await db.query(`INSERT INTO clients.outbox_event (id, subject, payload) VALUES (gen_random_uuid(), $1, $2)`, [
    CALCULATION_COMPLETED,
    Buffer.from(payload),
  ]);
  await system.flushEvents();
}

const NO_GAINS = {
  ytdIncomeGain: '0.00',
  ytdExemptGainLoss: '0.00',
  unrealisedIncomeGain: '0.00',
  unrealisedExemptGainLoss: '0.00',
  indexation: '',
  holdoverRelief: '0.00',
  cloggedLoss: '0.00',
};

/** Ann's run at ledger version `version`, YTD capital `ytd` (40.00 worked above). */
function annRun(version: bigint, computedAt: string, ytd = '40.00'): Completed {
  return {
    organisationUuid: ASHW,
    clientUuid: ANN,
    runId: crypto.randomUUID(),
    ledgerVersion: version,
    status: 'SUCCEEDED',
    computedAt,
    taxYear: '2026-27',
    client: {
      ytdCapitalGainLoss: ytd,
      ytdIncomeGain: '0.00',
      ytdExemptGainLoss: '0.00',
      ytdHoldoverReliefGain: '0.00',
      ytdCloggedLoss: '0.00',
      unrealisedCapitalGainLoss: '170.70',
      unrealisedIncomeGain: '0.00',
      unrealisedExemptGainLoss: '0.00',
      marketValue: '890.70',
      annualExemption: '3000.00',
      annualExemptionRemaining: '2960.00',
      broughtForwardLoss: '',
      unusedBroughtForwardLoss: '',
      indexation: '',
      usedIndexation: '',
      calculationFailures: 0,
      thirtyDayDisposalCounter: 1,
      holdingBreaks: 0,
    },
    portfolios: [
      {
        portfolioUuid: ids.annPortfolio,
        ...NO_GAINS,
        marketValue: '150.00',
        ytdCapitalGainLoss: ytd,
        unrealisedCapitalGainLoss: '30.00',
      },
      {
        portfolioUuid: ids.joint,
        ...NO_GAINS,
        marketValue: '740.70',
        ytdCapitalGainLoss: '0.00',
        unrealisedCapitalGainLoss: '140.70',
      },
      // Another firm's portfolio named by a bad run: never touched.
      { portfolioUuid: ids.brookPortfolio, ...NO_GAINS, marketValue: '1.00', ytdCapitalGainLoss: '999.99' },
    ],
    holdings: [
      {
        portfolioUuid: ids.annPortfolio,
        securityId: ALPHA,
        quantity: '60',
        ...NO_GAINS,
        cgtCost: '120.00',
        averageCost: '2.00000000',
        ytdCapitalGainLoss: ytd,
        unrealisedCapitalGainLoss: '30.00',
        thirtyDayDisposalCounter: 1,
        calculationStatus: 'SUCCEEDED',
        calculatedAt: computedAt,
      },
      {
        portfolioUuid: ids.joint,
        securityId: BETA,
        quantity: '600',
        ...NO_GAINS,
        cgtCost: '600.00',
        averageCost: '1.00000000',
        ytdCapitalGainLoss: '0.00',
        unrealisedCapitalGainLoss: '140.70',
        calculationStatus: 'SUCCEEDED',
        calculatedAt: computedAt,
      },
    ],
    transactions: [
      {
        transactionUuid: ids.sell,
        cgtCost: '80.00',
        proceeds: '120.00',
        capitalGainLoss: ytd,
        incomeGain: '0.00',
        exemptGainLoss: '0.00',
        holdoverRelief: '',
        cloggedLoss: '',
        indexation: '',
      },
    ],
  };
}

function benRun(version: bigint, computedAt: string): Completed {
  return {
    organisationUuid: ASHW,
    clientUuid: BEN,
    runId: crypto.randomUUID(),
    ledgerVersion: version,
    status: 'SUCCEEDED',
    computedAt,
    client: { ytdCapitalGainLoss: '0.00', unrealisedCapitalGainLoss: '93.80', marketValue: '493.80' },
    portfolios: [
      {
        portfolioUuid: ids.joint,
        ...NO_GAINS,
        marketValue: '493.80',
        ytdCapitalGainLoss: '0.00',
        unrealisedCapitalGainLoss: '93.80',
      },
    ],
    holdings: [
      {
        portfolioUuid: ids.joint,
        securityId: BETA,
        ...NO_GAINS,
        cgtCost: '400.00',
        averageCost: '1.00000000',
        ytdCapitalGainLoss: '0.00',
        unrealisedCapitalGainLoss: '93.80',
        calculationStatus: 'SUCCEEDED',
        calculatedAt: computedAt,
      },
    ],
  };
}

async function summaryOf(clientCode: string, org = ASHW) {
  const page = await clientsApi.listClientSummaries(
    { organisationUuid: org, page: 1, size: 10, term: clientCode },
    as.manager,
  );
  return page.content.find((c) => c.code === clientCode)!;
}

async function portfolioOf(clientUuid: string, portfolioUuid: string) {
  const { portfolios } = await ledgerApi.listPortfolios({ organisationUuid: ASHW, ids: [clientUuid] }, as.adviser);
  return portfolios.find((p) => p.uuid === portfolioUuid)!;
}

async function holdingOf(portfolioUuid: string, securityId: number) {
  const { holdings } = await ledgerApi.listHoldings(
    { organisationUuid: ASHW, portfolioUuid, clientUuid: '' },
    as.adviser,
  );
  return holdings.find((h) => h.securityId === securityId)!;
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  for (const [uuid, org, code, name] of [
    [ANN, ASHW, 'ZC01', 'Ann Calc'],
    [BEN, ASHW, 'ZC02', 'Ben Calc'],
    [BROOK, BRKF, 'ZC03', 'Brook Calc'],
  ]) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
       VALUES ($1, $2, $3, $4, 'Individual', 'Live', now())`,
      [uuid, org, code, name],
    );
  }
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
     VALUES (${ALPHA}, 'ZCALPH1', 'GB00ZCALPH11', 'Calc Alpha plc', 'Calc Alpha', 'GBP', 'ACTIVE', 2.50, '2026-11-19'),
            (${BETA}, 'ZCBETA1', 'GB00ZCBETA11', 'Calc Beta plc', 'Calc Beta', 'GBP', 'ACTIVE', 1.2345, '2026-11-19')`,
  );
  clientsApi = createClient(clients.ClientsService, system.transports.clients);
  ledgerApi = createClient(ledger.LedgerService, system.transports.clients);
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  as.brook = await tokenFor('brook@gains.example');
  const portfolio = async (org: string, code: string, owners: [string, string][], who = as.manager) =>
    (
      await ledgerApi.savePortfolio(
        {
          organisationUuid: org,
          uuid: '',
          portfolio: {
            code,
            name: code,
            type: 'ADVISORY',
            state: 'LIVE',
            currency: 'GBP',
            taxWrapper: 'GIA',
            owners: owners.map(([clientUuid, percentage]) => ({ clientUuid, percentage })),
          },
        },
        who,
      )
    ).uuid;
  ids.annPortfolio = await portfolio(ASHW, 'ZC-ANN', [[ANN, '100']]);
  ids.joint = await portfolio(ASHW, 'ZC-JOINT', [
    [ANN, '60'],
    [BEN, '40'],
  ]);
  ids.brookPortfolio = await portfolio(BRKF, 'ZC-BROOK', [[BROOK, '100']], as.brook);
  const post = async (
    portfolioUuid: string,
    securityId: number,
    type: string,
    quantity: string,
    price: string,
    tradeDate: string,
    org = ASHW,
    who = as.manager,
  ) =>
    (
      await ledgerApi.postTransaction(
        {
          organisationUuid: org,
          portfolioUuid,
          securityId,
          transaction: { type, tradeDate, quantity, price, expenses: '', currency: 'GBP' },
        },
        who,
      )
    ).uuid;
  ids.buy = await post(ids.annPortfolio, ALPHA, 'BUY', '100', '2', '2026-05-01');
  ids.sell = await post(ids.annPortfolio, ALPHA, 'SELL', '40', '3', '2026-06-02');
  await post(ids.joint, BETA, 'BUY', '1000', '1', '2026-05-01');
  await post(ids.brookPortfolio, ALPHA, 'BUY', '10', '2', '2026-05-01', BRKF, as.brook);
  await system.flushEvents();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

describe('the tax engine’s figures in the grids', () => {
  it('when a client has not been calculated, then its figures are empty (not 0.00) and its status PENDING', async () => {
    const ann = await summaryOf('ZC01');
    expect(ann.calculationStatus).toBe('PENDING');
    expect(ann.lastCalculatedAt).toBeUndefined();
    expect([ann.ytdCapitalGainLoss, ann.unrealisedCapitalGainLoss, ann.annualExceptionRemaining]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const holding = await holdingOf(ids.annPortfolio, ALPHA);
    expect([holding.calculationStatus, holding.cgtCost, holding.averageCost]).toEqual([
      'PENDING',
      undefined,
      undefined,
    ]);
    const status = await clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: ANN }, as.adviser);
    expect(status.status).toBe('PENDING');
    expect(status.lastCalculatedAt).toBeUndefined();
    expect(status.securities.map((s) => [s.securityId, s.lastCalculationStatus])).toEqual([
      [ALPHA, 'PENDING'],
      [BETA, 'PENDING'],
    ]);
  });

  it('when a run lands, then the client, portfolio, holding and transaction rows show exactly its figures', async () => {
    await deliver(annRun(100n, T0));
    const ann = await summaryOf('ZC01');
    expect(ann).toMatchObject({
      calculationStatus: 'SUCCEEDED',
      lastCalculatedAt: T0,
      ytdCapitalGainLoss: '40.00',
      unrealisedCapitalGainLoss: '170.70',
      marketValuation: '890.70',
      annualException: '3000.00',
      annualExceptionRemaining: '2960.00',
      thirtyDayDisposalCounter: 1,
      portfolioCalculationFailures: 0,
    });
    expect(ann.unusedBroughtForwardLoss).toBeUndefined();
    expect(ann.indexation).toBeUndefined();

    const own = await portfolioOf(ANN, ids.annPortfolio);
    expect([own.marketValue, own.ytdCapitalGainLoss, own.unrealisedCapitalGainLoss]).toEqual([
      '150.00',
      '40.00',
      '30.00',
    ]);
    const alpha = await holdingOf(ids.annPortfolio, ALPHA);
    expect(alpha).toMatchObject({
      calculationStatus: 'SUCCEEDED',
      cgtCost: '120.00',
      averageCost: '2',
      ytdCapitalGainLoss: '40.00',
      unrealisedCapitalGainLoss: '30.00',
    });
    const rows = await ledgerApi.listHoldingTransactions(
      {
        organisationUuid: ASHW,
        portfolioUuid: ids.annPortfolio,
        clientUuid: ANN,
        securityId: ALPHA,
        page: 1,
        size: 10,
      },
      as.adviser,
    );
    const sell = rows.content.find((t) => t.uuid === ids.sell)!;
    expect([sell.cgtCost, sell.proceeds, sell.capitalGainLoss]).toEqual(['80.00', '120.00', '40.00']);
    expect(rows.content.find((t) => t.uuid === ids.buy)!.cgtCost).toBeUndefined();

    const status = await clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: ANN }, as.adviser);
    expect(status).toMatchObject({ status: 'SUCCEEDED', lastCalculatedAt: T0, ledgerVersion: '100' });
    expect(status.securities.map((s) => [s.securityId, s.lastCalculationStatus, s.lastCalculationDateTime])).toEqual([
      [ALPHA, 'SUCCEEDED', T0],
      [BETA, 'SUCCEEDED', T0],
    ]);
  });

  it('when both owners of a joint portfolio are computed, then its rows hold the sum of their shares', async () => {
    expect((await holdingOf(ids.joint, BETA)).cgtCost).toBe('600.00');
    await deliver(benRun(100n, T0));
    const beta = await holdingOf(ids.joint, BETA);
    // 600.00 + 400.00; 140.70 + 93.80; average 1,000.00 / 1,000 shares
    expect([beta.cgtCost, beta.unrealisedCapitalGainLoss, beta.averageCost]).toEqual(['1000.00', '234.50', '1']);
    const joint = await portfolioOf(ANN, ids.joint);
    expect([joint.marketValue, joint.unrealisedCapitalGainLoss]).toEqual(['1234.50', '234.50']);
    expect((await summaryOf('ZC02')).unrealisedCapitalGainLoss).toBe('93.80');
  });

  it('when an older run lands after a newer one, then the newer figures stay; a later run of the same ledger replaces them', async () => {
    await deliver(annRun(99n, T1, '999.99'));
    expect((await summaryOf('ZC01')).ytdCapitalGainLoss).toBe('40.00');
    expect((await holdingOf(ids.annPortfolio, ALPHA)).ytdCapitalGainLoss).toBe('40.00');
    // the same ledger version revalued later (a price): its figures win
    await deliver(annRun(100n, T1, '41.00'));
    expect((await summaryOf('ZC01')).ytdCapitalGainLoss).toBe('41.00');
    // ... and one that finished before it does not
    await deliver(annRun(100n, T0, '42.00'));
    const ann = await summaryOf('ZC01');
    expect([ann.ytdCapitalGainLoss, ann.lastCalculatedAt]).toEqual(['41.00', T1]);
  });

  it('when a run names another firm’s portfolio or client, then nothing of the other firm changes', async () => {
    const { rows } = await db.query(
      `SELECT ytd_capital_gain_loss, market_value::text FROM clients.portfolio WHERE uuid = $1`,
      [ids.brookPortfolio],
    );
    expect(rows[0]).toEqual({ ytd_capital_gain_loss: null, market_value: null });
    // Brook's client under Ashworth's organisation: not a client of that firm, so not stored.
    await deliver({ ...annRun(200n, T1), clientUuid: BROOK, portfolios: [], holdings: [], transactions: [] });
    const brook = await summaryOf('ZC03', BRKF).catch(() => undefined);
    const { rows: after } = await db.query(
      `SELECT calculation_status, ytd_capital_gain_loss FROM clients.client WHERE uuid = $1`,
      [BROOK],
    );
    expect(after[0]).toEqual({ calculation_status: 'PENDING', ytd_capital_gain_loss: null });
    expect(brook?.calculationStatus ?? 'PENDING').toBe('PENDING');
  });

  it('when a run’s figure is not exact to the penny, then it is refused and nothing changes', async () => {
    await deliver(annRun(300n, '2026-11-21T09:00:00.000Z', '12.345'));
    expect((await summaryOf('ZC01')).ytdCapitalGainLoss).toBe('41.00');
  });

  it('when a run fails, then the client shows FAILED with its failure count and keeps the figures it had', async () => {
    await deliver({
      ...annRun(400n, '2026-11-21T10:00:00.000Z'),
      status: 'FAILED',
      message: 'the ledger could not be loaded',
      client: { calculationFailures: 1 },
      portfolios: [],
      holdings: [],
      transactions: [],
    });
    const ann = await summaryOf('ZC01');
    expect([ann.calculationStatus, ann.portfolioCalculationFailures, ann.ytdCapitalGainLoss]).toEqual([
      'FAILED',
      1,
      '41.00',
    ]);
    const status = await clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: ANN }, as.manager);
    expect(status.status).toBe('FAILED');
    expect(status.securities.find((s) => s.securityId === ALPHA)?.lastCalculationStatus).toBe('FAILED');
  });
});

describe('GetCalculationStatus', () => {
  it('when another firm’s member asks, then PERMISSION_DENIED (403); another firm’s client is NOT_FOUND', async () => {
    expect(
      await failure(clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: ANN }, as.brook)),
    ).toEqual({
      code: Code.PermissionDenied,
      field: null,
    });
    expect(
      await failure(clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: BROOK }, as.manager)),
    ).toEqual({
      code: Code.NotFound,
      field: 'clientUuid',
    });
    expect(
      await failure(clientsApi.getCalculationStatus({ organisationUuid: ASHW, clientUuid: 'nope' }, as.manager)),
    ).toEqual({
      code: Code.InvalidArgument,
      field: 'clientUuid',
    });
  });

  it('when the BFF is asked by another firm’s member, then 403', async () => {
    const answer = await system.app.request(`/api/clients/calculation-status/${ANN}`, {
      headers: { ...as.brook.headers, 'x-organisation-uuid': ASHW },
    });
    expect(answer.status).toBe(403);
    const mine = await system.app.request(`/api/clients/calculation-status/${ANN}`, {
      headers: { ...as.adviser.headers, 'x-organisation-uuid': ASHW },
    });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ clientUuid: ANN, status: 'FAILED', calculationFailures: 1 });
  });
});
