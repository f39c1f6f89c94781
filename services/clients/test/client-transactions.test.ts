import { Code, createClient } from '@connectrpc/connect';
import { connectFailure as failure } from '@gains/errors/connect-failure';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { identity, imports, ledger, securities } from '@gains/proto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The securities service is reached by path: clients does not depend on it, only its tests run it.
import { securitiesModule } from '../../securities/src/index';
import { clientsModule } from '../src/index';

// ListClientTransactions (a client's rows for its reports) against a real PostgreSQL, with identity and
// securities in process. The rows are posted here, so what each page holds is worked out by hand.
const PASSWORD = 'Report-rows-1!';
const SECRET = 'client-transactions-test-secret';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const ANN = 'a2000000-0000-4000-8000-000000000001';
const BROOK_CLIENT = 'b2000000-0000-4000-8000-000000000001';
const ALPHA = 910001;
const BETA = 910002;

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof ledger.LedgerService>>;
/** A message's fields as a test writes them. */
type Init<M> = Partial<Omit<M, '$typeName' | '$unknown'>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager' | 'adviser' | 'brook' | 'reports' | 'documents' | 'taxEngine', Options>;

const bearer = (accessToken: string): Options => ({ headers: { authorization: `Bearer ${accessToken}` } });

async function portfolio(code: string, org: string, owner: string, who: Options) {
  const p = await api.savePortfolio(
    {
      organisationUuid: org,
      uuid: '',
      portfolio: {
        code,
        name: `Portfolio ${code}`,
        type: 'ADVISORY',
        state: 'LIVE',
        currency: 'GBP',
        taxWrapper: 'GIA',
        owners: [{ clientUuid: owner, percentage: '100' }],
      },
    },
    who,
  );
  return p.uuid;
}

async function post(
  org: string,
  portfolioUuid: string,
  securityId: number,
  t: Init<ledger.TransactionInput>,
  who: Options,
) {
  await api.postTransaction(
    {
      organisationUuid: org,
      portfolioUuid,
      securityId,
      transaction: { type: 'BUY', currency: 'GBP', quantity: '', price: '', expenses: '', ...t },
    },
    who,
  );
}

