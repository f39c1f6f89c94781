/**
 * The Corporate Actions search page in Chromium against the real embedded system (issue 26; seed 001 §2, §4): a
 * cash dividend on security 1 created through the REST API is found by its pay date, opens in the header modal
 * with its event terms and rate, and its Candidates and Previews tabs load (the demo firm may or may not hold the
 * security, so either rows or the empty state), with the footer's buttons following the header's status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentHeader, DocumentType } from '../../packages/contracts/src';
import { gainsInChromium } from './support/suite';
import { apiCall, apiToken, newPage, organisationOf, screenshot, signIn, USERS } from './support/browser';

const suite = gainsInChromium();
const EX_DATE = '2026-10-01';
const PAY_DATE = '2026-10-14';
let page: Page;
let org = '';
let token = '';
let header: DocumentHeader;

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.gains.baseUrl, { token, org }, method, path, body);

const shot = (name: string) => screenshot(page, name);

async function typeDate(id: string, ddmmyyyy: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1000 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const types = await call<DocumentType[]>('GET', '/admin/documents/headers/types?documentTypeCode=CA');
  const dividend = types.find((t) => t.code === 'CASH_DIVIDEND')!;
  const [layer] = await call<{ uuid: string }[]>('GET', '/admin/documents/layers/1');
  header = await call<DocumentHeader>('POST', '/admin/documents/headers', {
    typeUuid: dividend.uuid,
    securityId: 1,
    exDate: EX_DATE,
    payDate: PAY_DATE,
    layerUuid: layer!.uuid,
    lines: [{ lineDefinitionUuid: dividend.lineDefinitions[0]!.uuid, rate: '0.1234' }],
  });
}, 120_000);

describe('the Corporate Actions search page', () => {
  it('when the page opens, then the form searches every type and status by pay date from today to today', async () => {
    await page.goto(`/${org}/corporate-actions`);
    await page.getByTestId('ca-filters').waitFor();
    await page.getByTestId('ca-headers-grid').waitFor();
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    expect(await page.locator('#from').inputValue()).toBe(today);
    expect(await page.locator('#to').inputValue()).toBe(today);
    expect(await page.getByTestId('ca-date-type').innerText()).toContain('Pay Date');
    expect(await page.getByTestId('ca-add-new').isDisabled()).toBe(true);
    await shot('corporate-actions-start');
  });

  it('when the pay date range covers the new header, then its row shows and opens the header modal', async () => {
    await typeDate('from', '14/10/2026');
    await typeDate('to', '14/10/2026');
    await page.getByTestId('ca-search').click();
    const row = page.getByTestId('ca-headers-grid').locator('.ag-center-cols-container .ag-row', {
      hasText: header.code,
    });
    await row.waitFor();
    expect((await row.locator('[col-id="payDate"]').innerText()).trim()).toBe('14/10/2026');
    expect((await row.locator('[col-id="exDate"]').innerText()).trim()).toBe('01/10/2026');
    await shot('corporate-actions-results');

    await row.click();
    const modal = page.getByTestId('header-modal');
    await modal.waitFor();
    await page.getByText('Corporate Action Header', { exact: true }).waitFor();
    const terms = page.getByTestId('header-event-terms');
    await terms.waitFor();
    expect(await terms.innerText()).toContain('01/10/2026');
    expect(await terms.innerText()).toContain('14/10/2026');
    expect(await page.getByTestId('header-rate').innerText()).toContain('0.1234');
    // §4: Delete only in PENDING, Reverse only in RUN or COMPLETED, Create transactions in PENDING, EDIT or RUN
    const status = (await modal.getAttribute('data-status'))!;
    expect(await page.getByTestId('header-delete').isDisabled()).toBe(status !== 'PENDING');
    expect(await page.getByTestId('header-reverse').isDisabled()).toBe(!['RUN', 'COMPLETED'].includes(status));
    const create = await page.getByTestId('header-create-transactions').isDisabled();
    expect(create).toBe(!['PENDING', 'EDIT', 'RUN'].includes(status));
    await shot('corporate-actions-header-terms');
  });

  it('when the Candidates and Previews tabs open, then their grids load (rows or the empty state)', async () => {
    await page.getByRole('tab', { name: 'Candidates' }).click();
    const candidates = page.getByTestId('header-candidates');
    await candidates.waitFor();
    await expect.poll(() => candidates.getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
    await candidates.locator('.ag-row, .gains-grid__empty').first().waitFor();
    expect(await candidates.getByTestId('api-error').count()).toBe(0);
    await shot('corporate-actions-header-candidates');

    await page.getByRole('tab', { name: 'Previews' }).click();
    const previews = page.getByTestId('header-previews');
    await previews.waitFor();
    await expect.poll(() => previews.getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
    await previews.locator('.ag-row, .gains-grid__empty').first().waitFor();
    await shot('corporate-actions-header-previews');

    await page.getByRole('tab', { name: 'Audit Details' }).click();
    const audit = page.getByTestId('header-audit');
    await audit.waitFor();
    expect(await audit.innerText()).toContain(header.code);
    await shot('corporate-actions-header-audit');
  });

  it('when Create transactions is pressed on a pending header, then it says so and follows the job to its end', async () => {
    const modal = page.getByTestId('header-modal');
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 30_000 }).toBe('PENDING');
    await page.getByTestId('header-create-transactions').click();
    await page.locator('.ant-message').getByText('Creating transactions').waitFor();
    // the modal asks for the header every 2 s until the job is done
    await expect
      .poll(() => modal.getAttribute('data-status'), { timeout: 90_000, interval: 500 })
      .toMatch(/^(RUN|RUN_FAILURES)$/);
    const status = (await modal.getAttribute('data-status'))!;
    expect(await page.getByTestId('header-create-transactions').isDisabled()).toBe(status !== 'RUN');
    expect(await page.getByTestId('header-reverse').getAttribute('data-allowed')).toBe(String(status === 'RUN'));
    await page.getByRole('tab', { name: 'Audit Details' }).click();
    await shot('corporate-actions-header-run');
    // closing the modal searches again: the row shows the header's new status
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('ca-headers-grid').locator('.ag-center-cols-container .ag-row', {
      hasText: header.code,
    });
    await expect.poll(async () => (await row.locator('[col-id="status"]').innerText()).trim()).toMatch(/^Run/);
  });

  it('when Reverse is confirmed on a run header, then it says so and the header ends REVERSED', async () => {
    const row = page.getByTestId('ca-headers-grid').locator('.ag-center-cols-container .ag-row', {
      hasText: header.code,
    });
    await row.click();
    const modal = page.getByTestId('header-modal');
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 30_000 }).toMatch(/^(RUN|RUN_FAILURES)$/);
    if ((await modal.getAttribute('data-status')) !== 'RUN') return;
    await page.getByTestId('header-reverse').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reverse' }).click();
    await page.locator('.ant-message').getByText('Header reversed').waitFor();
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('REVERSED');
    expect(await page.getByTestId('header-reverse').isDisabled()).toBe(true);
    await shot('corporate-actions-header-reversed');
  });
});
