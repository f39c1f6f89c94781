/**
 * Administration in Chromium against the real embedded system: organisations (list, add with client and
 * server field messages, edit, the leave-without-saving dialog, export), service levels, users, and who
 * may reach it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
let admin: Page;
let org = '';

beforeAll(async () => {
  admin = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1440, height: 1100 } });
  await signIn(admin, USERS.admin);
  org = organisationOf(admin);
});

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

const grid = (page: Page) => page.getByTestId('organisations-grid');
const codes = async (page: Page) =>
  (await grid(page).locator('.ag-center-cols-container .ag-row [col-id="code"]').allInnerTexts()).map((t) => t.trim());

/** The form item whose label is exactly `label`. */
function formItem(scope: Page | ReturnType<Page['getByRole']>, label: string) {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label').getByText(label, { exact: true }) });
}

/** Picks a report type in a mapping row's select (the rows after the first have no visible label). */
async function chooseReportType(page: Page, row: number, name: string): Promise<void> {
  await page
    .getByTestId('mapping-row')
    .nth(row - 1)
    .locator('.ant-select')
    .click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: name })
    .first()
    .click();
}

async function choose(page: Page, label: string, option: string, type?: string): Promise<void> {
  const select = formItem(page, label).locator('.ant-select');
  await select.click();
  if (type) await select.locator('input').fill(type);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

function fieldError(page: Page, text: string) {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

describe('organisations', () => {
  it('when an administrator opens Organisations from the administration page, then the grid lists them', async () => {
    await admin.goto(`/${org}/administration`);
    await admin.getByRole('heading', { name: 'Administration' }).waitFor();
    await shot(admin, 'administration-home');
    await admin.getByText('Organisations', { exact: true }).click();
    await admin.waitForURL(/administration\/organisations$/);
    await expect.poll(() => codes(admin), { timeout: 15_000 }).toEqual(['ASHW', 'BRKF', 'CLVP', 'GAINS']);
    await shot(admin, 'organisations');

    await admin.getByLabel('Search organisations').fill('brook');
    await expect.poll(() => codes(admin), { timeout: 15_000 }).toEqual(['BRKF']);
    await admin.getByLabel('Search organisations').fill('');
    await expect.poll(() => codes(admin), { timeout: 15_000 }).toHaveLength(4);
  });

  it('when the add form is wrong, then field messages show from the rules and from the server, keeping what was typed', async () => {
    await admin.goto(`/${org}/administration/organisations`);
    await admin.getByRole('button', { name: 'Add organisation' }).click();
    await admin.getByRole('heading', { name: 'Add Organisation' }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'Code is required').waitFor();
    await fieldError(admin, 'Name is required').waitFor();
    await fieldError(admin, 'Type is required').waitFor();
    await shot(admin, 'organisation-add-required');

    await admin.getByLabel('Code').fill('has space');
    await fieldError(admin, 'Code must be up to 20 letters, digits, - or _').waitFor();

    await admin.getByLabel('Customer settings').click();
    await admin.getByLabel('Use price aging days').check();
    await admin.getByLabel('Holding variance').fill('lots');
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'Old price age is required when price aging is used').waitFor();
    await fieldError(admin, 'Holding variance must be a number').waitFor();
    await admin.getByLabel('Old price age (days)').fill('7');
    await admin.getByLabel('Holding variance').fill('0.5');

    // the server refuses a code that exists: its message shows under the field it names
    await admin.getByLabel('Code').fill('ASHW');
    await admin.getByLabel('Name').fill('E2E Firm');
    await choose(admin, 'Type', 'Firm');
    await choose(admin, 'Parent', 'GAINS', 'gain');
    await admin.getByLabel('Notes').fill('Added by the browser test');
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'An organisation with this code already exists').waitFor();
    expect(await admin.getByLabel('Name').inputValue()).toBe('E2E Firm');
    expect(await admin.getByLabel('Holding variance').inputValue()).toBe('0.5');
    await shot(admin, 'organisation-add-server-error');

    await admin.getByLabel('Code').fill('E2EF');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/administration\/organisations$/);
    await admin.getByText('Organisation E2EF added').waitFor();
    await expect.poll(() => codes(admin), { timeout: 15_000 }).toContain('E2EF');
    const row = grid(admin).locator('.ag-center-cols-container .ag-row').filter({ hasText: 'E2EF' });
    expect(await row.locator('[col-id="parent"]').innerText()).toBe('GAINS');
    expect(await row.locator('[col-id="type"]').innerText()).toBe('Firm');
  });

  it('when an organisation is edited, then leaving unsaved asks first and saving shows the change in the list', async () => {
    await admin.goto(`/${org}/administration/organisations`);
    await grid(admin).locator('.ag-row').filter({ hasText: 'E2EF' }).click();
    await admin.getByRole('heading', { name: 'Edit Organisation E2EF' }).waitFor();
    expect(await admin.getByLabel('Name').inputValue()).toBe('E2E Firm');
    expect(await admin.getByLabel('Old price age (days)').inputValue()).toBe('7');
    await admin.getByLabel('Name').fill('E2E Firm Renamed');
    await shot(admin, 'organisation-edit');

    await admin.getByRole('button', { name: 'Cancel' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Are you sure?').waitFor();
    await dialog.getByText('Any unsaved changes will be lost.').waitFor();
    await shot(admin, 'organisation-leave-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(admin.url()).toMatch(/administration\/organisations\/\d+$/);

    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/administration\/organisations$/);
    await grid(admin).getByText('E2E Firm Renamed').waitFor();

    // leaving a clean form asks nothing; a dirty one, confirmed, leaves
    await grid(admin).locator('.ag-row').filter({ hasText: 'E2EF' }).click();
    await admin.getByLabel('Notes').fill('changed');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await admin.waitForURL(/administration\/organisations$/);
  });

  it('when the list is exported, then the file is named for today', async () => {
    await admin.goto(`/${org}/administration/organisations`);
    await expect.poll(() => codes(admin), { timeout: 15_000 }).toHaveLength(5);
    await admin.getByTestId('export-menu').click();
    const [csv] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`${londonToday()}-organisations.csv`);
    const path = `${SHOTS}/${csv.suggestedFilename()}`;
    await csv.saveAs(path);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('E2E Firm Renamed');
    expect(text.split('\n')[0]).toContain('Code');
    await admin.getByTestId('export-menu').click();
    const [xlsx] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('menuitem', { name: 'Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`${londonToday()}-organisations.xlsx`);
  });

  it('when a customer administrator opens Organisations, then only their own show and nothing can be added', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    await page.goto(`/${organisationOf(page)}/administration/organisations`);
    await expect.poll(() => codes(page), { timeout: 15_000 }).toEqual(['ASHW', 'BRKF']);
    expect(await page.getByRole('button', { name: 'Add organisation' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('service levels', () => {
  it('when a service level is added with report type rows and edited, then the list shows it', async () => {
    await admin.goto(`/${org}/administration/organisation-service-levels`);
    await admin.getByText('No service levels yet').waitFor();
    await shot(admin, 'service-levels-empty');
    await admin.getByRole('button', { name: 'Add service level' }).click();
    await admin.getByRole('heading', { name: 'Add Service Level' }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'Code is required').waitFor();
    await fieldError(admin, 'Service level is required').waitFor();

    await admin.getByLabel('Code').fill('GOLD');
    await admin.getByLabel('Service level').fill('Gold');
    await admin.getByRole('button', { name: 'Add report type' }).click();
    await admin.getByRole('button', { name: 'Add report type' }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'Report type is required').first().waitFor();
    await chooseReportType(admin, 1, 'CGT realised gains');
    await admin.getByLabel('Generate 1').check();
    await chooseReportType(admin, 2, 'CGT realised gains');
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'Each report type may be mapped once').waitFor();
    await chooseReportType(admin, 2, 'Holdings');
    await shot(admin, 'service-level-add');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/organisation-service-levels$/);
    const row = admin
      .getByTestId('service-levels-grid')
      .locator('.ag-center-cols-container .ag-row')
      .filter({ hasText: 'GOLD' });
    await row.waitFor();
    expect(await row.locator('[col-id="reportTypes"]').innerText()).toBe('CGT realised gains (generate), Holdings');
    await shot(admin, 'service-levels');

    await row.click();
    await admin.getByRole('heading', { name: 'Edit Service Level GOLD' }).waitFor();
    await admin.getByLabel('Service level').fill('Gold plus');
    await admin.getByRole('button', { name: 'Remove row 1' }).click();
    await admin.getByRole('button', { name: 'Add report type' }).click();
    await chooseReportType(admin, 2, 'Corporate action holdings');
    await admin.getByLabel('Generate 2').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/organisation-service-levels$/);
    await expect
      .poll(() => row.locator('[col-id="reportTypes"]').innerText(), { timeout: 15_000 })
      .toBe('Holdings, Corporate action holdings (generate)');
    await admin.getByText('Gold plus').waitFor();

    // the organisation form offers it
    await admin.goto(`/${org}/administration/organisations`);
    await grid(admin).locator('.ag-row').filter({ hasText: 'ASHW' }).click();
    await choose(admin, 'Service level', 'GOLD');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/administration\/organisations$/);
    const ashw = grid(admin).locator('.ag-center-cols-container .ag-row').filter({ hasText: 'ASHW' });
    await expect.poll(() => ashw.locator('[col-id="serviceLevel"]').innerText(), { timeout: 15_000 }).toBe('Gold plus');
  });
});

describe('users', () => {
  it('when a customer administrator invites, then they cannot choose the administrator role', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    await page.goto(`/${organisationOf(page)}/administration/users`);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog');
    // the browser prefers reduced motion (newPage), so the dialog is in place at once, nothing animating
    expect(await dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Email address is required').waitFor();
    await dialog.getByText('Name is required').waitFor();
    await formItem(dialog, 'Role').locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['Customer', 'Customer (non-admin)']);
    await shot(page, 'invite-user');
    await page.context().close();
  });

  it('when an administrator invites, then the administrator role is offered', async () => {
    await admin.goto(`/${org}/administration/users`);
    await admin.getByRole('button', { name: 'Invite user' }).click();
    await formItem(admin.getByRole('dialog'), 'Role').locator('.ant-select').click();
    const options = admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['Administrator', 'Customer', 'Customer (non-admin)']);
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('when an administrator disables and enables a user, then each asks first and says it is done', async () => {
    await admin.goto(`/${org}/administration/users`);
    const row = admin.locator('.ag-center-cols-container .ag-row').filter({ hasText: USERS.brook });
    await row.getByRole('button', { name: 'Disable' }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: `Disable ${USERS.brook}?` })
      .waitFor();
    await shot(admin, 'user-disable-confirm');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await admin.getByText(`${USERS.brook} disabled`).waitFor();
    await row.getByText('Disabled').waitFor();

    const refused = await fetch(`${suite.gains.baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.30.0.1' },
      body: JSON.stringify({ email: USERS.brook, password: 'Gains-demo-2026!' }),
    });
    expect(refused.status).toBe(401);

    await row.getByRole('button', { name: 'Enable' }).click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Enable' }).click();
    await admin.getByText(`${USERS.brook} enabled`).waitFor();
    await row.getByText('Active').waitFor();
    await shot(admin, 'users');
  });
});

describe('who may administer', () => {
  it('when a non-admin opens an administration page, then they are sent to the start and see no Administration menu', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    const own = organisationOf(page);
    for (const path of [
      'administration',
      'administration/organisations',
      'administration/organisations/add',
      'administration/users',
    ]) {
      await page.goto(`/${own}/${path}`);
      await page.waitForURL(/\/[^/]+\/clients/);
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button').first().waitFor();
    expect(await nav.getByRole('button', { name: 'Administration' }).count()).toBe(0);
    await page.context().close();
  });
});
