import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, signIn } from './support/browser';
import { parseCsv } from '@gains/testing/csv';

interface Row {
  code: string;
  name: string;
}
interface ClientsPage {
  content: Row[];
  totalSize: number;
}

const VISIBLE_BY_DEFAULT = [
  'Calc Failures',
  'Calc Status',
  'Organisation',
  'Client Code',
  'Client Name',
  'Relationship Manager',
  'Client State',
  'AE Remaining',
  'Unused BF Losses',
  'Market Value',
  'YTD Capital Gain/Loss',
  'YTD Income Gain',
  'Unrealised Capital Gain/Loss',
  'Unrealised Income Gain',
  'Rec Breaks',
  'Income Pending',
  'Cost Update Pending',
  'Thirty Day Disposal Counter',
];

const suite = gainsInChromium();
let token: string;
/** The firm with 1,000 clients in the demo data. */
let bigFirm: { uuid: string; name: string };

beforeAll(async () => {
  token = await apiToken(suite.gains.baseUrl, USERS.admin);
  const organisations = await api<{ uuid: string; name: string }[]>(suite.gains.baseUrl, token, '/organisations');
  for (const organisation of organisations) {
    const page = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10',
      organisation.uuid,
    );
    if (page.totalSize === 1000) bigFirm = organisation;
  }
  if (!bigFirm) throw new Error('no firm with 1,000 clients in the demo data');
});

const rows = (page: Page) => page.locator('.ag-center-cols-container .ag-row');
const cell = (page: Page, index: number, colId: string) =>
  page.locator(`.ag-center-cols-container .ag-row[row-index="${index}"] [col-id="${colId}"]`);
const totalText = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
/** Header titles in the order the user sees them (the DOM order may differ). */
async function headerTitles(page: Page): Promise<string[]> {
  const cells = page.locator('.ag-header-row-column .ag-header-cell');
  const found = await cells.evaluateAll((elements) =>
    elements.map((e) => ({
      index: Number(e.getAttribute('aria-colindex')),
      text: (e.querySelector('.ag-header-cell-text')?.textContent ?? '').trim(),
    })),
  );
  return found.sort((a, b) => a.index - b.index).map((c) => c.text);
}
const query = (page: Page) => new URL(page.url()).searchParams;

async function openClients(page: Page, search = ''): Promise<void> {
  await page.goto(`/${bigFirm.uuid}/clients${search}`);
  await rows(page).first().waitFor();
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await page.locator('[data-testid="clients-grid"][data-loading="false"]').waitFor({ timeout: 15_000 });
}

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

