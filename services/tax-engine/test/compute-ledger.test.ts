import { fromJsonString } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { identity, taxEngine } from '@gains/proto';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { DEMO_ORGANISATIONS } from '@gains/service-kit';
import { startTestPostgres } from '@gains/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxEngineModule } from '../src/index';

// The tax-engine service through its Connect API and through the BFF's REST route, against a real
// PostgreSQL with the identity service beside it in process; the engine runs in the service's
// worker threads. Every expected figure is worked out by hand below (or is HMRC's, HS284 Example 3).
const PASSWORD = 'Fixture-pass-1!';
const ORG = Object.fromEntries(DEMO_ORGANISATIONS.map((o) => [o.code, o.uuid]));
let postgres: RunningPostgres;
let system: InProcessSystem;
let api: ReturnType<typeof createClient<typeof taxEngine.TaxEngineService>>;

const HS284_EXAMPLE_3 = `date,type,security,quantity,price,expenses
2014-04-01,BUY,LOBSTER,1000,4.00,150
2017-09-01,BUY,LOBSTER,500,4.10,80
2018-05-01,SELL,LOBSTER,700,4.80,100
2019-02-01,SELL,LOBSTER,400,5.20,105
`;

async function tokenFor(email: string): Promise<string> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return answer.accessToken;
}
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
/** The service's answer is a LedgerCalculation's JSON text: read back as the message. */
const read = (answer: { ledgerCalculationJson: string }) =>
  fromJsonString(taxEngine.LedgerCalculationSchema, answer.ledgerCalculationJson);

async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (e) {
    return ConnectError.from(e);
  }
  throw new Error('the call was expected to fail');
}

async function rest(token: string | undefined, org: string, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-organisation-uuid': org };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await system.app.request('/api/calculations/ledger', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  // A JSON answer, checked field by field in the tests.
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, 'tax-engine': taxEngineModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_TAX_ENGINE_WORKERS: '2' },
  });
  api = createClient(taxEngine.TaxEngineService, system.transports['tax-engine']);
});

afterAll(async () => {
  await system?.stop();
  await postgres?.stop();
});

