/**
 * The Taximiser in Chromium against the real embedded system (seed 000 §2.7, §4 "Taximiser flow", §5): choose the
 * organisation, the client and its only portfolio (chosen for the user); the holdings show quantities above 0 only;
 * a bad disposal amount on a selected row is named and stops Calculate before the server; the percent planner
 * sets quantity / 100 x percent; Calculate shows disposals whose totals are the sums of the rows; each planner
 * action returns a plan. The client's ledger gains a holding bought and sold outright (quantity 0), whose run also
 * computes the client's figures. Expected figures are worked out here from what the page shows, in exact decimals.
 * The trade list leaves as the server's PDF, read back with pdftotext.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CalculationStatusAnswer, Portfolio, TaximiserPlan } from '../../packages/contracts/src';
import { compareDecimal } from '../../packages/decimal/src';
import { pdfPages } from '../../packages/pdf/src/pdf-text';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, signIn } from './support/browser';

const suite = gainsInChromium();
/** A Brookfield client with exactly one portfolio. */
const ORGANISATION = 'BRKF';
const CLIENT = 'BRK00002';
/** A Brookfield client whose two portfolios hold nothing. */
const EMPTY_CLIENT = 'BRK00004';
/** A security of the demo list the client does not hold: bought and sold outright, so held at 0. */
const SOLD_OUT_SECURITY = 1;
let page: Page;
let org = '';
let token = '';
let portfolio: Portfolio;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.gains.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(org ? { 'x-organisation-uuid': org } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// exact decimals for the expected figures (never floats)
function scaled(text: string, places: number): bigint {
  const clean = text.replace(/[£,]/g, '');
  const negative = clean.startsWith('-');
  const [whole, fraction = ''] = clean.replace('-', '').split('.');
  const units = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  if (fraction.length > places && /[1-9]/.test(fraction.slice(places))) throw new Error(`${text} has more places`);
  return negative ? -units : units;
}
function shown(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${digits.slice(digits.length - places)}`;
}
const gbp = (units: bigint) => (units < 0n ? `-£${shown(-units, 2)}` : `£${shown(units, 2)}`);
/** price (4 places) x amount (4 places) to the penny, half up. */
function proceedsOf(price: string, amount: string): bigint {
  const product = scaled(price, 4) * scaled(amount, 4); // 8 places
  return (product + 500000n) / 1000000n;
}

const holdingsRows = () => page.getByTestId('taximiser-holdings').locator('.ag-center-cols-container .ag-row');
const cell = (row: Locator, colId: string) => row.locator(`[col-id="${colId}"]`);
const text = async (locator: Locator) => (await locator.innerText()).trim();

async function choose(testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function editCell(row: Locator, colId: string, value: string): Promise<void> {
  await cell(row, colId).click();
  const editor = cell(row, colId).locator('input');
  await editor.waitFor();
  await editor.fill(value);
  await editor.press('Enter');
}

/** Each row's quantity, price and disposal amount as shown. */
async function shownRows(): Promise<{ name: string; quantity: string; price: string; amount: string }[]> {
  const result = [];
  for (const row of await holdingsRows().all()) {
    result.push({
      name: await text(cell(row, 'securityName')),
      quantity: await text(cell(row, 'quantity')),
      price: await text(cell(row, 'price')),
      amount: await text(cell(row, 'disposalAmount')),
    });
  }
  return result;
}

const planRequests: string[] = [];

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
  page.on('request', (request) => {
    if (request.url().includes('/api/taximiser/plan')) planRequests.push(request.postData() ?? '');
  });
  await signIn(page, USERS.manager);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const organisations = await call<{ uuid: string; code: string }[]>('GET', '/organisations');
  org = organisations.find((o) => o.code === ORGANISATION)!.uuid;
  const client = (
    await call<{ content: { uuid: string; code: string }[] }>('GET', `/clients/summary?size=10&term=${CLIENT}`)
  ).content.find((c) => c.code === CLIENT)!;
  [portfolio] = await call<Portfolio[]>('POST', '/portfolios/summary', { ids: [client.uuid] });
  for (const [type, tradeDate] of [
    ['BUY', '2025-03-03'],
    ['SELL', '2025-06-02'],
  ]) {
    await call('POST', '/customerAdmin/transactions', {
      portfolioUuid: portfolio.uuid,
      securityId: SOLD_OUT_SECURITY,
      transaction: { type, tradeDate, quantity: '50', price: '2.50', currency: 'GBP' },
    });
  }
  // the sale's run computes the client's figures (CGT cost, gains)
  const deadline = Date.now() + 90_000;
  while (
    (await call<CalculationStatusAnswer>('GET', `/clients/calculation-status/${client.uuid}`)).status === 'PENDING'
  ) {
    if (Date.now() > deadline) throw new Error(`${CLIENT}'s figures were not computed`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}, 120_000);

describe('the Taximiser', () => {
  it('when the organisation, client and portfolio are chosen, then the holdings above 0 show', async () => {
    await page.goto(`${new URL(page.url()).pathname.split('/').slice(0, 2).join('/')}/taximiser`);
    await page.getByTestId('taximiser-organisation').waitFor();
    await page.screenshot({ path: `${SHOTS}/taximiser-start.png` });
    await choose('taximiser-organisation', 'Brookfield');
    await page.getByText('Choose a client').waitFor();
    await page.getByTestId('taximiser-client').click();
    await page.keyboard.type(CLIENT);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: CLIENT })
      .first()
      .click();
    // the client's only portfolio is chosen for the user
    await page.getByTestId('taximiser-portfolio').getByText(portfolio.code).waitFor();
    await holdingsRows().first().waitFor();
    const holdings = await call<{ securityId: number; quantity: string }[]>('POST', '/holdings/summary', {
      portfolioUuid: portfolio.uuid,
      clientUuid: portfolio.clientUuid,
    });
    const aboveZero = holdings.filter((h) => scaled(h.quantity, 4) > 0n);
    // the holding sold outright is not offered (the server may already leave it out)
    expect(aboveZero.some((h) => h.securityId === SOLD_OUT_SECURITY)).toBe(false);
    expect(await holdingsRows().count()).toBe(aboveZero.length);
    expect(
      await page.locator(`[data-testid="taximiser-holdings"] .ag-row[row-id="${SOLD_OUT_SECURITY}"]`).count(),
    ).toBe(0);
    // SEDOL, ISIN and portfolio code are hidden at first; the reduced layout hides the income gain
    const header = (colId: string) =>
      page.getByTestId('taximiser-holdings').locator(`.ag-header-cell[col-id="${colId}"]`);
    for (const hidden of ['sedol', 'isin', 'portfolioCode']) expect(await header(hidden).count()).toBe(0);
    expect(await header('unrealisedIncomeGain').count()).toBe(1);
    await page.getByTestId('taximiser-reduced').click();
    await expect.poll(() => header('unrealisedIncomeGain').count()).toBe(0);
    await page.getByTestId('taximiser-reduced').click();
    await header('unrealisedIncomeGain').waitFor();
    await page.screenshot({ path: `${SHOTS}/taximiser-holdings.png`, fullPage: true });
  });

  it('when a selected row has a bad disposal amount, then it is named and Calculate does not call the server', async () => {
    const first = holdingsRows().first();
    const quantity = await text(cell(first, 'quantity'));
    await editCell(first, 'disposalAmount', '99999999');
    // a non-zero amount selects the row
    await expect.poll(() => first.getAttribute('class')).toContain('ag-row-selected');
    const problem = `Disposal amount must not be more than the ${quantity} held`;
    await page.getByTestId('taximiser-problems').getByText(problem).waitFor();
    expect(await cell(first, 'disposalAmount').getAttribute('class')).toContain('gains-cell-invalid');
    expect(await cell(first, 'disposalAmount').getAttribute('title')).toBe(problem);
    const before = planRequests.length;
    await page.getByTestId('taximiser-calculate').click();
    await page.getByTestId('taximiser-message').getByText(problem).waitFor();
    await page.waitForTimeout(300);
    expect(planRequests.length).toBe(before);
    await page.screenshot({ path: `${SHOTS}/taximiser-invalid.png`, fullPage: true });
  });

  it('when the percent planner runs with 10, then every amount is quantity / 10 to 4 places and all are selected', async () => {
    await page.getByTestId('taximiser-percent').fill('10');
    await page.getByTestId('taximiser-run').click();
    await expect.poll(async () => (await shownRows()).every((r) => r.amount !== '')).toBe(true);
    for (const row of await shownRows()) {
      const tenth = scaled(row.quantity, 4) / 10n; // rounded down at 4 places
      expect(row.amount, row.name).toBe(shown(tenth, 4));
    }
    const count = await holdingsRows().count();
    await page.getByTestId('taximiser-selected-count').getByText(`${count} of ${count} selected`).waitFor();
    expect(await page.getByTestId('taximiser-problems').count()).toBe(0);
  });

  it('when a price is edited, then market value is quantity x price and the gain is value - CGT cost', async () => {
    const second = holdingsRows().nth(1);
    const quantity = await text(cell(second, 'quantity'));
    const cost = await text(cell(second, 'cgtCost'));
    await editCell(second, 'price', '2.5');
    await expect.poll(() => text(cell(second, 'price'))).toBe('2.5000');
    // quantity (4 places) x 2.5 to the penny; then value - cost
    const value = (scaled(quantity, 4) * 25n + 500n) / 1000n;
    expect(await text(cell(second, 'marketValue'))).toBe(gbp(value));
    expect(await text(cell(second, 'unrealisedCapitalGainLoss'))).toBe(gbp(value - scaled(cost, 2)));
  });

  it('when disposals are calculated, then the totals are the sums of the rows and the edited price is used', async () => {
    const rows = await shownRows();
    await page.getByTestId('taximiser-calculate').click();
    const disposals = page.getByTestId('taximiser-disposals').locator('tbody tr.ant-table-row');
    await expect.poll(() => disposals.count(), { timeout: 30_000 }).toBe(rows.length);
    let proceeds = 0n;
    let cost = 0n;
    let gain = 0n;
    for (const row of rows) {
      const line = disposals.filter({ hasText: row.name });
      const cells = line.locator('td');
      // Portfolio, SEDOL, ISIN, Issuer, Security, Quantity, CGT Cost, Proceeds, Income Gain, Capital Gain/Loss
      expect(await text(cells.nth(5))).toBe(row.amount);
      const expected = proceedsOf(row.price, row.amount);
      expect(await text(cells.nth(7)), row.name).toBe(gbp(expected));
      proceeds += expected;
      cost += scaled(await text(cells.nth(6)), 2);
      gain += scaled(await text(cells.nth(9)), 2);
    }
    expect(JSON.parse(planRequests.at(-1)!)).toMatchObject({
      prices: { [(await holdingsRows().nth(1).getAttribute('row-id'))!]: '2.5' },
    });
    const totals = page.getByTestId('taximiser-totals').locator('tbody tr.ant-table-row td');
    expect(await text(totals.nth(0))).toBe(gbp(cost));
    expect(await text(totals.nth(1))).toBe(gbp(proceeds));
    expect(await text(totals.nth(2))).toBe(String(rows.length));
    expect(await text(totals.nth(4))).toBe(gbp(gain));
    await page.getByTestId('taximiser-position').getByText(CLIENT).waitFor();
    await page.getByTestId('taximiser-tax').waitFor();
    await page.screenshot({ path: `${SHOTS}/taximiser-calculated.png`, fullPage: true });
  });

  const actions: [string, string | undefined][] = [
    ['Raise proceeds', '5000'],
    ['Harvest annual exemption', undefined],
    ['Realise client budget in amount', '1500'],
    ['Realise client budget in percent', '25'],
    ['Dispose percentage', '10'],
  ];
  for (const [action, target] of actions) {
    it(`when the planner is asked to "${action}", then a plan comes back`, async () => {
      await choose('taximiser-action', action);
      if (target) await page.getByTestId('taximiser-amount').fill(target);
      const answered = page.waitForResponse((r) => r.url().includes('/api/taximiser/plan'), { timeout: 60_000 });
      await page.getByTestId('taximiser-plan').click();
      const response = await answered;
      expect(response.status(), await response.text()).toBe(200);
      expect(JSON.parse(planRequests.at(-1)!)).toMatchObject({ action: expect.any(String) });
      await page.getByTestId('taximiser-summary').waitFor();
      await expect.poll(() => page.locator('.ant-spin-fullscreen-show').count()).toBe(0);
      const summary = await text(page.getByTestId('taximiser-summary'));
      expect(summary.length).toBeGreaterThan(0);
      if (action === 'Harvest annual exemption') {
        expect(await text(page.getByTestId('taximiser-resultant-chargeable'))).toBe('£0.00');
      }
      await page.screenshot({ path: `${SHOTS}/taximiser-plan-${action.replace(/\W+/g, '-')}.png`, fullPage: true });
    });
  }

  it('when the trade list is downloaded as PDF, then it names the firm and client and holds each sale as shown', async () => {
    const disposals = page.getByTestId('taximiser-disposals').locator('tbody tr.ant-table-row');
    const count = await disposals.count();
    const shownProceeds = await Promise.all(
      Array.from({ length: count }, async (_, i) => text(disposals.nth(i).locator('td').nth(7))),
    );
    const totals = page.getByTestId('taximiser-totals').locator('tbody tr.ant-table-row td');
    const totalProceeds = await text(totals.nth(1));
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('taximiser-trade-list-pdf').click();
    const file = await downloaded;
    // the plan's trade date is today in London
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(file.suggestedFilename()).toBe(`${CLIENT}-trade-list-${today}.pdf`);
    const pdf = fs.readFileSync((await file.path())!);
    fs.writeFileSync(`${SHOTS}/taximiser-trade-list.pdf`, pdf);
    const pages = pdfPages(pdf);
    pages.forEach((p, i) => {
      expect(p).toContain('Brookfield Advisory');
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    expect(all).toContain(CLIENT);
    expect(all).toContain(portfolio.code);
    // each sale's proceeds as the page shows them, and the totals row's
    for (const proceeds of shownProceeds) expect(all).toContain(proceeds);
    const total = new RegExp(`Total\\s+${count} sales?\\s+${totalProceeds.replace(/[.$]/g, '\\$&')}\\s`);
    expect(all).toMatch(total);
    expect(all).toMatch(/Approved by the client: _+/);
    expect(await page.getByTestId('taximiser-trade-list-pdf').getAttribute('class')).not.toContain('ant-btn-loading');
  });

  it('when the plan leaves as a trade list, then the CSV holds each sale as shown, and saving makes pending sales', async () => {
    const disposals = page.getByTestId('taximiser-disposals').locator('tbody tr.ant-table-row');
    const count = await disposals.count();
    const shownProceeds = await Promise.all(
      Array.from({ length: count }, async (_, i) =>
        (await text(disposals.nth(i).locator('td').nth(7))).replace(/[£,]/g, ''),
      ),
    );
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('taximiser-trade-list-csv').click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe(`${new Date().toISOString().slice(0, 10)}-trade-list-${portfolio.code}.csv`);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Trade Date,Client Code,Client Name,Portfolio,Action,SEDOL,ISIN,Security,Quantity,Price,Proceeds,CGT Cost,Capital Gain/Loss,Income Gain,Purchase Cost,Reason',
    );
    // the sales, then the totals line; each sale's proceeds as the table shows them
    expect(lines).toHaveLength(count + 2);
    const proceedsColumn = (line: string) => line.match(/,SELL,(?:"[^"]*"|[^,]*,){5}([^,]+),/)?.[1];
    expect(lines.slice(1, -1).map(proceedsColumn).sort()).toEqual([...shownProceeds].sort());
    expect(lines.at(-1)!.startsWith('Total,')).toBe(true);

    await page.getByTestId('taximiser-save-proposals').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('taximiser-message')
      .getByText(`Saved ${count} proposed sale(s) as pending transactions`)
      .waitFor();
    const first = JSON.parse(planRequests.at(-1)!) as { portfolioUuid: string };
    const held = await call<{ securityId: number }[]>('POST', '/holdings/summary', {
      portfolioUuid: first.portfolioUuid,
      clientUuid: (JSON.parse(planRequests.at(-1)!) as { clientUuid: string }).clientUuid,
    });
    const rows = await call<{ transactionState: { state: string }; notes: string }[]>(
      'GET',
      `/customerAdmin/transactions?portfolioUuid=${first.portfolioUuid}&securityId=${held[0]!.securityId}`,
    );
    expect(
      rows.filter((r) => r.transactionState.state === 'PENDING' && r.notes === 'Proposed by the Taximiser'),
    ).not.toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/taximiser-trade-list.png`, fullPage: true });
  });

  it('when a client with two portfolios is chosen, then none is chosen for the user; an empty one says so', async () => {
    await page.getByTestId('taximiser-client').click();
    await page.keyboard.type(EMPTY_CLIENT);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: EMPTY_CLIENT })
      .first()
      .click();
    // the client's change clears what followed it
    await page.getByText('Choose a portfolio').first().waitFor();
    expect(await page.getByTestId('taximiser-disposals').count()).toBe(0);
    await choose('taximiser-portfolio', `${EMPTY_CLIENT}-01`);
    await page.getByText('This portfolio holds nothing to dispose of').waitFor();
    await page.screenshot({ path: `${SHOTS}/taximiser-empty-portfolio.png` });
  });

  it('when another organisation is chosen, then the client, portfolio and holdings are reset', async () => {
    await choose('taximiser-organisation', 'Ashworth');
    await page.getByText('Choose a client').waitFor();
    expect(await page.getByTestId('taximiser-holdings').count()).toBe(0);
    expect(await page.getByTestId('taximiser-portfolio').innerText()).not.toContain(EMPTY_CLIENT);
  });

  it('when the client has a spouse, then the household is planned: each harvests their own exempt amount', async () => {
    // a Brookfield client whose plan names a spouse with a portfolio of their own (the demo's couples)
    const clients = (await call<{ content: { uuid: string; code: string }[] }>('GET', '/clients/summary?size=50'))
      .content;
    let found: { code: string; spouseName: string } | undefined;
    for (const c of clients) {
      const [own] = await call<Portfolio[]>('POST', '/portfolios/summary', { ids: [c.uuid] });
      if (!own) continue;
      const answer = await call<TaximiserPlan>('POST', '/taximiser/plan', {
        clientUuid: c.uuid,
        portfolioUuid: own.uuid,
        action: 'HARVEST_ANNUAL_EXEMPTION',
      });
      if (!answer.spouse) continue;
      const theirs = await call<Portfolio[]>('POST', '/portfolios/summary', { ids: [answer.spouse.clientUuid] });
      if (theirs.length === 0) continue;
      // the demo's ledgers move with the date: a spouse who has already realised more than the exempt amount this
      // year has nothing to harvest, so the household chosen is one whose spouse has some of it left
      const household = await call<TaximiserPlan>('POST', '/taximiser/plan', {
        clientUuid: c.uuid,
        portfolioUuid: own.uuid,
        action: 'HARVEST_ANNUAL_EXEMPTION',
        household: true,
        spousePortfolioUuid: theirs[0]!.uuid,
      });
      if (compareDecimal(household.spousePlan?.position?.aeRemaining || '0', '0') > 0) {
        found = { code: c.code, spouseName: answer.spouse.name };
        break;
      }
    }
    expect(found, 'a demo client with a spouse who holds a portfolio and has exempt amount left').toBeDefined();
    await choose('taximiser-organisation', 'Brookfield');
    await page.getByTestId('taximiser-client').click();
    await page.keyboard.type(found!.code);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: found!.code })
      .first()
      .click();
    if ((await page.getByText('Choose a portfolio').count()) > 0) await choose('taximiser-portfolio', found!.code);
    await holdingsRows().first().waitFor({ timeout: 30_000 });
    await choose('taximiser-action', 'Harvest annual exemption');
    await page.getByTestId('taximiser-plan').click();
    await page.getByTestId('taximiser-household').getByText(found!.spouseName).waitFor({ timeout: 30_000 });
    await page.getByTestId('taximiser-household-switch').click();
    const spousePortfolio = page.getByTestId('taximiser-spouse-portfolio');
    await spousePortfolio.waitFor();
    if ((await spousePortfolio.locator('.ant-select-selection-placeholder').count()) > 0) {
      await spousePortfolio.click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .first()
        .click();
    }
    const answered = page.waitForResponse((r) => r.url().includes('/api/taximiser/plan'), { timeout: 60_000 });
    await page.getByTestId('taximiser-plan').click();
    expect((await answered).status()).toBe(200);
    expect(JSON.parse(planRequests.at(-1)!)).toMatchObject({
      household: true,
      spousePortfolioUuid: expect.any(String),
    });
    const theirs = page.getByTestId('taximiser-spouse-plan');
    await theirs.waitFor();
    expect(await text(theirs.getByTestId('taximiser-resultant-chargeable'))).toBe('£0.00');
    await page.screenshot({ path: `${SHOTS}/taximiser-household.png`, fullPage: true });
  });

  it('when the sales are bought back in the ISA, then the rebuys fit the allowance left and are listed with the note', async () => {
    // the client gains an ISA: £19,000.00 subscribed this year (entered) leaves £1,000.00 of the £20,000.00
    const client = (
      await call<{ content: { uuid: string; code: string }[] }>('GET', `/clients/summary?size=10&term=${CLIENT}`)
    ).content.find((c) => c.code === CLIENT)!;
    await call('POST', '/admin/portfolios', {
      code: `${CLIENT}-ISA`,
      name: 'Stocks and shares ISA',
      taxWrapper: 'ISA',
      owners: [{ clientUuid: client.uuid, percentage: '100' }],
    });
    // a fresh page: the client's portfolios as they are now, not as the earlier tests fetched them
    await page.reload();
    await choose('taximiser-organisation', 'Brookfield');
    await page.getByTestId('taximiser-client').click();
    await page.keyboard.type(CLIENT);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: CLIENT })
      .first()
      .click();
    await page.getByTestId('taximiser-empty').getByText('Choose a portfolio').waitFor();
    await page.waitForTimeout(1_000); // the portfolios are asked for 800 ms after the client is chosen
    await choose('taximiser-portfolio', portfolio.code);
    await holdingsRows().first().waitFor({ timeout: 30_000 });
    await choose('taximiser-rebuy-where', 'In the client’s ISA');
    await page.getByTestId('taximiser-isa-subscribed').fill('20000.01');
    await page.getByText('ISA subscriptions this tax year must not be more than the £20,000.00 allowance').waitFor();
    await page.getByTestId('taximiser-isa-subscribed').fill('19,000');
    await choose('taximiser-action', 'Dispose percentage');
    await page.getByTestId('taximiser-amount').fill('10');
    const answered = page.waitForResponse((r) => r.url().includes('/api/taximiser/plan'), { timeout: 60_000 });
    await page.getByTestId('taximiser-plan').click();
    const answer = (await (await answered).json()) as TaximiserPlan;
    expect(JSON.parse(planRequests.at(-1)!)).toMatchObject({
      rebuy: 'ISA',
      rebuyPortfolioUuid: expect.any(String),
      isaSubscribed: '19000',
    });
    const panel = page.getByTestId('taximiser-rebuys');
    await panel.waitFor();
    // Worked here: in the plan's order, each sale's shares bought back while £1,000.00 lasts, in the units the
    // sale was made in (whole shares; a fund's places). Quantities at 4 places, money in pennies.
    let left = 100000n;
    const expected: [bigint, bigint][] = [];
    for (const d of answer.disposals) {
      const places = d.quantity.split('.')[1]?.replace(/0+$/, '').length ?? 0;
      const step = 10n ** BigInt(4 - Math.min(4, places));
      const price = scaled(d.price, 4);
      const sold = (scaled(d.clientQuantity, 4) / step) * step;
      const fits = price > 0n ? ((left * 1000000n) / price / step) * step : sold;
      const quantity = fits < sold ? fits : sold;
      if (quantity <= 0n) continue;
      const cost = (price * quantity + 500000n) / 1000000n;
      left -= cost;
      expected.push([quantity, cost]);
    }
    expect(expected.length, 'a sale £1,000.00 can buy back').toBeGreaterThan(0);
    expect(answer.rebuys.map((r) => [scaled(r.quantity, 4), scaled(r.cost, 2)])).toEqual(expected);
    const isa = panel.getByTestId('taximiser-isa');
    expect(await text(isa)).toContain('£1,000.00');
    expect(await text(isa)).toContain(gbp(left));
    expect(await text(panel.getByTestId('taximiser-rebuy-note'))).toContain(
      'the 30-day rule does not match them with these sales',
    );
    await page.screenshot({ path: `${SHOTS}/taximiser-bed-and-isa.png`, fullPage: true });
  });

  it('when the bed-and-ISA plan is downloaded as PDF, then its rebuys and the ISA allowance they leave are in it', async () => {
    // the same request the page keeps for the PDF, answered as JSON for the expected figures
    const answer = await call<TaximiserPlan>('POST', '/taximiser/plan', JSON.parse(planRequests.at(-1)!));
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('taximiser-trade-list-pdf').click();
    const pdf = fs.readFileSync((await (await downloaded).path())!);
    fs.writeFileSync(`${SHOTS}/taximiser-trade-list-bed-and-isa.pdf`, pdf);
    const all = pdfPages(pdf).join('\n');
    expect(all).toMatch(/^\s*Code\s+Security\s+SEDOL\s+Portfolio\s+Bought in\s+Quantity\s+Price\s+Cost\s*$/m);
    for (const r of answer.rebuys) {
      expect(all).toMatch(
        new RegExp(
          `${r.code}\\s.*\\s${CLIENT}-ISA\\s+ISA\\s.*\\s${gbp(scaled(r.cost, 2)).replace('.', '\\.')}\\s*$`,
          'm',
        ),
      );
    }
    expect(all).toMatch(
      new RegExp(`Left after the rebuys\\s+${gbp(scaled(answer.isa!.leftAfter, 2)).replace('.', '\\.')}`),
    );
  });
});
