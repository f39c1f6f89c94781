/**
 * The Portfolio Movements page in Chromium against the real embedded system (issue 26; seed 001 §2, §5): a gift
 * between two clients added through the Add Portfolio Movement Header modal (client and portfolio searches, the
 * §5 messages first), its header modal with the movement's Event Terms, Create transactions, and the header RUN.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
const TAG = `E2E${Date.now().toString(36).toUpperCase().slice(-5)}`;
let page: Page;
let org = '';
let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.gains.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-organisation-uuid': org,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

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

    await page.getByTestId('header-create-transactions').click();
    await page.locator('.ant-message').getByText('Creating transactions').waitFor();
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('RUN');
    await page.getByRole('tab', { name: 'Audit Details' }).click();
    expect(await page.getByTestId('header-audit').innerText()).not.toContain('Security Name');
    await shot('portfolio-movements-header-run');
  });
});
