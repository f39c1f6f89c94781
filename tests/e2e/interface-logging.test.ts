import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();

/** A client of the firm, its first general-account portfolio and a security it holds, found through the API. */
async function aHolding(organisationUuid: string) {
  const token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const clients = await api<{ content: { uuid: string; code: string }[] }>(
    suite.gains.baseUrl,
    token,
    '/clients/summary?page=1&size=25',
    organisationUuid,
  );
  for (const client of clients.content) {
    const response = await fetch(`${suite.gains.baseUrl}/api/portfolios/summary`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-organisation-uuid': organisationUuid,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ids: [client.uuid] }),
    });
    const portfolios = (await response.json()) as { uuid: string; code: string; taxWrapper: string }[];
    const gia = portfolios.find((p) => p.taxWrapper === 'GIA');
    if (!gia) continue;
    const holdings = await fetch(`${suite.gains.baseUrl}/api/holdings/summary`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-organisation-uuid': organisationUuid,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ portfolioUuid: gia.uuid, clientUuid: client.uuid }),
    }).then((r) => r.json() as Promise<{ sedol: string }[]>);
    const sedol = holdings.find((h) => h.sedol)?.sedol;
    if (sedol) return { client: client.code, portfolio: gia.code, sedol };
  }
  throw new Error('no client with a held security in the first page');
}

async function openInterfaceLogging(page: Page) {
  await signIn(page, USERS.manager);
  await page.goto(`/${organisationOf(page)}/interface-logging`);
  await page.getByTestId('import-tasks-grid').waitFor();
}

