/**
 * The client area in Chromium against the real embedded system (issue 21): find a client, open a portfolio and a
 * holding, post a purchase and see the holding's quantity move by exactly what was bought; a non-admin sees the
 * ledger but cannot post.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, newPage, signIn } from './support/browser';

const suite = gainsInChromium();
let manager: Page;

/** "1,717.0000" + "10" exactly, in ten-thousandths (quantities are shown to 4 places). */
function addQuantity(shown: string, bought: string): string {
  const units = (text: string) => {
    const [int, frac = ''] = text.replace(/,/g, '').split('.');
    return BigInt(int) * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
  };
  const total = units(shown) + units(bought);
  const int = (total / 10_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${int}.${(total % 10_000n).toString().padStart(4, '0')}`;
}

const grid = (page: Page, id: string) => page.getByTestId(id);
const rows = (page: Page, id: string) => grid(page, id).locator('.ag-center-cols-container .ag-row');

/** Select the client by code, then its first portfolio (chosen for the user when it is the only one). */
async function openClient(page: Page, code: string): Promise<void> {
  await page.getByLabel('Search clients').fill(code);
  await rows(page, 'clients-grid').filter({ hasText: code }).first().waitFor();
  await rows(page, 'clients-grid').filter({ hasText: code }).first().click();
  await rows(page, 'portfolios-grid').first().waitFor();
  if ((await rows(page, 'portfolios-grid').count()) > 1) await rows(page, 'portfolios-grid').first().click();
  await rows(page, 'holdings-grid').first().waitFor();
}

/** The quantity cell of the holding row of a SEDOL. */
function quantityOf(page: Page, sedol: string) {
  return rows(page, 'holdings-grid').filter({ hasText: sedol }).locator('[col-id="quantity"]');
}

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
  await signIn(manager, USERS.manager);
});

describe('the client area', () => {
  it('opens a client, a portfolio and a holding, posts a purchase and shows the holding moved by it', async () => {
    await openClient(manager, 'ASH00002');
    const holding = rows(manager, 'holdings-grid').first();
    const sedol = (await holding.locator('[col-id="sedol"]').innerText()).trim();
    const before = (await quantityOf(manager, sedol).innerText()).trim();
    await holding.click();
    await rows(manager, 'transactions-grid').first().waitFor();
    const transactionsBefore = await rows(manager, 'transactions-grid').count();

    await grid(manager, 'transactions-grid').getByRole('button', { name: 'Add transaction' }).click();
    const form = manager.getByTestId('transaction-form');
    await form.waitFor();
    await form.getByLabel('Quantity').fill('10');
    await form.getByLabel('Price').fill('1.2345');
    await manager.screenshot({ path: `${SHOTS}/client-area-post.png` });
    await manager.getByRole('button', { name: 'Create' }).click();
    await manager.getByText('Successfully created transaction.').waitFor();

    const after = addQuantity(before, '10');
    await expect.poll(async () => (await quantityOf(manager, sedol).innerText()).trim()).toBe(after);
    await expect.poll(() => rows(manager, 'transactions-grid').count()).toBe(Math.min(transactionsBefore + 1, 10));
    await manager.screenshot({ path: `${SHOTS}/client-area.png`, fullPage: true });
  });

  it('refuses a quantity that is not a plain decimal, on the field, before sending it', async () => {
    await grid(manager, 'transactions-grid').getByRole('button', { name: 'Add transaction' }).click();
    const form = manager.getByTestId('transaction-form');
    await form.getByLabel('Quantity').fill('1.5e3');
    await manager.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Quantity must be a number such as 12.5').waitFor();
    await manager.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows a non-admin the ledger without the means to post', async () => {
    const adviser = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
    await signIn(adviser, USERS.adviser);
    await openClient(adviser, 'ASH00002');
    await rows(adviser, 'holdings-grid').first().click();
    await rows(adviser, 'transactions-grid').first().waitFor();
    expect(await adviser.getByRole('button', { name: 'Add transaction' }).count()).toBe(0);
    await adviser.context().close();
  });
});
