import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT } from './support/start-gains';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, organisationOf, signIn } from './support/browser';

const EXAMPLES = join(ROOT, 'services/tax-engine/examples');
/** HMRC HS284 (2019) Example 3: two sales of LOBSTER plc from one Section 104 pool. */
const HS284_EXAMPLE_3 = join(EXAMPLES, 'hs284-example-3.csv');
const MIXED_LEDGER = join(EXAMPLES, 'mixed-ledger.csv');
const PRICES = join(EXAMPLES, 'prices.csv');

const suite = gainsInChromium();

async function openCalculations(page: Page, email: string = USERS.manager): Promise<void> {
  await signIn(page, email);
  await page.goto(`/${organisationOf(page)}/calculations?tab=file`);
  await page.getByTestId('ledger-guide').waitFor();
}

async function chooseLedger(page: Page, file: string | { name: string; text: string }): Promise<void> {
  const input = page.getByTestId('ledger-file').locator('input[type=file]');
  await input.setInputFiles(
    typeof file === 'string' ? file : { name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.text) },
  );
  await page.getByTestId('ledger-file-rows').waitFor();
}

async function calculate(page: Page): Promise<void> {
  await page.getByTestId('calculate').click();
  await page.getByTestId('calculation-results').waitFor();
}

/** A figure of the tax-year summary: its row is the figure, its column the year. */
const yearFigure = (page: Page, figure: string, taxYear: string) =>
  page.locator(`[data-testid=tax-year-summary] tr[data-figure="${figure}"] td[data-year="${taxYear}"]`).innerText();
const disposalRows = (page: Page) => page.locator('[data-testid=disposals-grid] .ag-center-cols-container .ag-row');
const disposalCell = (page: Page, index: number, colId: string) =>
  page
    .locator(`[data-testid=disposals-grid] .ag-center-cols-container .ag-row[row-index="${index}"] [col-id="${colId}"]`)
    .innerText();
const holdingRow = (page: Page, security: string) =>
  page.locator('[data-testid=holdings-table] tr.ant-table-row').filter({ hasText: security });

