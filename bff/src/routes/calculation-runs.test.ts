// The stored-calculations calls (issue 23) against the real system: a new client's ledger posted through the API
// is computed by the tax engine on its own, and every slice answers the figures worked by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '@gains/download-links';
import { pdfText } from '@gains/pdf/pdf-text';
import {
  ORG,
  expectError,
  parseCsv,
  startTestSystem,
  type Answer,
  type RequestOptions,
  type TestSystem,
} from '../test-support';

const LINK_SECRET = 'calculation-runs-test-secret-of-forty-chars';

let t: TestSystem;
const ids = { clientUuid: '', portfolioCode: 'CALC-P', runId: '' };
const asManager = (extra: Omit<RequestOptions, 'token' | 'org'> = {}): RequestOptions => ({
  token: t.tokens.manager,
  org: ORG.ASHW,
  ...extra,
});
const get = (path: string) => t.request('GET', `/api${path}`, asManager());

// HMRC HS284 (2019) Example 3, worked by hand. The pool: 1,000 at 4.00 + 150 = 4,150 and 500 at 4.10 + 80 = 2,130,
// so 1,500 shares costing 6,280.
// Sale 1, 2018-05-01, 700 at 4.80 = 3,360 less 100: cost 6,280 x 700/1,500 = 2,930.67 (2,930.666...); allowable
// 3,030.67; gain 3,360 - 3,030.67 = 329.33. Pool after: 800 costing 3,349.33.
// Sale 2, 2019-02-01, 400 at 5.20 = 2,080 less 105: cost 3,349.33 x 400/800 = 1,674.67; allowable 1,779.67; gain
// 2,080 - 1,779.67 = 300.33. Pool after: 400 costing 1,674.67. 2018-19: gains 629.66, exempt amount 11,700.
const LEDGER = [
  { type: 'BUY', tradeDate: '2014-04-01', quantity: '1000', price: '4.00', expenses: '150.00' },
  { type: 'BUY', tradeDate: '2017-09-01', quantity: '500', price: '4.10', expenses: '80.00' },
  { type: 'SELL', tradeDate: '2018-05-01', quantity: '700', price: '4.80', expenses: '100.00' },
  { type: 'SELL', tradeDate: '2019-02-01', quantity: '400', price: '5.20', expenses: '105.00' },
];

async function ok(answer: Answer, status = 200): Promise<any> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  return answer.body;
}

/** A client with one GIA portfolio holding these rows of security 1; answers the client's uuid once a run computed
 * all of them has been stored, with that run's id. */
async function calculatedClient(
  client: { code: string; name: string },
  portfolio: { code: string; name: string },
  rows: readonly Record<string, string>[],
  computed: (run: any) => boolean,
): Promise<{ clientUuid: string; runId: string }> {
  const { uuid: clientUuid } = await ok(
    await t.request('POST', '/api/admin/clients', {
      ...asManager(),
      body: { ...client, typeCode: 'INDIVIDUAL', stateCode: 'LIVE' },
    }),
    201,
  );
  const { uuid: portfolioUuid } = await ok(
    await t.request('POST', '/api/admin/portfolios', {
      ...asManager(),
      body: { ...portfolio, taxWrapper: 'GIA', owners: [{ clientUuid, percentage: '100' }] },
    }),
    201,
  );
  for (const row of rows) {
    await ok(
      await t.request('POST', '/api/customerAdmin/transactions', {
        ...asManager(),
        body: { portfolioUuid, securityId: 1, transaction: { ...row, currency: 'GBP' } },
      }),
      201,
    );
  }
  // The postings queue the client; the run that computed every row is the one the tests read.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const runs = await ok(await get(`/admin/calculations?clientUUID=${clientUuid}`));
    const done = runs.content.find(computed);
    if (done) return { clientUuid, runId: done.id };
    await new Promise((r) => setTimeout(r, 250));
  }
  return { clientUuid, runId: '' };
}

beforeAll(async () => {
  t = await startTestSystem({ password: 'Calc-runs-1!', env: { GAINS_DOWNLOAD_LINK_SECRET: LINK_SECRET } });
  Object.assign(
    ids,
    await calculatedClient(
      { code: 'CALC-1', name: 'Calculation Client' },
      { code: ids.portfolioCode, name: 'Calculated' },
      LEDGER,
      (r) => r.transactions === 4 && r.disposals === 2,
    ),
  );
  expect(ids.runId, 'the engine computed the posted ledger').not.toBe('');
}, 120_000);

afterAll(async () => t?.stop());

