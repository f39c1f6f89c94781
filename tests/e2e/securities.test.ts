/**
 * Securities in Chromium against the real embedded system (issue 20): search and open a security, add one with
 * a bad ISIN and see the message, upload a price file (refused with every bad line named, then stored, then
 * unchanged on re-upload), and a customer admin's change approved by a provider admin.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  ChangeResult,
  Security,
  SecurityDetail,
  SecurityPage,
  StaticDataChange,
} from '../../packages/contracts/src/securities';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
let admin: Page;
let org = '';
let adminToken = '';
let sample: Security;

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

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A London calendar date some days ago, YYYY-MM-DD. */
function daysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
}

function fieldError(page: Page, text: string | RegExp) {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

beforeAll(async () => {
  admin = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1440, height: 1100 } });
  await signIn(admin, USERS.admin);
  org = organisationOf(admin);
  adminToken = await apiToken(suite.gains.baseUrl, USERS.admin);
  const page = await call<SecurityPage>(adminToken, 'GET', '/admin/securities?page=1&size=10&sort=securityName,asc');
  sample = page.content.find((s) => s.sedol && s.isin && s.currency === 'GBP') ?? page.content[0];
});

describe('Securities Lite', () => {
  it('when the grid opens, then it lists the securities with every field, and a row opens the security', async () => {
    await admin.goto(`/${org}/securities`);
    const grid = admin.getByTestId('securities-grid');
    await grid.locator('.ag-center-cols-container .ag-row').first().waitFor();
    await grid.locator('[col-id="sedol"]').first().waitFor();
    await shot(admin, 'securities');
    await admin
      .getByTestId('grid-pager')
      .getByText(/of [\d,]+ securities/)
      .waitFor();

    // export writes every security matching the search, not just the page on screen
    const page = await call<SecurityPage>(adminToken, 'GET', '/admin/securities?page=1&size=1');
    await admin.getByTestId('export-menu').click();
    const [csv] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-securities\.csv$/);
    const path = `${SHOTS}/${csv.suggestedFilename()}`;
    await csv.saveAs(path);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(page.totalSize + 1);
    expect(lines[0]).toContain('SEDOL');

    await grid.locator('.ag-center-cols-container .ag-row').first().click();
    await admin.waitForURL(new RegExp(`/${org}/securities/\\d+$`));
    await admin.getByTestId('security-details').waitFor();
  });

  it('when a SEDOL is typed into the search, then at most ten matches show and choosing one opens its page with its prices', async () => {
    await admin.goto(`/${org}/securities`);
    const search = admin.getByTestId('security-search');
    await search.click();
    await admin.getByRole('combobox', { name: 'Search securities' }).fill(sample.sedol);
    const option = admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await option.first().waitFor();
    expect(await option.count()).toBeLessThanOrEqual(10);
    await shot(admin, 'security-search');
    await option.filter({ hasText: sample.sedol }).first().click();
    await admin.waitForURL(new RegExp(`/${org}/securities/${sample.id}$`));
    await admin.getByRole('heading', { name: sample.securityName }).waitFor();
    await admin.getByTestId('security-details').getByText(sample.isin).waitFor();
    await admin.getByTestId('security-issuer').getByText(sample.issuerName).first().waitFor();
    await admin.getByTestId('price-chart').waitFor();
    await admin.getByTestId('price-table').locator('tbody tr').first().waitFor();
    await shot(admin, 'security-view');
  });

  it('when a security is added with a bad ISIN check digit, then the message names the ISIN and the digit it needs', async () => {
    await admin.goto(`/${org}/securities/add`);
    await admin.getByRole('heading', { name: 'Add Security' }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, 'SEDOL is required').waitFor();
    await fieldError(admin, 'ISIN is required').waitFor();
    await fieldError(admin, 'Issuer is required').waitFor();
    await admin.getByLabel('SEDOL').fill('B0YBKJ7');
    await admin.getByLabel('ISIN').fill('GB00B0YBKJ78');
    await fieldError(admin, /^ISIN check digit is wrong: GB00B0YBKJ7 needs \d$/).waitFor();
    await admin.getByLabel('SEDOL').fill('B0YBKJ8');
    await fieldError(admin, 'SEDOL check digit is wrong: B0YBKJ needs 7').waitFor();
    await shot(admin, 'security-add-bad-isin');

    // a form the browser accepts goes to the server; its refusal shows under the field it names
    const choose = async (label: string, option: string, type?: string) => {
      const select = admin
        .locator('.ant-form-item')
        .filter({ has: admin.locator('.ant-form-item-label label').getByText(label, { exact: true }) })
        .locator('.ant-select');
      await select.click();
      if (type) await select.locator('input').fill(type);
      await admin
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click();
    };
    await admin.getByLabel('SEDOL').fill(sample.sedol);
    await admin.getByLabel('ISIN').fill(sample.isin);
    await choose('Issuer', sample.issuerName, sample.issuerName);
    await admin.getByLabel('Security name').fill('E2E Duplicate plc');
    await admin.getByLabel('Reporting name').fill('E2E Duplicate');
    await choose('Asset class', 'Equity');
    await admin.getByRole('button', { name: 'Save' }).click();
    await fieldError(admin, /SEDOL/).waitFor();
    expect(await admin.getByLabel('Security name').inputValue()).toBe('E2E Duplicate plc');
    await shot(admin, 'security-add-server-error');
  });
});