describe('the ledger calculation page', () => {
  it('when a customer administrator calculates HS284 Example 3, then the figures are HMRC’s to the penny', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    expect(await page.getByTestId('calculate').isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/calculations-empty.png` });

    await chooseLedger(page, HS284_EXAMPLE_3);
    expect(await page.getByTestId('ledger-file').innerText()).toContain('hs284-example-3.csv');
    expect(await page.getByTestId('ledger-file-rows').innerText()).toBe('4 transactions');
    await calculate(page);

    await page.getByTestId('tax-year-summary').getByRole('columnheader', { name: '2018-19', exact: true }).waitFor();
    expect(await yearFigure(page, 'disposals', '2018-19')).toBe('2');
    expect(await yearFigure(page, 'proceeds', '2018-19')).toBe('£5,440.00');
    expect(await yearFigure(page, 'gains', '2018-19')).toBe('£629.66');
    expect(await yearFigure(page, 'aea', '2018-19')).toBe('£11,700.00');
    expect(await yearFigure(page, 'taxableGain', '2018-19')).toBe('£0.00');

    expect(await disposalRows(page).count()).toBe(2);
    expect(await disposalCell(page, 0, 'date')).toBe('01/05/2018');
    expect(await disposalCell(page, 0, 'gain')).toBe('£329.33');
    expect(await disposalCell(page, 1, 'date')).toBe('01/02/2019');
    expect(await disposalCell(page, 1, 'gain')).toBe('£300.33');
    expect(await disposalCell(page, 0, 'matched')).toBe('Section 104 pool');

    const lobster = holdingRow(page, 'LOBSTER');
    expect(await lobster.locator('td').nth(2).innerText()).toBe('400');
    expect(await lobster.locator('td').nth(3).innerText()).toBe('£1,674.67');
    await page.screenshot({ path: `${SHOTS}/calculations-hs284.png`, fullPage: true });

    // the first sale, opened: 700 of the pool of 1,500 costing £6,280.00
    await disposalRows(page).first().click();
    const detail = page.getByTestId('disposal-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('disposal-matches').locator('tr.ant-table-row').count()).toBe(1);
    const match = detail.getByTestId('disposal-matches').locator('tr.ant-table-row').first();
    expect(await match.innerText()).toContain('Section 104 pool');
    expect(await match.getByTestId('pool-before').innerText()).toBe('1,500 / £6,280.00');
    expect(await match.getByTestId('pool-after').innerText()).toBe('800 / £3,349.33');
    expect(await match.innerText()).toContain('£2,930.67');
    expect(await detail.innerText()).toContain('£3,360.00 − £3,030.67 = £329.33');
    await detail.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calculations-disposal.png` });
    // the opened disposal is the selected row; closing it clears the selection
    const selected = page.locator('[data-testid=disposals-grid] .ag-center-cols-container .ag-row-selected');
    expect(await selected.getAttribute('row-index')).toBe('0');
    await detail.getByRole('button', { name: 'Close the disposal' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(await selected.count()).toBe(0);
    await page.context().close();
  });

  it('when the file is malformed, then each error shows under the upload and no results stay', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    await chooseLedger(page, HS284_EXAMPLE_3);
    await calculate(page);

    await chooseLedger(page, {
      name: 'broken.csv',
      text: 'date,type,security,quantity,price\n2018-05-01,BUY,LOBSTER,lots,4.80\n2018-13-01,SELL,LOBSTER,1,5\n',
    });
    await page.getByTestId('calculate').click();
    await page.getByTestId('calculation-refused').waitFor();
    const errors = page.locator('.ant-form-item-has-error .ant-form-item-explain-error');
    const lines = await errors.allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('line 2, column quantity');
    expect(lines[1]).toContain('line 3, column date');
    expect(await page.getByTestId('calculation-results').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/calculations-error.png` });

    // a new file clears the complaint
    await chooseLedger(page, HS284_EXAMPLE_3);
    expect(await errors.count()).toBe(0);
    await page.context().close();
  });

  it('when the taxpayer is a trust, then the annual exempt amount is half an individual’s', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    await chooseLedger(page, HS284_EXAMPLE_3);
    await page.getByTestId('taxpayer-kind').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Trust$/ })
      .click();
    await page.getByText('Vulnerable beneficiary trust').waitFor();
    await page.getByLabel('Settlements in the group').waitFor();
    await page.getByTestId('add-attributed-gains').waitFor();
    await page.getByTestId('ledger-form').screenshot({ path: `${SHOTS}/calculations-trust-form.png` });
    await calculate(page);
    expect(await yearFigure(page, 'aea', '2018-19')).toBe('£5,850.00');
    expect(await page.getByTestId('calculation-facts').innerText()).toContain('Trust');
    await page.context().close();
  });

  it('when the annual exempt amount is overridden for a year, then that amount is used and a bad year is refused', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    await chooseLedger(page, HS284_EXAMPLE_3);
    await page.getByTestId('add-aea-override').click();
    const row = page.getByTestId('aea-override').first();
    await row.getByLabel('Tax year of the override').fill('2018-20');
    await row.getByLabel('Annual exempt amount to use').fill('500');
    await page.getByTestId('calculate').click();
    await row.getByText('A tax year is written 2024-25').waitFor();
    expect(await page.getByTestId('calculation-results').count()).toBe(0);

    await row.getByLabel('Tax year of the override').fill('2018-19');
    await calculate(page);
    // The year's gains are the sum of its disposal lines to the penny: £329.33 + £300.33 = £629.66; less £500
    // leaves £129.66.
    expect(await yearFigure(page, 'aea', '2018-19')).toBe('£500.00');
    expect(await yearFigure(page, 'taxableGain', '2018-19')).toBe('£129.66');
    await page.screenshot({ path: `${SHOTS}/calculations-aea-override.png` });
    await page.context().close();
  });

  it('when an individual gives the basic-rate band left for 2024-25, then the tax due is worked per rate period', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    // 1,000 X bought for £10,000; 400 sold on 1 July 2024 for £12,000 against £4,000 (gain £8,000, before 30
    // October); the other 600 sold on 2 December 2024 for £15,000 against £6,000 (gain £9,000, from 30 October).
    // Gains £17,000 less the exempt amount £3,000: taxable gain £14,000. The exempt amount goes against the later
    // gains first: £9,000 - £3,000 = £6,000 from 30 October, £8,000 before. The band left, £10,000, is used by the
    // earlier gains first: £8,000 at 10% = £800.00; the £2,000 of band left at 18% = £360.00 and the other
    // £4,000 at 24% = £960.00, £1,320.00 from 30 October. Tax due £800.00 + £1,320.00 = £2,120.00.
    await chooseLedger(page, {
      name: 'two-rate-periods.csv',
      text:
        'date,type,security,quantity,price\n2024-05-01,BUY,X,1000,10.00\n2024-07-01,SELL,X,400,30.00\n' +
        '2024-12-02,SELL,X,600,25.00\n',
    });
    await page.getByTestId('add-basic-rate-band').click();
    const band = page.getByTestId('basic-rate-band').first();
    await band.getByLabel('Tax year of the band').fill('2024-25');
    await band.getByLabel('Basic-rate band left').fill('10,000');
    await page.screenshot({ path: `${SHOTS}/calculations-band-form.png` });
    await calculate(page);

    expect(await yearFigure(page, 'gains', '2024-25')).toBe('£17,000.00');
    expect(await yearFigure(page, 'taxableGain', '2024-25')).toBe('£14,000.00');
    expect(await yearFigure(page, 'taxDue', '2024-25')).toBe('£2,120.00');
    const period = (key: string) => page.locator(`[data-testid=tax-due] tr[data-row="2024-25/${key}"] td`);
    const early = await period('upTo29October2024').allInnerTexts();
    expect(early.slice(1)).toEqual([
      '06/04/2024 to 29/10/2024',
      '£8,000.00',
      '£8,000.00 at 10%',
      '£0.00 at 20%',
      '£800.00',
    ]);
    const late = await period('from30October2024').allInnerTexts();
    expect(late.slice(1)).toEqual([
      '30/10/2024 to 05/04/2025',
      '£6,000.00',
      '£2,000.00 at 18%',
      '£4,000.00 at 24%',
      '£1,320.00',
    ]);
    expect((await period('total').allInnerTexts()).at(-1)).toBe('£2,120.00');
    await page.screenshot({ path: `${SHOTS}/calculations-tax-due.png`, fullPage: true });
    await page.context().close();
  });

  it('when a company gives its accounting year end, then the results are by accounting period without tax due', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    await chooseLedger(page, HS284_EXAMPLE_3);
    await page.getByTestId('taxpayer-kind').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Company$/ })
      .click();
    await page.getByLabel('Accounting year end').fill('31/13');
    await page.getByTestId('calculate').click();
    await page.getByText('The accounting year end must be a day and month, e.g. 31/12').waitFor();
    await page.getByLabel('Accounting year end').fill('31/12');
    await calculate(page);
    // The sales of 1 May 2018 and 1 February 2019 fall in the years to 31 December 2018 and 2019.
    const summary = page.getByTestId('tax-year-summary');
    expect(await summary.locator('thead').innerText()).toContain('Year to 31/12/2018');
    expect(await summary.locator('thead').innerText()).toContain('01/01/2019 to 31/12/2019');
    expect(await page.getByTestId('tax-due-absent').innerText()).toContain('Companies pay corporation tax');
    await page.screenshot({ path: `${SHOTS}/calculations-company-periods.png`, fullPage: true });
    await page.context().close();
  });

  it('when shares sit in two portfolios, then each sale’s gain is attributed to the portfolio it was sold from', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    // One pool of 200 costing 100 + 200 = 300: A sells 50 for 150 against 300 x 50/200 = 75 (gain 75); B then
    // sells 50 for 50 against 225 x 50/150 = 75 (loss 25). Each portfolio keeps 50 shares costing 75.
    await chooseLedger(page, {
      name: 'two-portfolios.csv',
      text:
        'date,type,security,quantity,price,portfolio\n2023-05-01,BUY,X,100,1.00,A\n2023-05-02,BUY,X,100,2.00,B\n' +
        '2023-07-01,SELL,X,50,3.00,A\n2023-08-01,SELL,X,50,1.00,B\n',
    });
    await calculate(page);
    const realised = page.getByTestId('portfolio-realised-table');
    const row = (portfolio: string) => realised.locator('tr.ant-table-row').filter({ hasText: portfolio });
    expect(await row('A').innerText()).toMatch(/A\s+2023-24\s+£75\.00/);
    expect(await row('B').innerText()).toMatch(/B\s+2023-24\s+-£25\.00/);
    expect(await yearFigure(page, 'netGains', '2023-24')).toBe('£50.00');
    await realised.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calculations-portfolios.png` });
    await page.context().close();
  });

  it('when prices are given, then holdings are valued and money sorts as decimals, not text', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openCalculations(page);
    await chooseLedger(page, MIXED_LEDGER);
    await page.getByTestId('prices-file').locator('input[type=file]').setInputFiles(PRICES);
    await page.getByTestId('prices-file-rows').waitFor();
    await calculate(page);

    // 200 HSBA in the joint portfolio at £13.20: £2,640.00, against a cost of £2,324.00
    const hsba = holdingRow(page, 'HSBA');
    expect(await hsba.locator('td').nth(4).innerText()).toBe('£2,640.00');
    expect(await hsba.locator('td').nth(5).innerText()).toBe('£316.00');
    // 2024-25 is split at 30 October 2024. The VOD pool (2,000 shares, £2,026.60 after the 2021 capital return)
    // is taken over on 1 May 2024 for 1,000 NEWVOD and £300: small cash (at most £3,000, CG57836), so no disposal
    // before 30 October; it comes off the new holding's cost, £1,726.60. Sold on 1 November for £2,500 less £10:
    // a gain of £763.40, all after 30 October (so the earlier period's row is left out: nothing in it).
    expect(await yearFigure(page, 'from30October', '2024-25')).toBe('£763.40');
    expect(await page.locator('[data-testid=tax-year-summary] tr[data-figure="before30October"]').count()).toBe(0);

    // proceeds ascending: £600.00 before £10,012.00, which as text ("10012.00" < "600.00") would come first
    await page.locator('[data-testid=disposals-grid] .ag-header-cell[col-id="proceeds"] .ag-header-cell-label').click();
    const count = await disposalRows(page).count();
    const proceeds: string[] = [];
    for (let i = 0; i < count; i++) proceeds.push(await disposalCell(page, i, 'proceeds'));
    expect(proceeds).toEqual(['£600.00', '£1,650.00', '£2,500.00', '£10,012.00']);

    // the 30-day rule in words
    await page.locator('.gains-calc-year-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '2020-21' }).click();
    await expect.poll(() => disposalRows(page).count()).toBe(1);
    expect(await disposalCell(page, 0, 'matched')).toBe('Bed and breakfast (30 days) + Section 104 pool');
    await page.context().close();
  });

  it('when an adviser opens the page, then they are sent to the start', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    const org = organisationOf(page);
    await page.goto(`/${org}/calculations`);
    await page.waitForURL(new RegExp(`/${org}/clients`));
    expect(new URL(page.url()).pathname).toBe(`/${org}/clients`);
    await page.context().close();
  });
});