describe('computing a ledger file', () => {
  it('when a customer admin computes HS284 Example 3, then both gains and the pool left are HMRC’s figures to the penny', async () => {
    const manager = await tokenFor('manager@gains.example');
    const answer = read(
      await api.computeLedger({ organisationUuid: ORG.ASHW, ledgerCsv: HS284_EXAMPLE_3 }, as(manager)),
    );
    expect(answer.transactions).toBe(4);
    const c = answer.computation!;
    expect(c.taxpayer).toBe('individual');
    expect(c.taxYears).toHaveLength(1);
    const year = c.taxYears[0]!;
    // Pool 1,500 shares costing 4,000 + 150 + 2,050 + 80 = 6,280.
    // Sale 1: 700 x 4.80 = 3,360; cost 6,280 x 700/1,500 = 2,930.666...; + 100 costs: gain 329.333...
    // Pool then 800 costing 3,349.333...; sale 2: 400 x 5.20 = 2,080; cost half the pool 1,674.666...;
    // + 105 costs: gain 300.333...; pool left 400 costing 1,674.666... (HMRC rounds each step: £1,674).
    expect(year.taxYear).toBe('2018-19');
    expect(year.disposals.map((d) => [d.date, d.quantity, d.proceeds, d.allowableCost, d.gain])).toEqual([
      ['2018-05-01', '700', '3360.00', '3030.67', '329.33'],
      ['2019-02-01', '400', '2080.00', '1779.67', '300.33'],
    ]);
    // The year's gains are the lines printed added up: 329.33 + 300.33 (each line rounded once, to the penny).
    expect(year.gains).toBe('629.66');
    expect(year.proceeds).toBe('5440.00');
    expect(year.annualExemptAmount).toBe('11700.00');
    expect(year.taxableGain).toBe('0.00');
    expect(year.sa108!.disposalProceeds).toBe('5440');
    const match = year.disposals[0]!.matches[0]!;
    expect(match.rule).toBe('section-104');
    expect(match.poolBefore).toMatchObject({ quantity: '1500', cost: '6280.00' });
    expect(match.poolAfter).toMatchObject({ quantity: '800', cost: '3349.33' });
    expect(c.holdings[0]!.pool).toMatchObject({ quantity: '400', cost: '1674.67' });
    expect(c.failures).toEqual([]);
  });

  it('when shares are bought back within 30 days, then those are matched first and the rest comes from the pool', async () => {
    const admin = await tokenFor('admin@gains.example');
    const ledger = `date,type,security,quantity,price,expenses
2023-01-10,BUY,ACME,1000,1.00,0
2023-06-01,SELL,ACME,500,2.00,0
2023-06-15,BUY,ACME,200,1.50,0
`;
    const { computation } = read(await api.computeLedger({ organisationUuid: ORG.BRKF, ledgerCsv: ledger }, as(admin)));
    const d = computation!.taxYears[0]!.disposals[0]!;
    // 200 matched with the buy of 15 June (cost 300), 300 from the pool of 1,000 costing 1,000 (cost 300):
    // proceeds 1,000 - 600 = gain 400. The pool keeps 700 shares costing 700; the 200 never join it.
    expect(d.matches.map((m) => [m.rule, m.quantity, m.acquisitionDate ?? null, m.cost])).toEqual([
      ['thirty-day', '200', '2023-06-15', '300.00'],
      ['section-104', '300', null, '300.00'],
    ]);
    expect(d.gain).toBe('400.00');
    expect(computation!.taxYears[0]!.annualExemptAmount).toBe('6000.00');
    expect(computation!.holdings[0]!.pool).toMatchObject({ quantity: '700', cost: '700.00' });
  });

  it('when a trust and prices are given, then the exempt amount is half and holdings carry unrealised gains', async () => {
    const manager = await tokenFor('manager@gains.example');
    const { computation } = read(
      await api.computeLedger(
        {
          organisationUuid: ORG.ASHW,
          taxpayer: { kind: 'trust' },
          ledgerCsv: HS284_EXAMPLE_3,
          pricesCsv: 'security,price\nLOBSTER,6.00\n',
        },
        as(manager),
      ),
    );
    // 2018-19: half of £11,700.
    expect(computation!.taxYears[0]!.annualExemptAmount).toBe('5850.00');
    // 400 x 6.00 = 2,400 against a cost of 1,674.666...: 725.333...
    expect(computation!.holdingValues[0]).toMatchObject({
      security: 'LOBSTER',
      marketValue: '2400.00',
      cgtCost: '1674.67',
      unrealisedCapitalGain: '725.33',
    });
  });

  it('when a disposal is larger than the holding, then it comes back as a failure naming the security, date and shortfall', async () => {
    const admin = await tokenFor('admin@gains.example');
    const ledger = `date,type,security,quantity,price\n2023-05-01,BUY,ACME,100,1.00\n2023-07-01,SELL,ACME,150,1.20\n`;
    const { computation } = read(
      await api.computeLedger({ organisationUuid: ORG.GAINS, ledgerCsv: ledger }, as(admin)),
    );
    expect(computation!.failures).toHaveLength(1);
    const failure = computation!.failures[0]!;
    expect(failure).toMatchObject({ security: 'ACME', date: '2023-07-01' });
    expect(failure.message).toContain('50');
    expect(computation!.taxYears[0]!.complete).toBe(false);
  });
});