const ask = (fields: Init<ledger.ListClientTransactionsRequest>) => ({
  organisationUuid: ASHW,
  clientUuid: ANN,
  startDate: '2025-04-06',
  endDate: '2025-05-31',
  ...fields,
});

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, securities: securitiesModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: {
      ...process.env,
      GAINS_DEMO_PASSWORD: PASSWORD,
      GAINS_DEMO_PRICE_DAYS: '30',
      GAINS_SERVICE_TOKEN_SECRET: SECRET,
      GAINS_FILES_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'client-transactions-files-')),
    },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  for (const [uuid, org, code, name] of [
    [ANN, ASHW, 'ZR01', 'Ann Report'],
    [BROOK_CLIENT, BRKF, 'ZRB1', 'Brook Report'],
  ]) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
       VALUES ($1, $2, $3, $4, 'INDIVIDUAL', 'LIVE', now())`,
      [uuid, org, code, name],
    );
  }
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
     VALUES (${ALPHA}, 'ZRALPH1', 'GB00ZRALPH11', 'Report Alpha plc', 'Alpha', 'GBP', 'ACTIVE', 2.50, '2025-06-30'),
            (${BETA}, 'ZRBETA1', 'GB00ZRBETA11', 'Report Beta plc', 'Beta', 'GBP', 'ACTIVE', 1.25, '2025-06-30')`,
  );
  api = createClient(ledger.LedgerService, system.transports.clients);
  const ids = createClient(identity.IdentityService, system.transports.identity);
  const signIn = async (email: string) => bearer((await ids.signIn({ email, password: PASSWORD })).accessToken);
  as.admin = await signIn('admin@gains.example');
  as.manager = await signIn('manager@gains.example');
  as.adviser = await signIn('adviser@gains.example');
  as.brook = await signIn('brook@gains.example');
  as.reports = bearer((await ids.issueServiceToken({ service: 'reports', secret: SECRET })).accessToken);
  as.documents = bearer((await ids.issueServiceToken({ service: 'documents', secret: SECRET })).accessToken);
  as.taxEngine = bearer((await ids.issueServiceToken({ service: 'tax-engine', secret: SECRET })).accessToken);

  // Ann: ZRA holds Alpha, ZRB holds Beta. Trade dates (pay dates for the dividend):
  //   2025-03-01 ZRB BUY Beta 10 (before the period)
  //   2025-04-01 ZRA DIVIDEND Alpha, paid 2025-04-20 (trade date before the period, pay date in it)
  //   2025-04-10 ZRA BUY Alpha 100 @ 2
  //   2025-04-15 ZRB BUY Beta 5, PENDING
  //   2025-05-01 ZRA SELL Alpha 40 @ 3
  //   2025-06-02 ZRA BUY Alpha 1 (after the period)
  const zra = await portfolio('ZRA', ASHW, ANN, as.manager);
  const zrb = await portfolio('ZRB', ASHW, ANN, as.manager);
  await post(ASHW, zrb, BETA, { tradeDate: '2025-03-01', quantity: '10', price: '1.5' }, as.manager);
  await post(
    ASHW,
    zra,
    ALPHA,
    { type: 'DIVIDEND', tradeDate: '2025-04-01', payDate: '2025-04-20', consideration: '12.34', taxDeducted: '1.00' },
    as.manager,
  );
  await post(ASHW, zra, ALPHA, { tradeDate: '2025-04-10', quantity: '100', price: '2' }, as.manager);
  await post(ASHW, zrb, BETA, { tradeDate: '2025-04-15', quantity: '5', price: '1.2', state: 'PENDING' }, as.manager);
  await post(ASHW, zra, ALPHA, { type: 'SELL', tradeDate: '2025-05-01', quantity: '40', price: '3' }, as.manager);
  await post(ASHW, zra, ALPHA, { tradeDate: '2025-06-02', quantity: '1', price: '2' }, as.manager);
  const brook = await portfolio('ZRBK', BRKF, BROOK_CLIENT, as.brook);
  await post(BRKF, brook, ALPHA, { tradeDate: '2025-04-10', quantity: '7', price: '2' }, as.brook);
}, 240_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

const summary = (rows: ledger.Transaction[]) =>
  rows.map((t) => [t.portfolioCode, t.tradeDate, t.transactionType?.type, t.quantity, t.transactionState?.state]);

