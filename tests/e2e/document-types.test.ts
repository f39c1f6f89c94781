/**
 * Administration > Document Types in Chromium against the real embedded system (issue 26): a system type opens
 * read-only, is copied as the firm's own type, renamed and saved, and the copy is in the grid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { newPage, organisationOf, screenshot, signIn, USERS } from './support/browser';

const suite = gainsInChromium();
let page: Page;
let org = '';

const grid = () => page.getByTestId('document-types-grid');
const cell = (col: string) => grid().locator(`.ag-center-cols-container .ag-row [col-id="${col}"]`);

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1000 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
}, 120_000);

describe('the Document Types administration', () => {
  it('when a system type is copied, renamed and saved, then the firm’s type is in the grid', async () => {
    await page.goto(`/${org}/administration`);
    await page.getByText('Document Types', { exact: true }).click();
    await grid().waitFor();
    await cell('code').filter({ hasText: 'CASH_DIVIDEND' }).first().waitFor();
    await screenshot(page, 'document-types-grid');

    await cell('code')
      .filter({ hasText: /^CASH_DIVIDEND$/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Document Type CASH_DIVIDEND' }).waitFor();
    await page.getByText('This type ships with Gains and cannot be changed', { exact: false }).waitFor();
    await screenshot(page, 'document-type-system');

    await page.getByRole('button', { name: 'Copy as firm type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill('E2E_DIVIDEND');
    await dialog.getByLabel('Name').fill('E2E dividend');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('heading', { name: 'Edit Document Type E2E_DIVIDEND' }).waitFor();

    await page.locator('#document-type_name').fill('E2E renamed dividend');
    await page.getByLabel('Description').first().fill('Our dividend per share, GBP');
    await screenshot(page, 'document-type-firm');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message').getByText('Document type E2E_DIVIDEND saved').waitFor();

    await grid().waitFor();
    const row = grid().locator('.ag-center-cols-container .ag-row').filter({ hasText: 'E2E_DIVIDEND' });
    await row.waitFor();
    expect(await row.locator('[col-id="name"]').innerText()).toBe('E2E renamed dividend');
    expect(await row.locator('[col-id="owner"]').innerText()).toBe('Firm');
    expect(await row.locator('[col-id="baseCode"]').innerText()).toBe('CASH_DIVIDEND');
  });
});
