// Issue 23, "Figures must agree": one ledger imported through Interface Logging is computed by the tax engine on its
// own, and every place that shows its figures (the clients grid, the holdings, the Calculations calls and `pnpm cgt
// --json` on the downloaded CSV) answers the same figures, equal to those worked by hand below.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, startTestSystem, type Answer, type TestSystem } from '../test-support';

const CLI = fileURLToPath(new URL('../../../services/tax-engine/src/cli/cgt.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT = 'AGREE-1';
const PORTFOLIO = 'AGREE-P';
// Demo security 1 (Wexcombe Utilities plc, GBP), the provider's, shared by every firm.
const SEDOL = 'BSR9QJ6';

/** The current UK tax year's start (6 April) and name, from today: the grid's YTD figures are this year's. */
function currentTaxYear(today = new Date()): { start: string; name: string } {
  const y = today.getUTCFullYear();
  const beforeApril6 = today.getUTCMonth() < 3 || (today.getUTCMonth() === 3 && today.getUTCDate() < 6);
  const first = beforeApril6 ? y - 1 : y;
  return { start: `${first}-04-06`, name: `${first}-${String((first + 1) % 100).padStart(2, '0')}` };
}
const THIS_YEAR = currentTaxYear();

// HMRC HS284 (2019) Example 3, then one sale in the current tax year, worked by hand (Section 104 pool only: no
// acquisition on the day of or within 30 days after any sale).
// Buys: 1,000 at 4.00 + 150 = 4,150.00 and 500 at 4.10 + 80 = 2,130.00; pool 1,500 costing 6,280.00.
// Sale 1, 2018-05-01, 700 at 4.80 = 3,360.00 less 100: cost 6,280 x 700/1,500 = 2,930.67; gain 3,360 - 100 -
//   2,930.67 = 329.33. Pool 800 costing 3,349.33.
// Sale 2, 2019-02-01, 400 at 5.20 = 2,080.00 less 105: cost 3,349.33 x 400/800 = 1,674.67; gain 2,080 - 105 -
//   1,674.67 = 300.33. Pool 400 costing 1,674.67. 2018-19: gains 629.66.
// Sale 3, 6 April of the current tax year (never in the future), 100 at 6.00 = 600.00 less 20: cost 1,674.67 x
//   100/400 = 418.67 (418.6675, or 418.666... from the unrounded pool: both 418.67); gain 600 - 20 - 418.67 =
//   161.33. Pool 300 costing 1,674.67 - 418.67 = 1,256.00 (unrounded: 6,280 x 300/1,500 = 1,256.00 exactly).
const YTD_GAIN = '161.33';
const POOL_QUANTITY = '300';
const POOL_COST = '1256.00';
const LEDGER_CSV = [
  'client,portfolio,security,date,type,quantity,price,expenses,ref',
  `${CLIENT},${PORTFOLIO},${SEDOL},2014-04-01,BUY,1000,4.00,150.00,AG-1`,
  `${CLIENT},${PORTFOLIO},${SEDOL},2017-09-01,BUY,500,4.10,80.00,AG-2`,
  `${CLIENT},${PORTFOLIO},${SEDOL},2018-05-01,SELL,700,4.80,100.00,AG-3`,
  `${CLIENT},${PORTFOLIO},${SEDOL},2019-02-01,SELL,400,5.20,105.00,AG-4`,
  `${CLIENT},${PORTFOLIO},${SEDOL},${THIS_YEAR.start},SELL,100,6.00,20.00,AG-5`,
].join('\n');

let t: TestSystem;
const ids = { client: '', portfolio: '', runId: '', ledgerVersion: '' };
const asManager = (body?: unknown) => ({ token: t.tokens.manager, org: ORG.ASHW, body });
const get = (path: string) => t.request('GET', `/api${path}`, asManager());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ok(answer: Answer, status = 200): Promise<any> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  return answer.body;
}

/** Polls until `probe` answers a value, for at most `ms`; the engine and the import run after their answers. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  t = await startTestSystem({ password: 'Figures-agree-1!' });
  ids.client = (
    await ok(
      await t.request(
        'POST',
        '/api/admin/clients',
        asManager({ code: CLIENT, name: 'Figures Agree', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }),
      ),
      201,
    )
  ).uuid;
  ids.portfolio = (
    await ok(
      await t.request(
        'POST',
        '/api/admin/portfolios',
        asManager({
          code: PORTFOLIO,
          name: 'Agreeing',
          taxWrapper: 'GIA',
          owners: [{ clientUuid: ids.client, percentage: '100' }],
        }),
      ),
      201,
    )
  ).uuid;

  const task = await ok(
    await t.request(
      'POST',
      '/api/interface-logging/imports',
      asManager({ kind: 'TRANSACTIONS', fileName: 'figures-agree.csv', content: LEDGER_CSV }),
    ),
    202,
  );
  const done = await until('the import', 60_000, async () => {
    const now = await ok(await get(`/interface-logging/imports/${task.uuid}`));
    return now.status === 'SUCCEEDED' || now.status === 'FAILED' ? now : undefined;
  });
  expect(done, JSON.stringify(done.rejectedRows ?? done.message)).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 5 });

  // The import's ledger version is the one the CSV is cut at; the figures to compare are those of its run.
  ids.ledgerVersion = (await ok(await get(`/admin/calculations/ledger-csv?clientUUID=${ids.client}`))).ledgerVersion;
  const status = await until('the calculation of the imported ledger', 60_000, async () => {
    const now = await ok(await get(`/clients/calculation-status/${ids.client}`));
    return now.status !== 'PENDING' && now.ledgerVersion === ids.ledgerVersion ? now : undefined;
  });
  expect(status).toMatchObject({ status: 'SUCCEEDED', calculationFailures: 0 });
  const runs = await ok(await get(`/admin/calculations?clientUUID=${ids.client}`));
  const run = runs.content.find((r: any) => r.ledgerVersion === ids.ledgerVersion && r.status === 'SUCCEEDED');
  expect(run, JSON.stringify(runs.content)).toBeDefined();
  ids.runId = run.id;
}, 180_000);

afterAll(async () => t?.stop());

describe('issue 23: figures must agree', () => {
  it("when the clients grid is read, then the client's YTD capital gain is the hand-worked gain", async () => {
    const page = await ok(await get(`/clients/summary?term=${CLIENT}&size=10`));
    const row = page.content.find((r: any) => r.uuid === ids.client);
    expect(row).toMatchObject({ code: CLIENT, calculationStatus: 'SUCCEEDED', ytdCapitalGainLoss: YTD_GAIN });
  });

  it("when the client's holdings are read, then the holding's CGT cost is the pool's hand-worked cost", async () => {
    const holdings = await ok(
      await t.request(
        'POST',
        '/api/holdings/summary',
        asManager({ portfolioUuid: ids.portfolio, clientUuid: ids.client }),
      ),
    );
    expect(holdings).toHaveLength(1);
    expect(holdings[0].securityId).toBe(1);
    expect(Number(holdings[0].quantity)).toBe(Number(POOL_QUANTITY));
    expect(holdings[0].cgtCost).toBe(POOL_COST);
  });

  it("when the Calculations calls are asked, then the run's years and pool are the hand-worked figures", async () => {
    const stored = await ok(await get(`/admin/calculations/${ids.runId}`));
    const year = (name: string) => stored.taxYears.find((y: any) => y.taxYear === name);
    expect(year('2018-19')).toMatchObject({ numberOfDisposals: 2, gains: '629.66', losses: '0.00' });
    expect(year(THIS_YEAR.name)).toMatchObject({
      numberOfDisposals: 1,
      proceeds: '600.00',
      gains: YTD_GAIN,
      losses: '0.00',
      netGains: YTD_GAIN,
    });
    expect(stored.holdings).toHaveLength(1);
    expect(stored.holdings[0].pool).toMatchObject({ quantity: POOL_QUANTITY, cost: POOL_COST });
    const standalone = await ok(await get(`/admin/calculations/${ids.runId}/standalone-pools`));
    expect(standalone).toEqual([
      expect.objectContaining({ portfolio: PORTFOLIO, quantity: POOL_QUANTITY, cgtCost: POOL_COST }),
    ]);
  });

  it('when `pnpm cgt --json` is run on the downloaded CSV with its arguments, then it prints the same figures', async () => {
    const files = await ok(await get(`/admin/calculations/ledger-csv?clientUUID=${ids.client}`));
    expect(files.ledgerVersion).toBe(ids.ledgerVersion);
    const dir = mkdtempSync(join(tmpdir(), 'figures-agree-'));
    writeFileSync(join(dir, 'ledger.csv'), files.csv);
    const args = [join(dir, 'ledger.csv'), ...files.cgtArgs, '--json'];
    if (files.pricesCsv) {
      writeFileSync(join(dir, 'prices.csv'), files.pricesCsv);
      args.push('--prices', join(dir, 'prices.csv'));
    }
    const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const year = out.taxYears.find((y: any) => y.taxYear === THIS_YEAR.name);
    expect(year).toMatchObject({ proceeds: '600.00', gains: YTD_GAIN, losses: '0.00', netGains: YTD_GAIN });
    expect(out.taxYears.find((y: any) => y.taxYear === '2018-19')).toMatchObject({ gains: '629.66' });
    expect(out.holdings).toHaveLength(1);
    expect(out.holdings[0].pool).toMatchObject({ quantity: POOL_QUANTITY, cost: POOL_COST });
  });
});