describe('the clients grid', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
  });

  it('when it opens, then it shows the first 10 of 1,000 clients sorted by organisation and code', async () => {
    await openClients(page);
    expect(await rows(page).count()).toBe(10);
    expect(await totalText(page)).toContain('of 1,000 clients');
    expect(query(page).get('page')).toBe('1');
    expect(query(page).get('size')).toBe('10');
    expect(await headerTitles(page)).toEqual(VISIBLE_BY_DEFAULT);
    const first = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10&sort=ouCode,asc&sort=code,asc',
      bigFirm.uuid,
    );
    expect((await cell(page, 0, 'code').innerText()).trim()).toBe(first.content[0].code);
    await page.screenshot({ path: `${SHOTS}/clients.png` });
  });

  it('when the page size is 25 and the next page is chosen, then 25 rows of page 2 show and the address holds them', async () => {
    await openClients(page);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '25 / page' }).click();
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(query(page).get('size')).toBe('25');
    expect(query(page).get('page')).toBe('1');
    const firstOfPage1 = (await cell(page, 0, 'code').innerText()).trim();

    await page.locator('.ant-pagination-next').click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    await settled(page);
    await expect.poll(async () => (await cell(page, 0, 'code').innerText()).trim()).not.toBe(firstOfPage1);
    expect(await rows(page).count()).toBe(25);
    expect(await totalText(page)).toContain('26–50 of 1,000 clients');

    // the address is enough to come back to the same page
    await page.reload();
    await rows(page).first().waitFor();
    await settled(page);
    expect(await rows(page).count()).toBe(25);
    expect(await totalText(page)).toContain('26–50 of 1,000 clients');
  });

  it('when Client Code is sorted descending, then the first row is the highest code', async () => {
    await openClients(page, '?page=1&size=10');
    const before = (await cell(page, 0, 'code').innerText()).trim();
    const expected = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10&sort=code,desc',
      bigFirm.uuid,
    );
    // Client Code is sorted ascending (second key) by default: one click makes it the only key, descending
    await page.locator('.ag-header-cell[col-id="code"] .ag-header-cell-label').click();
    await settled(page);
    await expect.poll(async () => (await cell(page, 0, 'code').innerText()).trim()).toBe(expected.content[0].code);
    expect(expected.content[0].code).not.toBe(before);
    expect(await page.locator('.ag-header-cell[col-id="code"]').getAttribute('aria-sort')).toBe('descending');
    // restore the default sort for the next tests
    await page.evaluate(`localStorage.removeItem('gains.grid.clients.columns')`);
  });

  it('when a name is searched, then the grid narrows to the matching clients and the address holds the term', async () => {
    await openClients(page, '?page=1&size=10');
    const sample = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10&sort=code,asc',
      bigFirm.uuid,
    );
    const term = sample.content[0].name.split(/\s+/).pop()!;
    const expected = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      `/clients/summary?page=1&size=10&term=${encodeURIComponent(term)}`,
      bigFirm.uuid,
    );
    expect(expected.totalSize).toBeGreaterThan(0);
    expect(expected.totalSize).toBeLessThan(1000);

    await page.getByLabel('Search clients').fill(term);
    await expect.poll(() => query(page).get('term'), { timeout: 5_000 }).toBe(term);
    expect(query(page).get('page')).toBe('1');
    await settled(page);
    await expect.poll(() => totalText(page)).toContain(`of ${expected.totalSize.toLocaleString('en-GB')} clients`);
    await page.screenshot({ path: `${SHOTS}/clients-search.png` });

    await page.getByLabel('Search clients').fill('');
    await expect.poll(() => query(page).get('term'), { timeout: 5_000 }).toBeNull();
  });

  it('when live clients only is ticked, then the address holds filter=live', async () => {
    await openClients(page, '?page=1&size=10');
    await page.getByText('Live clients only').click();
    await expect.poll(() => query(page).get('filter')).toBe('live');
    await settled(page);
    const live = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10&filter=live',
      bigFirm.uuid,
    );
    await expect.poll(() => totalText(page)).toContain(`of ${live.totalSize.toLocaleString('en-GB')} clients`);
    await page.getByText('Live clients only').click();
    await expect.poll(() => query(page).get('filter')).toBeNull();
  });

  it('when the grid is exported to CSV, then the file is named for today and holds every client matching the filter, not only the page', async () => {
    await openClients(page, '?page=1&size=25&filter=live');
    await expect.poll(() => rows(page).count()).toBe(25);
    const live = await api<ClientsPage>(
      suite.gains.baseUrl,
      token,
      '/clients/summary?page=1&size=10&filter=live',
      bigFirm.uuid,
    );
    expect(live.totalSize).toBeGreaterThan(100);
    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${londonToday()}-clients.csv`);
    const path = `${SHOTS}/${download.suggestedFilename()}`;
    await download.saveAs(path);
    const [header, ...body] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    expect(header).toEqual(VISIBLE_BY_DEFAULT);
    expect(body.length).toBe(live.totalSize);
    const code = header.indexOf('Client Code');
    expect(body[0][code]).toBe((await cell(page, 0, 'code').innerText()).trim());
    expect(new Set(body.map((r) => r[code])).size).toBe(live.totalSize); // no page twice
    expect(body.every((r) => r[header.indexOf('Client State')] === 'Live')).toBe(true);

    await page.getByTestId('export-menu').click();
    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel' }).click(),
    ]);
    expect(excel.suggestedFilename()).toBe(`${londonToday()}-clients.xlsx`);
    const xlsx = `${SHOTS}/${excel.suggestedFilename()}`;
    await excel.saveAs(xlsx);
    expect(readFileSync(xlsx).subarray(0, 2).toString()).toBe('PK'); // a zip, as xlsx files are
  });

  it('when a row is clicked, then it is selected, and clicked again, deselected', async () => {
    await openClients(page, '?page=1&size=10');
    const row = page.locator('.ag-center-cols-container .ag-row[row-index="1"]');
    await row.locator('[col-id="name"]').click();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '').toContain('ag-row-selected');
    await row.locator('[col-id="name"]').click();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '').not.toContain('ag-row-selected');
  });

  it('when the reduced layout is switched on, then relationship manager and income columns hide', async () => {
    await openClients(page, '?page=1&size=10');
    const headers = () => headerTitles(page);
    await page.getByRole('switch', { name: 'Reduced layout' }).click();
    await expect
      .poll(headers)
      .toEqual(
        VISIBLE_BY_DEFAULT.filter(
          (h) => !['Relationship Manager', 'Unrealised Income Gain', 'YTD Income Gain'].includes(h),
        ),
      );
    await page.getByRole('switch', { name: 'Reduced layout' }).click();
    await expect.poll(headers).toEqual(VISIBLE_BY_DEFAULT);
  });

  it('when fetching clients fails, then the error names the organisation and shows the server error lines', async () => {
    const errorPage = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(errorPage, USERS.admin);
    await errorPage.route('**/api/clients/summary**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ type_description: 'Internal error', timestamp: '2026-04-05T23:30:00Z', id: 'err-123' }),
      }),
    );
    await errorPage.goto(`/${bigFirm.uuid}/clients?page=1&size=10`);
    const alert = errorPage.getByTestId('api-error');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain(`There was a problem fetching clients for ${bigFirm.name}`);
    expect(text).toContain('Internal error');
    expect(text).toContain('06/04/2026 00:30'); // Europe/London (BST)
    expect(text).toContain('err-123');
    // the error alone: no empty-grid message beneath it, no pager
    expect(await errorPage.getByText(/No clients|has no clients/).count()).toBe(0);
    expect(await errorPage.getByTestId('grid-pager').count()).toBe(0);
    await errorPage.screenshot({ path: `${SHOTS}/clients-error.png` });
    await errorPage.context().close();
  });
});