describe('refusals', () => {
  it('when a row is malformed, then nothing is computed and the error names every bad line and column', async () => {
    const manager = await tokenFor('manager@gains.example');
    const ledger = `date,type,security,quantity,price\n2023-05-01,BUY,ACME,lots,1.00\n2023-13-01,SELL,ACME,10,1.20\n`;
    const err = await refusal(api.computeLedger({ organisationUuid: ORG.ASHW, ledgerCsv: ledger }, as(manager)));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.metadata.get('x-error-field')).toBe('ledgerCsv');
    expect(err.rawMessage).toMatch(/^The file has 2 errors: /);
    expect(err.rawMessage).toContain('ledger file line 2, column quantity');
    expect(err.rawMessage).toContain('ledger file line 3, column date');
  });

  it('when the taxpayer is incomplete, then the field and the rule are named', async () => {
    const manager = await tokenFor('manager@gains.example');
    const pr = await refusal(
      api.computeLedger(
        {
          organisationUuid: ORG.ASHW,
          taxpayer: { kind: 'personal-representatives', dateOfDeath: '2018-02-30' },
          ledgerCsv: HS284_EXAMPLE_3,
        },
        as(manager),
      ),
    );
    expect(pr.code).toBe(Code.InvalidArgument);
    expect(pr.metadata.get('x-error-field')).toBe('taxpayer.dateOfDeath');
    const aea = await refusal(
      api.computeLedger(
        {
          organisationUuid: ORG.ASHW,
          taxpayer: { kind: 'individual', annualExemptAmountOverrides: { '2018-19': '-5' } },
          ledgerCsv: HS284_EXAMPLE_3,
        },
        as(manager),
      ),
    );
    expect(aea.metadata.get('x-error-field')).toBe('taxpayer.annualExemptAmountOverrides.2018-19');
    const kind = await refusal(
      api.computeLedger(
        { organisationUuid: ORG.ASHW, taxpayer: { kind: 'partnership' }, ledgerCsv: HS284_EXAMPLE_3 },
        as(manager),
      ),
    );
    expect(kind.rawMessage).toBe('kind must be one of individual, trust, personal-representatives, company');
  });

  it('when a firm asks in another firm’s organisation, then it is refused; so is a role without Calculations, and no token', async () => {
    const brook = await tokenFor('brook@gains.example');
    const other = await refusal(
      api.computeLedger({ organisationUuid: ORG.ASHW, ledgerCsv: HS284_EXAMPLE_3 }, as(brook)),
    );
    expect(other.code).toBe(Code.PermissionDenied);
    const adviser = await tokenFor('adviser@gains.example');
    const role = await refusal(
      api.computeLedger({ organisationUuid: ORG.ASHW, ledgerCsv: HS284_EXAMPLE_3 }, as(adviser)),
    );
    expect(role.code).toBe(Code.PermissionDenied);
    const anonymous = await refusal(api.computeLedger({ organisationUuid: ORG.ASHW, ledgerCsv: HS284_EXAMPLE_3 }));
    expect(anonymous.code).toBe(Code.Unauthenticated);
  });
});