interface Run {
  id: string;
  disposals: number;
  changes: { taxYear: string; closed: boolean; figures: { figure: string; before: string; after: string }[] }[];
}

/**
 * Shows one of the client's runs: the page shows the latest, and a burst of postings can make a second run of the
 * same ledger after the one a test waited for, so the test clicks its run in the list, as a user would.
 */
async function openRun(page: Page, runId: string): Promise<void> {
  await page.locator(`[data-testid=calculation-runs] tr[data-run="${runId}"]`).click();
  await page.locator(`[data-testid=stored-run][data-run="${runId}"]`).waitFor();
}

/** The client's runs, newest first, until one answers `found` (the engine computes postings in the background). */
async function waitForRun(
  baseUrl: string,
  token: string,
  org: string,
  clientUuid: string,
  found: (run: Run) => boolean,
): Promise<Run | undefined> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const runs = await api<{ content: Run[] }>(baseUrl, token, `/admin/calculations?clientUUID=${clientUuid}`, org);
    const run = runs.content.find(found);
    if (run) return run;
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}

/** POST to the API within the organisation, from outside the browser (setting up what the page will show). */
async function send<T = unknown>(baseUrl: string, token: string, org: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-organisation-uuid': org, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('the stored calculations of a client', () => {
  it('when a customer administrator opens Calculations, then a client is asked for and the file upload is a tab away', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    await page.goto(`/${organisationOf(page)}/calculations`);
    await page.getByTestId('calculations-no-client').waitFor();
    await page.screenshot({ path: `${SHOTS}/calculations-pick-client.png` });
    await page.getByRole('tab', { name: 'Calculate a ledger file' }).click();
    await page.getByTestId('ledger-guide').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('file');
    await page.context().close();
  });

  it('when a client with a sale is picked, then its latest run shows and a disposal opens to its matches', async () => {
    const { baseUrl } = suite.gains;
    const page = await newPage(suite.browser, baseUrl);
    await signIn(page, USERS.manager);
    const org = organisationOf(page);
    const token = await apiToken(baseUrl, USERS.manager);
    // A new client whose ledger is HMRC HS284 Example 3, posted through the API as a firm would: the engine
    // computes it on its own. By hand: the first sale takes 700 of the pool of 1,500 costing 6,280.00, so its cost
    // is 2,930.67 and its gain 3,360.00 - 100.00 - 2,930.67 = 329.33; the second's gain is 300.33.
    const client = await send<{ uuid: string }>(baseUrl, token, org, '/admin/clients', {
      code: 'E2E-CALC',
      name: 'Browser Calculation',
      typeCode: 'INDIVIDUAL',
      stateCode: 'LIVE',
    });
    const portfolio = await send<{ uuid: string }>(baseUrl, token, org, '/admin/portfolios', {
      code: 'E2E-CALC-P',
      name: 'Calculated in the browser test',
      taxWrapper: 'GIA',
      owners: [{ clientUuid: client.uuid, percentage: '100' }],
    });
    for (const [type, tradeDate, quantity, price, expenses] of [
      ['BUY', '2014-04-01', '1000', '4.00', '150.00'],
      ['BUY', '2017-09-01', '500', '4.10', '80.00'],
      ['SELL', '2018-05-01', '700', '4.80', '100.00'],
      ['SELL', '2019-02-01', '400', '5.20', '105.00'],
    ]) {
      await send(baseUrl, token, org, '/customerAdmin/transactions', {
        portfolioUuid: portfolio.uuid,
        securityId: 1,
        transaction: { type, tradeDate, quantity, price, expenses, currency: 'GBP' },
      });
    }
    let run: Run | undefined;
    const deadline = Date.now() + 60_000;
    while (!run && Date.now() < deadline) {
      const runs = await api<{ content: Run[] }>(baseUrl, token, `/admin/calculations?clientUUID=${client.uuid}`, org);
      run = runs.content.find((r) => r.disposals === 2);
      if (!run) await new Promise((r) => setTimeout(r, 500));
    }
    expect(run, 'the engine computed the posted ledger').toBeDefined();

    await page.goto(`/${org}/calculations`);
    await page.getByTestId('calculation-client').click();
    await page.keyboard.type('E2E-CALC');
    await page.locator('.ant-select-item-option').filter({ hasText: 'E2E-CALC' }).first().click();
    await openRun(page, run!.id);
    expect(await yearFigure(page, 'gains', '2018-19')).toBe('£629.66');
    await expect.poll(() => disposalRows(page).count()).toBe(2);
    expect(await disposalCell(page, 0, 'gain')).toBe('£329.33');
    expect(await disposalCell(page, 1, 'gain')).toBe('£300.33');
    await page.screenshot({ path: `${SHOTS}/calculations-client-run.png`, fullPage: true });

    await disposalRows(page).first().click();
    const detail = page.getByTestId('disposal-detail');
    await detail.waitFor();
    const matchRows = detail.locator('tr.ant-table-row');
    expect(await matchRows.count()).toBe(1);
    const match = await matchRows.first().innerText();
    expect(match).toContain('Section 104 pool');
    expect(match).toContain('700');
    expect(match).toContain('£2,930.67');
    await page.screenshot({ path: `${SHOTS}/calculations-client-disposal.png`, fullPage: true });

    // Recalculated from the page: a new run joins the list and shows, with the same figures (a run of the postings
    // may still land too, so the list grows by one at least).
    const runRows = page.locator('[data-testid=calculation-runs] tr[data-run]');
    const before = await runRows.count();
    await page.getByTestId('recalculate').click();
    await expect.poll(() => runRows.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await expect.poll(() => page.getByTestId('recalculate').innerText(), { timeout: 30_000 }).toBe('Recalculate');
    await page.getByTestId('stored-run').waitFor();
    expect(await page.getByTestId('stored-run').getAttribute('data-run')).not.toBe(run!.id);
    await expect.poll(() => disposalRows(page).count()).toBe(2);
    expect(await disposalCell(page, 0, 'gain')).toBe('£329.33');
    await page.context().close();
  }, 120_000);
  it('when a back-dated purchase moves a closed year, then the run shows that year before and after with the moved figures marked', async () => {
    const { baseUrl } = suite.gains;
    const page = await newPage(suite.browser, baseUrl, { viewport: { width: 1400, height: 1200 } });
    await signIn(page, USERS.manager);
    const org = organisationOf(page);
    const token = await apiToken(baseUrl, USERS.manager);
    const client = await send<{ uuid: string }>(baseUrl, token, org, '/admin/clients', {
      code: 'E2E-CLOSED',
      name: 'Closed Year Changed',
      typeCode: 'INDIVIDUAL',
      stateCode: 'LIVE',
    });
    const portfolio = await send<{ uuid: string }>(baseUrl, token, org, '/admin/portfolios', {
      code: 'E2E-CLOSED-P',
      name: 'Back-dated in the browser test',
      taxWrapper: 'GIA',
      owners: [{ clientUuid: client.uuid, percentage: '100' }],
    });
    const post = (type: string, tradeDate: string, quantity: string, price: string, expenses: string) =>
      send(baseUrl, token, org, '/customerAdmin/transactions', {
        portfolioUuid: portfolio.uuid,
        securityId: 1,
        transaction: { type, tradeDate, quantity, price, expenses, currency: 'GBP' },
      });
    // 2018-19, by hand: 1,000 bought for 4,000.00 + 150.00; 700 sold for 3,360.00 less 100.00 costs. The sale's
    // cost is 700/1,000 of 4,150.00 = 2,905.00, allowable costs 3,005.00, gain 3,360.00 - 3,005.00 = 355.00; the
    // year's annual exempt amount 11,700.00 leaves 11,345.00 and nothing is taxable.
    await post('BUY', '2014-04-01', '1000', '4.00', '150.00');
    await post('SELL', '2018-05-01', '700', '4.80', '100.00');
    const first = await waitForRun(baseUrl, token, org, client.uuid, (r) => r.disposals === 1);
    expect(first, 'the engine computed the sale').toBeDefined();

    // Back-dated into the pool before the sale: 500 more for 2,050.00 + 80.00, a pool of 1,500 costing 6,280.00.
    // The sale's cost becomes 700/1,500 of 6,280.00 = 2,930.67 (allowable 3,030.67), its gain 329.33, and the AE
    // left 11,700.00 - 329.33 = 11,370.67. The year ended on 5 April 2019: a closed year moved.
    await post('BUY', '2017-09-01', '500', '4.10', '80.00');
    const run = await waitForRun(baseUrl, token, org, client.uuid, (r) =>
      r.changes.some(
        (y) => y.taxYear === '2018-19' && y.figures.some((f) => f.figure === 'gains' && f.before === '355.00'),
      ),
    );
    expect(run, 'the engine computed the back-dated purchase').toBeDefined();
    expect(run!.changes.find((y) => y.taxYear === '2018-19')!.closed).toBe(true);

    await page.goto(`/${org}/calculations`);
    await page.getByTestId('calculation-client').click();
    await page.keyboard.type('E2E-CLOSED');
    await page.locator('.ant-select-item-option').filter({ hasText: 'E2E-CLOSED' }).first().click();
    await openRun(page, run!.id);
    const year = page.locator('[data-testid=closed-years-changed] [data-testid=closed-year][data-year="2018-19"]');
    await year.waitFor();
    const shown = async (figure: string) => {
      const row = year.locator(`tr[data-figure="${figure}"]`);
      return [
        (await row.locator('td[data-col=before]').innerText()).trim(),
        (await row.locator('td[data-col=after]').innerText()).trim(),
        await row.getAttribute('data-changed'),
      ];
    };
    expect(await shown('numberOfDisposals')).toEqual(['1', '1', 'false']);
    expect(await shown('proceeds')).toEqual(['£3,360.00', '£3,360.00', 'false']);
    expect(await shown('allowableCosts')).toEqual(['£3,005.00', '£3,030.67', 'true']);
    expect(await shown('gains')).toEqual(['£355.00', '£329.33', 'true']);
    expect(await shown('netGains')).toEqual(['£355.00', '£329.33', 'true']);
    expect(await shown('annualExemptAmount')).toEqual(['£11,700.00', '£11,700.00', 'false']);
    expect(await shown('annualExemptAmountRemaining')).toEqual(['£11,345.00', '£11,370.67', 'true']);
    expect(await shown('taxableGain')).toEqual(['£0.00', '£0.00', 'false']);
    expect(await shown('lossesCarriedForward')).toEqual(['£0.00', '£0.00', 'false']);
    expect(await year.locator('tr[data-changed=true]').count()).toBe(4);
    await year.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calculations-closed-year-changed.png`, fullPage: true });
    await page.context().close();
  }, 150_000);
});
