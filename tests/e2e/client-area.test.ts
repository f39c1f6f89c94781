/**
 * The client area in Chromium against the real embedded system (issue 21): find a client, open a portfolio and a
 * holding, post a purchase and see the holding's quantity move by exactly what was bought; a non-admin sees the
 * ledger but cannot post. The test opens its own portfolio (100 shares bought through the API), so the figures
 * are known whatever the demo ledger holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio } from '../../packages/contracts/src/ledger';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
const CLIENT = 'ASH00002';
const PORTFOLIO = 'E2E-CLIENT-AREA';
/** A security of the demo list, known to the ledger's read model. */
const SECURITY_ID = 1;
let manager: Page;
let org = '';

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
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

const grid = (page: Page, id: string) => page.getByTestId(id);
const rows = (page: Page, id: string) => grid(page, id).locator('.ag-center-cols-container .ag-row');

/** Select the client by code, then the test's portfolio (already chosen when it is the client's only one). */
async function openClient(page: Page): Promise<void> {
  await page.getByLabel('Search clients').fill(CLIENT);
  await rows(page, 'clients-grid').filter({ hasText: CLIENT }).first().waitFor();
  await rows(page, 'clients-grid').filter({ hasText: CLIENT }).first().click();
  await rows(page, 'portfolios-grid').filter({ hasText: PORTFOLIO }).waitFor();
  if ((await page.getByText(`Holdings of ${PORTFOLIO}`).count()) === 0) {
    await rows(page, 'portfolios-grid').filter({ hasText: PORTFOLIO }).click();
  }
  await rows(page, 'holdings-grid').first().waitFor();
}

const quantityShown = async (page: Page) =>
  (await rows(page, 'holdings-grid').first().locator('[col-id="quantity"]').innerText()).trim();

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
  const token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const client = (
    await call<{ content: { uuid: string; code: string }[] }>(token, 'GET', `/clients/summary?size=10&term=${CLIENT}`)
  ).content.find((c) => c.code === CLIENT);
  if (!client) throw new Error(`no client ${CLIENT}`);
  const portfolio = await call<Portfolio>(token, 'POST', '/admin/portfolios', {
    code: PORTFOLIO,
    name: 'Client area test',
    taxWrapper: 'GIA',
    owners: [{ clientUuid: client.uuid, percentage: '100' }],
  });
  await call(token, 'POST', '/customerAdmin/transactions', {
    portfolioUuid: portfolio.uuid,
    securityId: SECURITY_ID,
    transaction: {
      type: 'BUY',
      tradeDate: '2025-03-03',
      quantity: '100',
      price: '2.50',
      expenses: '10.00',
      currency: 'GBP',
    },
  });
});

describe('the client area', () => {
  it('opens a client, a portfolio and a holding, posts a purchase and shows the holding moved by it', async () => {
    await openClient(manager);
    expect(await quantityShown(manager)).toBe('100.0000');
    await rows(manager, 'holdings-grid').first().click();
    await rows(manager, 'transactions-grid').first().waitFor();
    expect(await rows(manager, 'transactions-grid').count()).toBe(1);

    await grid(manager, 'transactions-grid').getByRole('button', { name: 'Add transaction' }).click();
    const form = manager.getByTestId('transaction-form');
    await form.waitFor();
    await form.getByLabel('Quantity').fill('10.5');
    await form.getByLabel('Price').fill('1.2345');
    await manager.screenshot({ path: `${SHOTS}/client-area-post.png` });
    await manager.getByRole('button', { name: 'Create' }).click();
    await manager.getByText('Successfully created transaction.').waitFor();

    // 100 + 10.5, exactly
    await expect.poll(() => quantityShown(manager)).toBe('110.5000');
    await expect.poll(() => rows(manager, 'transactions-grid').count()).toBe(2);
    await manager.evaluate('window.scrollTo(0, 0)');
    await manager.screenshot({ path: `${SHOTS}/client-area.png`, fullPage: true });
  });

  it('refuses a quantity that is not a plain decimal, on the field, before sending it', async () => {
    await grid(manager, 'transactions-grid').getByRole('button', { name: 'Add transaction' }).click();
    const form = manager.getByTestId('transaction-form');
    await form.getByLabel('Quantity').fill('1.5e3');
    await manager.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Quantity must be a number such as 12.5').waitFor();
    await manager.getByRole('button', { name: 'Cancel' }).click();
    expect(await quantityShown(manager)).toBe('110.5000');
  });

  it('shows a column hidden by default when chosen, and keeps the choice for the table after a reload', async () => {
    const holdings = grid(manager, 'holdings-grid');
    expect(await holdings.locator('.ag-header-cell[col-id="indexation"]').count()).toBe(0);
    await holdings.getByTestId('columns-menu').click();
    await manager.getByRole('menuitem', { name: 'Indexation' }).click();
    await holdings.locator('.ag-header-cell[col-id="indexation"]').waitFor();
    await manager.keyboard.press('Escape');
    await manager.reload();
    await openClient(manager);
    await grid(manager, 'holdings-grid').locator('.ag-header-cell[col-id="indexation"]').waitFor();
    // the portfolios table keeps its own choice
    expect(await grid(manager, 'portfolios-grid').locator('.ag-header-cell[col-id="indexation"]').count()).toBe(0);
  });

  it('shows a non-admin the ledger without the means to post', async () => {
    const adviser = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
    await signIn(adviser, USERS.adviser);
    await openClient(adviser);
    await rows(adviser, 'holdings-grid').first().click();
    await rows(adviser, 'transactions-grid').first().waitFor();
    expect(await adviser.getByRole('button', { name: 'Add transaction' }).count()).toBe(0);
    await adviser.context().close();
  });
});