describe('Security Maintenance', () => {
  it('when classification cells of two securities are changed, then the review lists each change and the save says what it did', async () => {
    await admin.goto(`/${org}/security-maintenance`);
    const grid = admin.getByTestId('security-maintenance-grid');
    const cell = (row: number, col: string) =>
      grid.locator(`.ag-center-cols-container .ag-row[row-index="${row}"] [col-id="${col}"]`);
    await cell(0, 'status').waitFor();
    const before = (await cell(0, 'status').innerText()).trim();
    const next = before === 'Matured' ? 'Active' : 'Matured';
    await cell(0, 'status').dblclick();
    await grid.locator('.ag-cell-inline-editing .ag-picker-field-wrapper').click();
    await admin.locator('.ag-list-item').getByText(next, { exact: true }).click();
    await cell(1, 'quantityDecimalPlaces').dblclick();
    await admin.keyboard.press('Control+A');
    await admin.keyboard.type('3');
    await admin.keyboard.press('Enter');
    await admin.getByTestId('edit-count').getByText('2 unsaved changes to 2 securities').waitFor();
    await admin.getByRole('button', { name: 'Review and save' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('change-summary').getByText(next).waitFor();
    await shot(admin, 'security-maintenance-review');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('maintenance-result').getByText('Saved 2 changes to 2 securities.').waitFor();
    await expect.poll(async () => (await cell(0, 'status').innerText()).trim()).toBe(next);
    await shot(admin, 'security-maintenance-saved');
  });
});

describe('Security Prices', () => {
  it('when a price file with bad lines is uploaded, then every bad line is named and nothing is stored; a good file is stored, and again changes nothing', async () => {
    const date = daysAgo(3);
    // a price of this run's own, so the first good upload always stores something
    const price = `${100 + (Date.now() % 900)}.4567`;
    await admin.goto(`/${org}/administration/security-prices`);
    await admin.getByTestId('security-prices-grid').locator('.ag-center-cols-container .ag-row').first().waitFor();
    await shot(admin, 'security-prices');

    const upload = async (name: string, text: string) => {
      await admin
        .getByTestId('price-upload-file')
        .locator('input[type=file]')
        .setInputFiles({
          name,
          mimeType: 'text/csv',
          buffer: Buffer.from(text),
        });
      await admin.getByTestId('price-file-name').getByText(name).waitFor();
      await admin.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
    };

    await admin.getByRole('button', { name: 'Upload prices' }).click();
    await upload(
      'bad-prices.csv',
      `security,date,price,currency\n${sample.sedol},${date},${price},GBP\nZZZZZZZ,${date},1.00,GBP\n${sample.sedol},${date},-5,GBP\n`,
    );
    const problems = admin.getByTestId('upload-problems');
    await problems.waitFor();
    await problems.locator('tbody tr').nth(1).waitFor();
    const lines = await problems.locator('tbody tr td:first-child').allInnerTexts();
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['3', '4']));
    await shot(admin, 'security-prices-upload-refused');

    await upload('good-prices.csv', `security,date,price,currency\n${sample.sedol},${date},${price},GBP\n`);
    await admin
      .getByTestId('upload-result')
      .getByText(/1 line: (1 added, 0 updated|0 added, 1 updated), 0 unchanged/)
      .first()
      .waitFor();
    await shot(admin, 'security-prices-upload-stored');
    await admin.getByRole('button', { name: 'Upload another' }).click();
    await upload('good-prices.csv', `security,date,price,currency\n${sample.sedol},${date},${price},GBP\n`);
    await admin.getByTestId('upload-result').getByText('1 line: 0 added, 0 updated, 1 unchanged').first().waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const history = await call<{ prices: { date: string; price: string }[] }>(
      adminToken,
      'GET',
      `/admin/securities/${sample.id}/prices?from=${date}&to=${date}`,
    );
    expect(history.prices.map((p) => [p.date, p.price])).toEqual([[date, price]]);
  });
});

