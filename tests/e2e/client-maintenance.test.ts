/**
 * Client Maintenance and the ledger's administration pages in Chromium against the real embedded system
 * (issue 21): open a client, edit an address and a relationship (an end before the start is refused with the
 * message), add a tax override, save, reload and see the change; Transaction Types and Ghost Transactions render.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, newPage, organisationOf, signIn, gridRows as rows } from './support/browser';

const suite = gainsInChromium();
let manager: Page;
let org = '';

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The form item inside `scope` whose label is exactly `label`. */
function formItem(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label label').getByText(label, { exact: true }) });
}

/** Types a DD/MM/YYYY date into a date picker and closes it. */
async function pickDate(item: Locator, date: string): Promise<void> {
  const input = item.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await item.page().keyboard.press('Escape');
}

async function chooseFirstOption(item: Locator): Promise<string> {
  await item.locator('.ant-select').click();
  const option = item
    .page()
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .first();
  await option.waitFor();
  const text = (await option.innerText()).trim();
  await option.click();
  return text;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

async function openClient(page: Page, code: string): Promise<void> {
  await page.goto(`/${org}/client-maintenance`);
  await page.getByLabel('Search clients').fill(code);
  const row = rows(page, 'client-maintenance-grid').filter({ hasText: code }).first();
  await row.waitFor();
  await row.click();
  await page.waitForURL(new RegExp(`/${org}/client-maintenance/\\d+$`));
  await page.getByTestId('client-edit').waitFor();
  await page.getByRole('heading', { name: new RegExp(`Edit Client ${code}`) }).waitFor();
}

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
});