async function upload(page: Page, name: string, text: string) {
  await page
    .getByTestId('import-start')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe('Interface Logging', () => {
  it('when a customer administrator imports a transactions file, then its task runs and finishes with its rows posted', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openInterfaceLogging(page);
    await page.screenshot({ path: `${SHOTS}/interface-logging-empty.png` });
    const h = await aHolding(organisationOf(page));
    const file = [
      'client,portfolio,security,date,type,quantity,price,expenses,ref',
      `${h.client},${h.portfolio},${h.sedol},2024-03-01,BUY,10,1.25,2.50,E2E-1`,
      `${h.client},${h.portfolio},${h.sedol},2024-03-04,BUY,5,1.30,,E2E-2`,
    ].join('\n');
    await upload(page, 'e2e-transactions.csv', file);
    const task = page.getByTestId('import-task');
    await page.locator('[data-testid=import-task][data-status=SUCCEEDED]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-counts').innerText()).toBe(
      'Transactions: 2 rows read, 2 posted, 0 rejected, 0 already imported.',
    );
    expect(await task.innerText()).toContain('2 rows posted');
    await page.screenshot({ path: `${SHOTS}/interface-logging-succeeded.png` });
    await page.keyboard.press('Escape');
    const row = page
      .locator('[data-testid=import-tasks-grid] .ag-center-cols-container .ag-row')
      .filter({ hasText: 'e2e-transactions.csv' });
    await expect.poll(() => row.locator('[col-id=status]').innerText(), { timeout: 20_000 }).toBe('Succeeded');
    expect(await row.locator('[col-id=fileName]').innerText()).toBe('e2e-transactions.csv');
    expect(await row.locator('[col-id=rowsPosted]').innerText()).toBe('2');
  });

  it('when a bad file is uploaded, then its task fails and lists each rejected row with line, column and reason', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openInterfaceLogging(page);
    const h = await aHolding(organisationOf(page));
    const file = [
      'client,portfolio,security,date,type,quantity,price',
      `${h.client},${h.portfolio},${h.sedol},2024-02-30,BUY,10,1.25`,
      `${h.client},${h.portfolio},NOSUCH1,2024-03-01,BUY,abc,1.25`,
    ].join('\n');
    await upload(page, 'e2e-bad.csv', file);
    await page.locator('[data-testid=import-task][data-status=FAILED]').waitFor({ timeout: 60_000 });
    const rejected = page.getByTestId('import-rejected').locator('tr.ant-table-row');
    await expect.poll(() => rejected.count()).toBe(3);
    const cells = async (i: number) => (await rejected.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
    expect(await cells(0)).toEqual(['2', 'date', 'tradeDate must be a date as YYYY-MM-DD']);
    expect(await cells(1)).toEqual(['3', 'security', 'Unknown security NOSUCH1 (not a known SEDOL or ISIN)']);
    expect(await cells(2)).toEqual(['3', 'quantity', 'quantity must be a decimal number such as 12.34']);
    expect(await page.getByTestId('import-task').innerText()).toContain('2 lines have problems: nothing was posted');
    expect(await page.getByTestId('import-counts').innerText()).toBe(
      'Transactions: 2 rows read, 0 posted, 2 rejected, 0 already imported.',
    );
    // the list shows the task failed as soon as the task is seen finished
    const row = page
      .locator('[data-testid=import-tasks-grid] .ag-center-cols-container .ag-row')
      .filter({ hasText: 'e2e-bad.csv' });
    await expect.poll(() => row.locator('[col-id=status]').innerText(), { timeout: 5_000 }).toBe('Failed');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-rejected-rows-e2e-bad\.csv$/);
    await page.screenshot({ path: `${SHOTS}/interface-logging-rejected.png` });
  });

  it('when a custodian file differs from the ledger, then its task raises a rec break and the ACT Monitor shows its log', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openInterfaceLogging(page);
    const h = await aHolding(organisationOf(page));
    await page.getByTestId('import-kind').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Custodian holdings' })
      .click();
    // no demo holding is 987654.321 on any date: a difference, whatever the ledger holds
    await upload(
      page,
      'e2e-custodian.csv',
      `portfolio,security,quantity,date\n${h.portfolio},${h.sedol},987654.321,2025-01-31`,
    );
    await page.locator('[data-testid=import-task][data-status=SUCCEEDED]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-task').innerText()).toContain('1 rec break raised');
    await page.keyboard.press('Escape');
    await page.goto(`/${organisationOf(page)}/act-monitor`);
    const log = page
      .locator('[data-testid=act-monitor-logs] .ag-center-cols-container .ag-row')
      .filter({ hasText: 'CUSTODIAN_HOLDING_MISMATCH' })
      .filter({ hasText: `Custodian holds 987654.321 of ${h.sedol} in ${h.portfolio} on 2025-01-31` });
    // the log reaches the ACT Monitor through the job's event and the reports service's read model; each look waits
    // for the page's own answer to render (rows or the empty text), so a slow machine never judges a half-loaded grid
    const rendered = page
      .locator('[data-testid=act-monitor-logs] .ag-center-cols-container .ag-row')
      .or(page.locator('[data-testid=act-monitor-logs] .gains-grid__empty'))
      .first();
    await expect
      .poll(
        async () => {
          await rendered.waitFor({ timeout: 15_000 });
          if ((await log.count()) > 0) return true;
          await page.reload();
          return false;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await log.first().locator('[col-id=errorSeverityId]').innerText()).toBe('Medium');
    await page.screenshot({ path: `${SHOTS}/act-monitor-custodian-break.png`, fullPage: true });
  });

  it('when a customer administrator picks the clients kind, then its columns are hinted and a clients file is imported', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await openInterfaceLogging(page);
    await page.getByTestId('import-kind').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Clients' })
      .first()
      .click();
    expect(await page.getByTestId('import-kind-columns').innerText()).toMatch(/^Columns: code, name; optional type/);
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await upload(
      page,
      'e2e-clients.csv',
      ['code,name,type,ni_number', `${code},E2E Client,INDIVIDUAL,QQ123456C`].join('\n'),
    );
    await page.locator('[data-testid=import-task][data-status=SUCCEEDED]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-counts').innerText()).toBe(
      'Clients: 1 rows read, 1 posted, 0 rejected, 0 already imported.',
    );
    expect(await page.getByTestId('import-task').innerText()).toContain('1 client added, 0 changed, 0 unchanged');
    await page.screenshot({ path: `${SHOTS}/interface-logging-clients.png` });
  });
});