describe('POST /api/calculations/ledger', () => {
  it('when a customer admin posts a ledger, then the answer is the computation as JSON with every figure as text', async () => {
    const manager = await tokenFor('manager@gains.example');
    const { status, body } = await rest(manager, ORG.ASHW, { ledgerCsv: HS284_EXAMPLE_3 });
    expect(status).toBe(200);
    expect(body.transactions).toBe(4);
    expect(body.computation.taxYears[0].disposals.map((d: { gain: string }) => d.gain)).toEqual(['329.33', '300.33']);
    expect(body.computation.taxYears[0].lossesCarriedForward).toBe('0.00');
    expect(body.computation.failures).toEqual([]);
  });

  it('when the body or the file is wrong, then 400 names the field; another firm’s organisation is 403', async () => {
    const manager = await tokenFor('manager@gains.example');
    const missing = await rest(manager, ORG.ASHW, {});
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('ledgerCsv');
    const badKind = await rest(manager, ORG.ASHW, { ledgerCsv: HS284_EXAMPLE_3, taxpayer: { kind: 7 } });
    expect(badKind.status).toBe(400);
    expect(badKind.body.field).toBe('taxpayer.kind');
    const badFile = await rest(manager, ORG.ASHW, { ledgerCsv: 'date,type,security\n2023-01-01,BUY\n' });
    expect(badFile.status).toBe(400);
    expect(badFile.body.field).toBe('ledgerCsv');
    expect(badFile.body.type_description).toContain('line 2');
    const brook = await tokenFor('brook@gains.example');
    expect((await rest(brook, ORG.ASHW, { ledgerCsv: HS284_EXAMPLE_3 })).status).toBe(403);
    expect((await rest(undefined, ORG.ASHW, { ledgerCsv: HS284_EXAMPLE_3 })).status).toBe(401);
  });

  it('when a file has more disposals than a page, then each page carries its share in order and the total', async () => {
    const manager = await tokenFor('manager@gains.example');
    // 100 shares at £1, then one sold at £2 on the first of each month from February to August 2018: a gain of
    // £1 each. 2017-18 has three (1 February, 1 March, 1 April), 2018-19 four.
    const months = ['02', '03', '04', '05', '06', '07', '08'];
    const ledgerCsv = `date,type,security,quantity,price\n2018-01-10,BUY,X,100,1\n${months.map((m) => `2018-${m}-01,SELL,X,1,2\n`).join('')}`;
    const page = async (disposalsPage: number) => {
      const { status, body } = await rest(manager, ORG.ASHW, { ledgerCsv, disposalsPage, disposalsPageSize: 2 });
      expect(status).toBe(200);
      return body;
    };
    const pages = await Promise.all([1, 2, 3, 4, 5].map(page));
    expect(pages.map((p) => p.disposalsPage)).toEqual([1, 2, 3, 4, 5].map((n) => ({ page: n, pageSize: 2, total: 7 })));
    const dates = (p: any) =>
      p.computation.taxYears.map((y: any) => [y.taxYear, y.disposals.map((d: { date: string }) => d.date)]);
    expect(pages.map(dates)).toEqual([
      [
        ['2017-18', ['2018-02-01', '2018-03-01']],
        ['2018-19', []],
      ],
      [
        ['2017-18', ['2018-04-01']],
        ['2018-19', ['2018-05-01']],
      ],
      [
        ['2017-18', []],
        ['2018-19', ['2018-06-01', '2018-07-01']],
      ],
      [
        ['2017-18', []],
        ['2018-19', ['2018-08-01']],
      ],
      [
        ['2017-18', []],
        ['2018-19', []],
      ],
    ]);
    // The years' figures are whole on every page: 3 and 4 disposals, gains £3 and £4.
    for (const p of pages)
      expect(p.computation.taxYears.map((y: any) => [y.numberOfDisposals, y.gains])).toEqual([
        [3, '3.00'],
        [4, '4.00'],
      ]);
    // Unasked, the first 500.
    expect((await rest(manager, ORG.ASHW, { ledgerCsv })).body.disposalsPage).toEqual({
      page: 1,
      pageSize: 500,
      total: 7,
    });
    const tooBig = await rest(manager, ORG.ASHW, { ledgerCsv, disposalsPageSize: 5001 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({
      field: 'disposalsPageSize',
      type_description: 'Disposals a page must be a whole number from 1 to 5,000',
    });
    expect((await rest(manager, ORG.ASHW, { ledgerCsv, disposalsPage: 0 })).body.field).toBe('disposalsPage');
  });

  it('when a quote is never closed, a row is short of cells or a prices column is unknown, then 400 names the line and column', async () => {
    const manager = await tokenFor('manager@gains.example');
    // Line 3 opens a quote in its quantity: the sale on line 4 would have vanished into that cell.
    const unclosed = await rest(manager, ORG.ASHW, {
      ledgerCsv:
        'date,type,security,quantity,price\n2023-01-01,BUY,X,100,1\n2023-02-01,SELL,X,"10,2\n2023-03-01,SELL,X,10,2\n',
    });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.field).toBe('ledgerCsv');
    expect(unclosed.body.type_description).toBe(
      'The file has an error: ledger file line 3, column quantity: a quote opened here is never closed, so every line after it would be read into this cell',
    );
    const short = await rest(manager, ORG.ASHW, {
      ledgerCsv: 'date,type,security,quantity,price\n2023-01-01,BUY,X,100,1\n2023-02-01,SELL,X,10\n',
    });
    expect(short.status).toBe(400);
    expect(short.body.type_description).toContain('ledger file line 3, column price: 4 cells but the header has 5');
    const prices = await rest(manager, ORG.ASHW, {
      ledgerCsv: HS284_EXAMPLE_3,
      pricesCsv: 'security,price,currency\nLOBSTER,6.00,GBP\n',
    });
    expect(prices.status).toBe(400);
    expect(prices.body.field).toBe('pricesCsv');
    expect(prices.body.type_description).toContain('prices file line 1, column currency: unknown column "currency"');
  });
});