describe('Static Data Validation', () => {
  it('when a customer admin changes a security, then a provider admin sees the diff and approves it', async () => {
    const managerToken = await apiToken(suite.gains.baseUrl, USERS.manager);
    const managerPage = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(managerPage, USERS.manager);
    const managerOrg = organisationOf(managerPage);
    const before = await call<SecurityDetail>(adminToken, 'GET', `/admin/securities/${sample.id}`);
    const newName = `${before.reportingName} (renamed)`;

    // the customer admin proposes through the Securities Lite edit form
    await managerPage.goto(`/${managerOrg}/securities/${sample.id}`);
    await managerPage.getByRole('button', { name: 'Edit' }).click();
    await managerPage.getByLabel('Reporting name').fill(newName);
    await managerPage.getByRole('button', { name: 'Save' }).click();
    await managerPage.getByText(/was sent for approval/).waitFor();
    await managerPage.context().close();
    void managerToken;

    await admin.goto(`/${org}/static-data-validation`);
    const change = admin.getByTestId('static-data-change').filter({ hasText: newName });
    await change.waitFor();
    await change.getByTestId('change-diff').getByText(before.reportingName, { exact: true }).waitFor();
    await shot(admin, 'static-data-validation');
    await change.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByText(/approved$/)
      .first()
      .waitFor();
    await change.waitFor({ state: 'detached' });
    const after = await call<SecurityDetail>(adminToken, 'GET', `/admin/securities/${sample.id}`);
    expect(after.reportingName).toBe(newName);

    await admin.locator('.ant-segmented-item').filter({ hasText: 'Approved' }).click();
    await admin.getByTestId('static-data-change').filter({ hasText: newName }).waitFor();
  });

  it('when a change is rejected without a note, then the note is asked for; with one, the change is refused', async () => {
    const managerToken = await apiToken(suite.gains.baseUrl, USERS.manager);
    const proposed = await call<ChangeResult<Security>>(managerToken, 'PUT', `/admin/securities/${sample.id}`, {
      ...(({
        sedol,
        isin,
        issuer,
        securityName,
        reportingName,
        currency,
        assetClass,
        cgtClass,
        status,
        quantityDecimalPlaces,
      }) => ({
        sedol,
        isin,
        issuer,
        securityName,
        reportingName,
        currency,
        assetClass,
        cgtClass,
        status,
        quantityDecimalPlaces,
      }))(sample),
      securityName: `${sample.securityName} (rejected)`,
    });
    expect(proposed.applied).toBe(false);
    const uuid = (proposed.change as StaticDataChange).uuid;

    await admin.goto(`/${org}/static-data-validation`);
    const change = admin.getByTestId('static-data-change').filter({ hasText: `${sample.securityName} (rejected)` });
    await change.waitFor();
    await change.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Note is required when rejecting a change').waitFor();
    await dialog.getByLabel('Note').fill('Not the issuer’s name');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rejected = await call<StaticDataChange[]>(adminToken, 'GET', '/admin/static-data/changes?status=REJECTED');
    expect(rejected.find((c) => c.uuid === uuid)?.note).toBe('Not the issuer’s name');
  });
});
