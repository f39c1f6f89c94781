/**
 * The Portfolio Movements page in Chromium against the real embedded system (issue 26; seed 001 §2, §5): a gift
 * between two clients added through the Add Portfolio Movement Header modal (client and portfolio searches, the
 * §5 messages first), its header modal with the movement's Event Terms, the Previews and Proposed Transactions
 * rows naming the portfolio each posts to, Refresh, Create transactions, and the header RUN.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { apiCall, apiToken, newPage, organisationOf, screenshot, signIn, USERS } from './support/browser';

const suite = gainsInChromium();
const TAG = `E2E${Date.now().toString(36).toUpperCase().slice(-5)}`;
let page: Page;
let org = '';
let token = '';

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.gains.baseUrl, { token, org }, method, path, body);

const shot = (name: string) => screenshot(page, name);

/** A client with one GIA portfolio, through the REST API. */
async function client(suffix: string) {
  const { uuid } = await call<{ uuid: string }>('POST', '/admin/clients', {
    code: `${TAG}-${suffix}`,
    name: `Movement ${suffix}`,
    typeCode: 'INDIVIDUAL',
    stateCode: 'LIVE',
  });
  const portfolio = await call<{ uuid: string }>('POST', '/admin/portfolios', {
    code: `${TAG}-${suffix}-GIA`,
    name: `Movement ${suffix} GIA`,
    taxWrapper: 'GIA',
    owners: [{ clientUuid: uuid, percentage: '100' }],
  });
  return { uuid, portfolio: portfolio.uuid };
}

/** Types into an antd select's search box and picks the option holding `text`. */
async function choose(testId: string, term: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(term);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await option.first().waitFor({ timeout: 15_000 });
  await option.first().click();
}

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1000 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const giver = await client('GIVER');
  await client('RECV');
  await call('POST', '/customerAdmin/transactions', {
    portfolioUuid: giver.portfolio,
    securityId: 1,
    transaction: { type: 'BUY', tradeDate: '2026-08-03', quantity: '1000', price: '3', expenses: '0', currency: 'GBP' },
  });
}, 120_000);

describe('the Portfolio Movements page', () => {
  it('when the page opens, then it searches by trade date, lists Portfolio Movement Headers, and Add New waits for a type', async () => {
    await page.goto(`/${org}/portfolio-movements`);
    await page.getByTestId('ca-filters').waitFor();
    await page.getByTestId('ca-headers-grid').waitFor();
    expect(await page.getByTestId('ca-date-type').innerText()).toContain('Trade Date');
    await page.getByText('Portfolio Movement Headers').waitFor();
    expect(await page.getByTestId('ca-add-new').isDisabled()).toBe(true);
    await shot('portfolio-movements-start');
  });

  it('when a gift is added between two clients, then the header is created and its transactions are posted: RUN', async () => {
    await page.getByTestId('ca-type').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Gift to another client' })
      .click();
    await page.getByTestId('ca-add-new').click();
    await page.getByText('Add Portfolio Movement Header').waitFor();
    // §5's messages before anything is filled in
    await page.getByTestId('movement-out-percentage-0').fill('');
    await page.getByTestId('movement-save').click();
    await page.getByText('Trade Date is required').waitFor();
    expect(await page.getByText('Portfolio is required').count()).toBe(2);
    await page.getByText('Transfer percentage is required').waitFor();
    await shot('portfolio-movements-add-invalid');

    const date = page.locator('#tradeDate');
    await date.click();
    await date.fill('05/10/2026');
    await date.press('Enter');
    await choose('movement-out-client-0', `${TAG}-GIV`, `${TAG}-GIVER`);
    await choose('movement-out-portfolio-0', 'GIA', `${TAG}-GIVER-GIA`);
    await page.getByTestId('movement-out-percentage-0').fill('50');
    await choose('movement-in-client-0', `${TAG}-REC`, `${TAG}-RECV`);
    await choose('movement-in-portfolio-0', 'GIA', `${TAG}-RECV-GIA`);
    await shot('portfolio-movements-add');
    await page.getByTestId('movement-save').click();
    await page.locator('.ant-message').getByText('Header created').waitFor();

    // the new header opens: the movement's terms, no security
    const modal = page.getByTestId('header-modal');
    await modal.waitFor();
    await page.getByText('Portfolio Movement Header', { exact: true }).waitFor();
    const terms = page.getByTestId('header-event-terms');
    expect(await terms.innerText()).toContain('05/10/2026');
    expect(await page.getByTestId('header-movement-out').innerText()).toContain(`${TAG}-GIVER-GIA`);
    expect(await page.getByTestId('header-movement-in').innerText()).toContain(`${TAG}-RECV-GIA`);
    expect(await modal.getByText('SEDOL').count()).toBe(0);
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 60_000 }).toBe('PENDING');
    await shot('portfolio-movements-header');

    // each preview row names the portfolio it posts to (the client column is further right; the BFF test checks it):
    // the gift out from the giver's GIA, the transfer in to the receiver's
    const rowsOf = async (testId: string) => {
      const grid = page.getByTestId(testId);
      await grid.waitFor();
      await expect.poll(() => grid.getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
      await grid.locator('.ag-center-cols-container .ag-row').first().waitFor();
      return grid;
    };
    await page.getByRole('tab', { name: 'Previews' }).click();
    const previews = await rowsOf('header-previews');
    const giftOut = previews.locator('.ag-center-cols-container .ag-row', { hasText: 'GIFT_OUT' });
    const transferIn = previews.locator('.ag-center-cols-container .ag-row', { hasText: 'TRANSFER_IN' });
    expect(await giftOut.innerText()).toContain(`${TAG}-GIVER-GIA`);
    expect(await transferIn.innerText()).toContain(`${TAG}-RECV-GIA`);
    expect(await transferIn.innerText()).not.toContain(`${TAG}-GIVER-GIA`);
    await shot('portfolio-movements-header-previews');
    await page.getByRole('tab', { name: 'Proposed Transactions' }).click();
    const proposed = await rowsOf('header-proposed');
    expect(
      await proposed.locator('.ag-center-cols-container .ag-row', { hasText: 'TRANSFER_IN' }).innerText(),
    ).toContain(`${TAG}-RECV-GIA`);

    // Refresh is offered for a movement too: nothing changed in the ledger, so the header is PENDING again
    expect(await page.getByTestId('header-refresh').isDisabled()).toBe(false);
    await page.getByTestId('header-refresh').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Refresh' }).click();
    await page.locator('.ant-message').getByText('Refreshing candidates').waitFor();
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('PENDING');

    await page.getByTestId('header-create-transactions').click();
    await page.locator('.ant-message').getByText('Creating transactions').waitFor();
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('RUN');
    await page.getByRole('tab', { name: 'Transactions', exact: true }).click();
    const posted = await rowsOf('header-transactions');
    expect(await posted.locator('.ag-center-cols-container .ag-row', { hasText: 'TRANSFER_IN' }).innerText()).toContain(
      `${TAG}-RECV-GIA`,
    );
    await page.getByRole('tab', { name: 'Audit Details' }).click();
    expect(await page.getByTestId('header-audit').innerText()).not.toContain('Security Name');
    await shot('portfolio-movements-header-run');
  });
});