describe('ListClientTransactions', () => {
  it('when the reports service pages a period, then every portfolio’s rows come in trade-date order, two a page', async () => {
    const first = await api.listClientTransactions(ask({ limit: 2 }), as.reports);
    // in [06/04, 31/05] by trade date: 10/04 buy, 15/04 pending buy, 01/05 sell (the dividend traded 01/04)
    expect(summary(first.transactions)).toEqual([
      ['ZRA', '2025-04-10', 'BUY', '100', 'SETTLED'],
      ['ZRB', '2025-04-15', 'BUY', '5', 'PENDING'],
    ]);
    expect(first.next).not.toBe('');
    const second = await api.listClientTransactions(ask({ limit: 2, after: first.next }), as.reports);
    expect(summary(second.transactions)).toEqual([['ZRA', '2025-05-01', 'SELL', '40', 'SETTLED']]);
    expect(second.next).toBe('');
    // the sell's consideration: 40 x 3 = 120.00; its security named as the report shows it
    expect(second.transactions[0]).toMatchObject({
      considerationGbp: '120.00',
      sedol: 'ZRALPH1',
      isin: 'GB00ZRALPH11',
    });
  });

  it('when states and a security are asked, then only those rows come', async () => {
    const settled = await api.listClientTransactions(ask({ states: ['SETTLED'] }), as.adviser);
    expect(summary(settled.transactions).map((r) => r[1])).toEqual(['2025-04-10', '2025-05-01']);
    const beta = await api.listClientTransactions(ask({ securityId: BETA }), as.manager);
    expect(summary(beta.transactions)).toEqual([['ZRB', '2025-04-15', 'BUY', '5', 'PENDING']]);
  });

  it('when income only is asked, then the income rows paid in the period come, dated by pay date', async () => {
    const income = await api.listClientTransactions(ask({ incomeOnly: true }), as.reports);
    expect(income.transactions.map((t) => [t.payDate, t.incomeType, t.considerationGbp, t.taxDeducted])).toEqual([
      ['2025-04-20', 'UK_DIVIDEND', '12.34', '1.00'],
    ]);
    // paid 20/04, so a period ending 19/04 has none even though it was traded 01/04
    const before = await api.listClientTransactions(
      ask({ incomeOnly: true, startDate: '2025-04-01', endDate: '2025-04-19' }),
      as.reports,
    );
    expect(before.transactions).toEqual([]);
  });

  it('when another firm, another service or a bad field asks, then it is refused naming why', async () => {
    expect(await failure(api.listClientTransactions(ask({}), as.brook))).toMatchObject({ code: Code.PermissionDenied });
    // Brook's own firm does not have Ann: not found, nothing told
    expect(await failure(api.listClientTransactions(ask({ organisationUuid: BRKF }), as.brook))).toMatchObject({
      code: Code.NotFound,
      field: 'clientUuid',
    });
    expect(await failure(api.listClientTransactions(ask({ organisationUuid: BRKF }), as.reports))).toMatchObject({
      code: Code.NotFound,
    });
    expect(await failure(api.listClientTransactions(ask({}), as.documents))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await failure(api.listClientTransactions(ask({ endDate: '2025-04-05' }), as.reports))).toEqual({
      code: Code.InvalidArgument,
      message: 'endDate cannot be before startDate',
      field: 'endDate',
    });
    expect(await failure(api.listClientTransactions(ask({ startDate: '06/04/2025' }), as.reports))).toMatchObject({
      field: 'startDate',
    });
    expect(await failure(api.listClientTransactions(ask({ after: 'x' }), as.reports))).toMatchObject({
      field: 'after',
    });
    expect(await failure(api.listClientTransactions(ask({ limit: 5001 }), as.reports))).toMatchObject({
      field: 'limit',
    });
  });
});

describe('ListClientHoldingsAt', () => {
  const at = (fields: Init<ledger.ListClientHoldingsAtRequest>) => ({
    organisationUuid: ASHW,
    clientUuid: ANN,
    atDate: '2025-04-30',
    ...fields,
  });
  const held = (h: ledger.ClientHoldingAt[]) => h.map((x) => [x.portfolioCode, x.sedol, x.quantity, x.percentage]);

  it('when the reports service asks for a day, then the settled rows traded by its end make each holding', async () => {
    // 30/04: ZRA bought 100 Alpha (the sale of 40 is 01/05); ZRB bought 10 Beta (the pending 5 does not count)
    expect(held((await api.listClientHoldingsAt(at({}), as.reports)).holdings)).toEqual([
      ['ZRA', 'ZRALPH1', '100.0000', '100'],
      ['ZRB', 'ZRBETA1', '10.0000', '100'],
    ]);
    // 31/05: 100 - 40 = 60 Alpha; one security asked for
    expect(
      held((await api.listClientHoldingsAt(at({ atDate: '2025-05-31', securityId: ALPHA }), as.adviser)).holdings),
    ).toEqual([['ZRA', 'ZRALPH1', '60.0000', '100']]);
    // before the first row: nothing held
    expect((await api.listClientHoldingsAt(at({ atDate: '2025-02-28' }), as.reports)).holdings).toEqual([]);
  });

  it('when another firm, another service or a bad day asks, then it is refused', async () => {
    expect(await failure(api.listClientHoldingsAt(at({}), as.brook))).toMatchObject({ code: Code.PermissionDenied });
    expect(await failure(api.listClientHoldingsAt(at({ organisationUuid: BRKF }), as.reports))).toMatchObject({
      code: Code.NotFound,
      field: 'clientUuid',
    });
    expect(await failure(api.listClientHoldingsAt(at({}), as.documents))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await failure(api.listClientHoldingsAt(at({ atDate: '30/04/2025' }), as.reports))).toMatchObject({
      code: Code.InvalidArgument,
      field: 'atDate',
    });
  });
});