describe('Client Maintenance', () => {
  const line1 = `${Date.now() % 100_000} Maintenance Road`;
  const notes = `Edited in the browser test ${Date.now() % 100_000}`;

  it('lists the clients server-driven and opens one from its row', async () => {
    await manager.goto(`/${org}/client-maintenance`);
    await rows(manager, 'client-maintenance-grid').first().waitFor();
    await manager.getByRole('button', { name: 'Add client' }).waitFor();
    await shot(manager, 'client-maintenance');
    await openClient(manager, 'ASH00003');
    await shot(manager, 'client-edit-details');
  });

  it('edits an address and a relationship, refuses an end before the start, adds a tax override, and keeps them after a reload', async () => {
    await openClient(manager, 'ASH00003');

    // Addresses: edit the first in its modal, adding one when the client has none
    await openTab(manager, 'Addresses');
    const table = manager.getByTestId('addresses-table');
    await table.waitFor();
    const adding = (await manager.getByRole('button', { name: 'Edit address 1' }).count()) === 0;
    await manager.getByRole('button', { name: adding ? 'Add address' : 'Edit address 1' }).click();
    const addressForm = manager.getByTestId('address-form');
    await formItem(addressForm, 'Address line 1').locator('input').fill(line1);
    await shot(manager, 'client-edit-address-modal');
    await manager.getByRole('button', { name: adding ? 'Add' : 'OK', exact: true }).click();
    await addressForm.waitFor({ state: 'detached' });
    await table.getByText(line1).waitFor();
    await shot(manager, 'client-edit-addresses');

    // Relationships: an end before the start is refused on the field, then corrected
    await openTab(manager, 'Relationships');
    const relationships = manager.getByTestId('relationship-row');
    if ((await relationships.count()) === 0) {
      await manager.getByRole('button', { name: 'Add relationship' }).click();
      const row = relationships.first();
      await chooseFirstOption(formItem(row, 'Relationship type'));
      await formItem(row, 'Client').locator('.ant-select').click();
      await manager.keyboard.type('ASH00004');
      const option = manager
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'ASH00004' })
        .first();
      await option.waitFor();
      await option.click();
    }
    const relationship = relationships.first();
    await pickDate(formItem(relationship, 'Start date'), '01/06/2020');
    await pickDate(formItem(relationship, 'End date'), '01/01/2020');
    await formItem(relationship, 'Notes').locator('input').fill(notes);
    await manager.getByRole('button', { name: 'Save' }).click();
    await relationship.getByText('End date cannot be before start date').waitFor();
    await shot(manager, 'client-edit-relationship-refused');
    const endInput = formItem(relationship, 'End date').locator('input');
    await endInput.click();
    await endInput.fill('');
    await pickDate(formItem(relationship, 'End date'), '01/06/2026');
    await expect.poll(() => relationship.getByText('End date cannot be before start date').count()).toBe(0);

    // Taxes: an annual-exemption override for the first tax year offered
    await openTab(manager, 'Taxes');
    const before = await manager.getByTestId('tax-override-row').count();
    await manager.getByRole('button', { name: 'Add tax override' }).click();
    const override = manager.getByTestId('tax-override-row').nth(before);
    await override.waitFor();
    const year = await chooseFirstOption(formItem(override, 'Tax year'));
    await formItem(override, 'Override type').locator('.ant-select').click();
    await manager
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Brought-forward loss' })
      .first()
      .click();
    await formItem(override, 'Amount (£)').locator('input').fill('1234.56');
    await shot(manager, 'client-edit-taxes');

    await manager.getByRole('button', { name: 'Save' }).click();
    await manager.getByText(/Client ASH00003 saved/).waitFor();
    await manager.waitForURL(new RegExp(`/${org}/client-maintenance(\\?.*)?$`));

    // reload the client: the address, the relationship and the override were stored
    await openClient(manager, 'ASH00003');
    await manager.reload();
    await manager.getByTestId('client-edit').waitFor();
    await openTab(manager, 'Addresses');
    await manager.getByTestId('addresses-table').getByText(line1).waitFor();
    await openTab(manager, 'Relationships');
    const stored = manager.getByTestId('relationship-row').first();
    expect(await formItem(stored, 'Notes').locator('input').inputValue()).toBe(notes);
    expect(await formItem(stored, 'Start date').locator('input').inputValue()).toBe('01/06/2020');
    expect(await formItem(stored, 'End date').locator('input').inputValue()).toBe('01/06/2026');
    await openTab(manager, 'Taxes');
    const overrides = manager.getByTestId('tax-override-row').filter({ hasText: year });
    await overrides.first().waitFor();
    const inputs = await overrides.locator('input[inputmode="decimal"]').all();
    const amounts = await Promise.all(inputs.map((input) => input.inputValue()));
    expect(amounts).toContain('1234.56');
    await shot(manager, 'client-edit-saved');
  });

  it('shows the client portfolios on their tab', async () => {
    await openClient(manager, 'ASH00003');
    await openTab(manager, 'Portfolios');
    await manager.getByRole('button', { name: 'Add portfolio' }).waitFor();
    await rows(manager, 'client-portfolios-grid').first().waitFor();
    await shot(manager, 'client-edit-portfolios');
  });
});

describe('ledger administration', () => {
  it('lists the transaction types and opens one', async () => {
    await manager.goto(`/${org}/administration`);
    await manager.getByText('Transaction Types', { exact: true }).first().click();
    await manager.waitForURL(new RegExp(`/${org}/administration/transaction-types$`));
    await rows(manager, 'transaction-types-grid').first().waitFor();
    await shot(manager, 'transaction-types');
    await rows(manager, 'transaction-types-grid').filter({ hasText: 'BUY' }).first().click();
    await manager.waitForURL(new RegExp(`/${org}/administration/transaction-types/[0-9a-f-]{36}$`));
    await manager.getByRole('heading', { name: /Transaction Type/ }).waitFor();
    await shot(manager, 'transaction-type-edit');
  });

  it('shows the ghost transactions, or says there are none', async () => {
    await manager.goto(`/${org}/administration/ghost-transactions`);
    const grid = manager.getByTestId('ghost-transactions-grid');
    await grid.waitFor();
    await expect
      .poll(
        async () =>
          (await rows(manager, 'ghost-transactions-grid').count()) > 0 ||
          (await grid.getByText('No ghost transactions').count()) > 0,
      )
      .toBe(true);
    await shot(manager, 'ghost-transactions');
  });
});