describe('the stored calculations calls', () => {
  it('when the client is listed, then its runs come newest first with the run that computed the ledger', async () => {
    const runs = await ok(await get(`/admin/calculations?clientUUID=${ids.clientUuid}`));
    expect(runs.totalSize).toBeGreaterThanOrEqual(1);
    const run = runs.content.find((r: any) => r.id === ids.runId);
    expect(run).toMatchObject({ clientUuid: ids.clientUuid, status: 'SUCCEEDED', disposals: 2, failures: 0 });
    expect(typeof run.ledgerVersion).toBe('string');
    expectError(await get('/admin/calculations'), 400, /clientUUID is required/, 'clientUUID');
  });

  it('when a run is opened, then its years are summed as by hand and its disposals are left to the paged slice', async () => {
    const stored = await ok(await get(`/admin/calculations/${ids.runId}`));
    expect(stored.run.id).toBe(ids.runId);
    expect(stored.taxpayer).toBe('individual');
    const year = stored.taxYears.find((y: any) => y.taxYear === '2018-19');
    expect(year).toMatchObject({
      numberOfDisposals: 2,
      proceeds: '5440.00',
      gains: '629.66',
      annualExemptAmount: '11700.00',
      taxableGain: '0.00',
      disposals: [],
    });
    expect(stored.failures).toEqual([]);
    expect(stored.holdings).toHaveLength(1);
    expect(stored.holdings[0].pool.quantity).toBe('400');
  });

  it('when the disposals are paged, then each carries its number, match and pool before and after', async () => {
    const first = await ok(await get(`/admin/calculations/${ids.runId}/transactions?page=1&size=1`));
    expect(first.totalSize).toBe(2);
    expect(first.content).toHaveLength(1);
    expect(first.content[0]).toMatchObject({
      id: '1',
      taxYear: '2018-19',
      date: '2018-05-01',
      quantity: '700',
      proceeds: '3360.00',
      allowableCost: '3030.67',
      gain: '329.33',
    });
    expect(first.content[0].matches).toEqual([
      expect.objectContaining({ rule: 'section-104', quantity: '700', cost: '2930.67' }),
    ]);
    expect(first.content[0].poolBefore).toMatchObject({ quantity: '1500' });
    expect(first.content[0].poolAfter).toMatchObject({ quantity: '800' });

    const second = await ok(await get(`/admin/calculations/${ids.runId}/transactions?page=2&size=1`));
    expect(second.content.map((d: any) => [d.id, d.date, d.gain])).toEqual([['2', '2019-02-01', '300.33']]);
    const year = await ok(await get(`/admin/calculations/${ids.runId}/transactions?taxYear=2018-19&page=1&size=10`));
    expect(year.content.map((d: any) => d.id)).toEqual(['1', '2']);
    const none = await ok(await get(`/admin/calculations/${ids.runId}/transactions?taxYear=2020-21`));
    expect(none).toEqual({ content: [], totalSize: 0 });
    expectError(await get(`/admin/calculations/${ids.runId}/transactions?taxYear=2018`), 400, /taxYear/, 'taxYear');
  });

  it("when a disposal's portfolios are asked, then its share from the one portfolio is the whole gain", async () => {
    const parts = await ok(await get(`/admin/calculations/${ids.runId}/transactions/2/portfolios`));
    expect(parts).toEqual([
      expect.objectContaining({ portfolio: ids.portfolioCode, quantity: '400', proceeds: '2080.00', gain: '300.33' }),
    ]);
    expectError(await get(`/admin/calculations/${ids.runId}/transactions/3/portfolios`), 404, /no disposal 3/, 'tid');
  });

  it('when the pools, standalone pools and warnings are asked, then they are the run’s own', async () => {
    const pools = await ok(await get(`/admin/calculations/${ids.runId}/pools`));
    expect(pools).toHaveLength(1);
    expect(pools[0].pool.quantity).toBe('400');
    const standalone = await ok(await get(`/admin/calculations/${ids.runId}/standalone-pools`));
    expect(standalone).toEqual([
      expect.objectContaining({ portfolio: ids.portfolioCode, quantity: '400', cgtCost: '1674.67' }),
    ]);
    expect(await ok(await get(`/admin/calculations/${ids.runId}/warnings`))).toEqual([]);
  });

  it("when the yearly figures are asked, then the client's latest run answers them", async () => {
    const query = `?clientUUID=${ids.clientUuid}`;
    const exemption = await ok(await get(`/admin/calculations/annual_exemption${query}`));
    expect(exemption.years).toContainEqual({
      taxYear: '2018-19',
      annualExemptAmount: '11700.00',
      annualExemptAmountRemaining: '11070.34',
    });
    const bfl = await ok(await get(`/admin/calculations/bfl${query}`));
    expect(bfl.years).toContainEqual(
      expect.objectContaining({ taxYear: '2018-19', lossesBroughtForwardUsed: '0.00', lossesCarriedForward: '0.00' }),
    );
    const exempt = await ok(await get(`/admin/calculations/exemption_gain_loss${query}`));
    expect(exempt.years).toContainEqual(
      expect.objectContaining({ taxYear: '2018-19', incomeGains: '0.00', exemptGains: '0.00' }),
    );
  });

  it('when the ledger CSV is asked, then it holds the four rows and the arguments that give the same figures', async () => {
    const files = await ok(await get(`/admin/calculations/ledger-csv?clientUUID=${ids.clientUuid}`));
    const rows = files.csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(5);
    expect(files.csv).toContain('2018-05-01');
    expect(Array.isArray(files.cgtArgs)).toBe(true);
    expect(typeof files.ledgerVersion).toBe('string');
  });

  it('when the failures are reported, then a run without failures gives the header alone', async () => {
    const report = await ok(
      await t.request('POST', '/api/calculations/failures/report-csv', {
        ...asManager(),
        body: { clientUuid: ids.clientUuid, runId: ids.runId },
      }),
    );
    expect(Object.keys(report)).toEqual(['url']);
    const file = await t.request('GET', report.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="CALC-1-calculation-failures-${ids.runId}.csv"`,
    );
    expect(new TextDecoder().decode(file.bytes)).toBe('Client Code,Run,Security,Date,Ref,Message\r\n');
  });

  it('when a recalculation is asked, then one client is queued at once and the firm as a job', async () => {
    const recalc = (body: unknown) =>
      t.request('POST', '/api/admin/calculations/recalculate', { ...asManager(), body });
    expect(await ok(await recalc({ clientUuid: ids.clientUuid }), 202)).toEqual({ jobUuid: '', queuedClients: 1 });
    // The firm: the clients the engine knows queued (this one at least), as a job when the engine runs one ("").
    const firm = await ok(await recalc({ organisation: true }), 202);
    expect(firm.queuedClients).toBeGreaterThanOrEqual(1);
    expect(firm.jobUuid).toMatch(/^([0-9a-f-]{36})?$/);
    expectError(await recalc({}), 400, /clientUuid or organisation/, 'clientUuid');
    expectError(
      await recalc({ clientUuid: ids.clientUuid, organisation: true }),
      400,
      /clientUuid or organisation/,
      'clientUuid',
    );
  });

  it("when an adviser or another firm's member asks, then they are refused", async () => {
    const path = `/api/admin/calculations/${ids.runId}`;
    expect((await t.request('GET', path, { token: t.tokens.adviser, org: ORG.ASHW })).status).toBe(403);
    expect((await t.request('GET', path, { token: t.tokens.brook, org: ORG.BRKF })).status).toBe(404);
    expect((await t.request('GET', path, { token: t.tokens.brook, org: ORG.ASHW })).status).toBe(403);
  });
});

/** The CSV of a link, opened as the new window would: no bearer. */
async function csvOf(url: string): Promise<string[][]> {
  const file = await t.request('GET', url);
  expect(file.status, String(file.body)).toBe(200);
  return parseCsv(new TextDecoder().decode(file.bytes));
}

describe('the Calculation Failures report', () => {
  // A client who sells more than it holds: 100 bought on 10/01/2020, 150 sold on 01/06/2020. The engine cannot
  // match 150 - 100 = 50 of them: one failure, of security 1 on 2020-06-01, and the year 2020-21 incomplete.
  const failing = { clientUuid: '', runId: '', security: '', ref: '' };
  beforeAll(async () => {
    Object.assign(
      failing,
      await calculatedClient(
        { code: 'CALC-2', name: 'Oversold Client' },
        { code: 'CALC-P2', name: 'Oversold' },
        [
          { type: 'BUY', tradeDate: '2020-01-10', quantity: '100', price: '1.00', expenses: '0' },
          { type: 'SELL', tradeDate: '2020-06-01', quantity: '150', price: '2.00', expenses: '0' },
        ],
        (r) => r.transactions === 2,
      ),
    );
    expect(failing.runId, 'the engine computed the oversold ledger').not.toBe('');
    // the security and ledger row as the engine names them (its code for security 1, the row's reference)
    const [failure] = (await ok(await get(`/admin/calculations/${failing.runId}`))).failures;
    failing.security = failure.security;
    failing.ref = failure.ref ?? '';
  }, 90_000);

  const ask = (format: 'csv' | 'pdf', body: unknown, token = t.tokens.manager, org = ORG.ASHW) =>
    t.request('POST', `/api/calculations/failures/report-${format}`, { token, org, body });
  // The engine may store the unchanged ledger again (a later trigger): "the latest run" is any of the client's runs,
  // each with the same one failure.
  const runIds = async (): Promise<string[]> =>
    (await ok(await get(`/admin/calculations?clientUUID=${failing.clientUuid}`))).content.map((r: any) => r.id);

  it('when asked for the latest run, then its CSV has the one failure: client code, run, security, date, ref, message', async () => {
    const rows = await csvOf((await ok(await ask('csv', { clientUuid: failing.clientUuid }))).url);
    expect(rows[0]).toEqual(['Client Code', 'Run', 'Security', 'Date', 'Ref', 'Message']);
    expect(rows).toHaveLength(2);
    expect(await runIds()).toContain(rows[1]![1]);
    expect([rows[1]![0], ...rows[1]!.slice(2, 5)]).toEqual(['CALC-2', failing.security, '2020-06-01', failing.ref]);
    // 150 sold - 100 held = 50 short
    expect(rows[1]![5]).toMatch(/exceeds the holding by 50 shares/);
  });

  it('when asked as a PDF, then the failure reads with the client and its date as DD/MM/YYYY', async () => {
    const file = await t.request('GET', (await ok(await ask('pdf', { clientUuid: failing.clientUuid }))).url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(file.bytes).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Calculation Failures');
    expect(text).toContain('Oversold Client');
    expect(text).toContain('01/06/2020');
    expect(text).toMatch(/exceeds the holding by 50/);
  });

  it("when made, then it is in the client's reports list like the others", async () => {
    const list = await ok(await get(`/clients/${failing.clientUuid}/reports`));
    const kinds = list.map((r: any) => `${r.reportType} ${r.contentType}`);
    expect(kinds).toContain('calculation-failures text/plain');
    expect(kinds).toContain('calculation-failures application/pdf');
    const runs = await runIds();
    for (const r of list.filter((r: any) => r.reportType === 'calculation-failures'))
      expect(runs.map((id) => `Run ${id}`)).toContain(r.subject);
  });

  it("when the run is another client's, or the client never computed, then it is refused naming the field", async () => {
    expectError(
      await ask('csv', { clientUuid: failing.clientUuid, runId: ids.runId }),
      404,
      "The run is not this client's",
      'runId',
    );
    const fresh = await ok(
      await t.request('POST', '/api/admin/clients', {
        ...asManager(),
        body: { code: 'CALC-3', name: 'Never Computed', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' },
      }),
      201,
    );
    expectError(
      await ask('csv', { clientUuid: fresh.uuid }),
      404,
      'The client has not been calculated yet',
      'clientUuid',
    );
    expectError(await ask('csv', {}), 400, /clientUuid/, 'clientUuid');
  });

  it("when an adviser or another firm's member asks, or opens a link to it, then they are refused", async () => {
    const body = { clientUuid: failing.clientUuid };
    expect((await ask('csv', body, t.tokens.adviser)).status).toBe(403);
    expectError(await ask('csv', body, t.tokens.brook), 403, 'You are not a member of this organisation');
    // from their own firm, Ashworth's client is not found
    expect((await ask('csv', body, t.tokens.brook, ORG.BRKF)).status).toBe(404);
    // A link to the kept report, signed for each of them with the server's secret: the reports service refuses
    // the adviser (not the Calculations page's roles) and Brookfield's member (not a member), and opens it for the
    // manager it was made for.
    const url = (await ok(await ask('csv', body))).url as string;
    const claims = JSON.parse(Buffer.from(url.split('/').at(-1)!.split('.')[0]!, 'base64url').toString('utf8'));
    const linkFor = async (persona: 'adviser' | 'brook' | 'manager') => {
      const user = (await t.request('GET', '/api/user', { token: t.tokens[persona] })).body;
      const token = createLinkSigner(LINK_SECRET).sign({
        organisationUuid: ORG.ASHW,
        userUuid: user.uuid,
        kind: 'stored-report',
        parameters: claims.p,
        bearer: t.tokens[persona],
      });
      return t.request('GET', `/api/reports/download/${token}`);
    };
    expectError(await linkFor('adviser'), 403, 'You do not have permission to see calculation failures');
    expectError(await linkFor('brook'), 403, 'You are not a member of this organisation');
    expect((await linkFor('manager')).status).toBe(200);
  });
});