// The Holdings report's prices come from the securities service's ListPricesAt, which takes the reports token too.
describe('ListPricesAt for the reports service', () => {
  it('when the reports or documents service asks for a day, then the latest price on or before it answers; another service is refused', async () => {
    const prices = createClient(securities.SecuritiesService, system.transports.securities);
    const demo = (await prices.listSecurities({ organisationUuid: ASHW, page: 1, size: 1 }, as.manager)).content[0]!;
    await prices.setPrice(
      { organisationUuid: ASHW, securityId: demo.id, date: '2020-01-02', price: '1.2345', currency: 'GBP' },
      as.admin,
    );
    await prices.setPrice(
      { organisationUuid: ASHW, securityId: demo.id, date: '2020-01-10', price: '1.5', currency: 'GBP' },
      as.admin,
    );
    // 05/01/2020: the price of 02/01 (the 10/01 one is later), as stored to 8 places
    const answer = await prices.listPricesAt(
      { organisationUuid: ASHW, securityIds: [demo.id], dates: ['2020-01-05'] },
      as.reports,
    );
    expect(answer.prices.map((p) => [p.securityId, p.priceDate, p.priceGbp])).toEqual([
      [demo.id, '2020-01-02', '1.23450000'],
    ]);
    // the documents service values a corporate action's holders the same way
    const asked = { organisationUuid: ASHW, securityIds: [demo.id], dates: ['2020-01-05'] };
    expect((await prices.listPricesAt(asked, as.documents)).prices.map((p) => p.priceGbp)).toEqual(['1.23450000']);
    expect(await failure(prices.listPricesAt(asked, as.taxEngine))).toMatchObject({ code: Code.PermissionDenied });
  });
});

describe('ListClientReconciliation', () => {
  const rec = (fields: Init<ledger.ListClientReconciliationRequest>) => ({
    organisationUuid: ASHW,
    clientUuid: ANN,
    ...fields,
  });

  it('when the firm has reconciled no custodian file, then there is nothing to reconcile', async () => {
    expect(await api.listClientReconciliation(rec({}), as.reports)).toMatchObject({ fileName: '', lines: [] });
  });

  it('when a custodian file is reconciled, then each of its holdings of the client stands against the ledger, breaks first', async () => {
    const importsApi = createClient(imports.ImportsService, system.transports.clients);
    // On 30/04 the ledger holds 100 Alpha in ZRA (bought 10/04) and 10 Beta in ZRB (the pending 5 does not count).
    // The custodian agrees on ZRA and says 12.5 Beta in ZRB: a break of 12.5 - 10 = 2.5.
    const content = 'portfolio,security,quantity,date\nZRA,ZRALPH1,100,2025-04-30\nZRB,ZRBETA1,12.5,2025-04-30\n';
    await importsApi.startImport(
      { organisationUuid: ASHW, kind: 'CUSTODIAN_HOLDINGS', fileName: 'custodian-report.csv', content },
      as.manager,
    );
    await system.settle();
    const answer = await api.listClientReconciliation(rec({}), as.reports);
    expect(answer.fileName).toBe('custodian-report.csv');
    expect(
      answer.lines.map((l) => [
        l.portfolioCode,
        l.sedol,
        l.asAt,
        l.custodianQuantity,
        l.ledgerQuantity,
        l.difference,
        l.break,
      ]),
    ).toEqual([
      ['ZRB', 'ZRBETA1', '2025-04-30', '12.5', '10', '2.5', true],
      ['ZRA', 'ZRALPH1', '2025-04-30', '100', '100', '0', false],
    ]);
    const alpha = await api.listClientReconciliation(rec({ securityId: ALPHA }), as.adviser);
    expect(alpha.lines.map((l) => l.portfolioCode)).toEqual(['ZRA']);
    expect(await failure(api.listClientReconciliation(rec({}), as.brook))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await failure(api.listClientReconciliation(rec({ organisationUuid: BRKF }), as.reports))).toMatchObject({
      code: Code.NotFound,
    });
    expect(await failure(api.listClientReconciliation(rec({}), as.documents))).toMatchObject({
      code: Code.PermissionDenied,
    });
  });
});
