/**
 * A corporate action's grids in Chromium against the real embedded system (issue 26; seed 001 §2, §4, §8): a cash
 * dividend of 5.25p a share on a security the test's client holds 1,000 of (so £52.50), whose candidate is unticked
 * (excluded) and ticked again, whose preview's Proceeds is typed over and saved (£52.40), then posted from the
 * Proposed Transactions tab and seen in the Transactions tab with its ledger code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentHeader, DocumentType } from '../../packages/contracts/src';
import { isinFromSedol, withSedolCheckDigit } from '../../services/securities/src/domain/security-codes';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
let page: Page;
let org = '';
let header: DocumentHeader;

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

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const modal = () => page.getByTestId('header-modal');
const grid = (testId: string) => page.getByTestId(testId);
const loaded = async (testId: string) => {
  await grid(testId).waitFor();
  await expect.poll(() => grid(testId).getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
};
const cell = (testId: string, colId: string) =>
  grid(testId).locator(`.ag-center-cols-container .ag-row [col-id="${colId}"]`).first();

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1000 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  const admin = await apiToken(suite.gains.baseUrl, USERS.admin);
  const manager = await apiToken(suite.gains.baseUrl, USERS.manager);
  const issuer = (
    await call<{ value: { uuid: string } }>(admin, 'POST', '/admin/securities/issuers', { name: 'Rows E2E Holdings' })
  ).value.uuid;
  const sedol = withSedolCheckDigit('BF2R01');
  const security = (
    await call<{ value: { id: number } }>(admin, 'POST', '/admin/securities', {
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuer,
      securityName: 'Rows E2E plc',
      reportingName: 'Rows E2E',
      currency: 'GBP',
      assetClass: 'EQUITY',
    })
  ).value.id;
  const client = await call<{ uuid: string }>(manager, 'POST', '/admin/clients', {
    code: 'E2E-ROWS',
    name: 'Rows Holder',
    typeCode: 'INDIVIDUAL',
    stateCode: 'LIVE',
  });
  const portfolio = await call<{ uuid: string }>(manager, 'POST', '/admin/portfolios', {
    code: 'E2E-ROWS-1',
    name: 'Rows GIA',
    taxWrapper: 'GIA',
    owners: [{ clientUuid: client.uuid, percentage: '100' }],
  });
  await call(manager, 'POST', '/customerAdmin/transactions', {
    portfolioUuid: portfolio.uuid,
    securityId: security,
    transaction: { type: 'BUY', tradeDate: '2026-08-03', quantity: '1000', price: '2', expenses: '0', currency: 'GBP' },
  });
  const types = await call<DocumentType[]>(manager, 'GET', '/admin/documents/headers/types?documentTypeCode=CA');
  const dividend = types.find((t) => t.code === 'CASH_DIVIDEND')!;
  const [layer] = await call<{ uuid: string }[]>(manager, 'GET', `/admin/documents/layers/${security}`);
  header = await call<DocumentHeader>(manager, 'POST', '/admin/documents/headers', {
    typeUuid: dividend.uuid,
    securityId: security,
    exDate: '2026-09-01',
    payDate: '2026-09-15',
    layerUuid: layer!.uuid,
    lines: [{ lineDefinitionUuid: dividend.lineDefinitions[0]!.uuid, rate: '0.0525' }],
  });
}, 180_000);

describe('a corporate action’s candidates, previews, proposed and posted transactions', () => {
  it('when the header opens, then its one candidate is ticked (PENDING)', async () => {
    await page.goto(`/${org}/corporate-actions`);
    for (const [id, day] of [
      ['from', '15/09/2026'],
      ['to', '15/09/2026'],
    ]) {
      const input = page.locator(`#${id}`);
      await input.click();
      await input.fill(day!);
      await input.press('Enter');
    }
    await page.getByTestId('ca-filters').getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('ca-headers-grid').locator('.ag-row', { hasText: header.code }).first().click();
    await expect.poll(() => modal().getAttribute('data-status'), { timeout: 60_000 }).toBe('PENDING');
    await page.getByRole('tab', { name: 'Candidates' }).click();
    await loaded('header-candidates');
    expect(await grid('header-candidates').getByTestId('candidate-include').isChecked()).toBe(true);
    await shot('corporate-action-rows-candidates');
  });

  it('when the candidate is unticked, then it is excluded and the header EDIT; ticked again, it is included', async () => {
    await grid('header-candidates').getByTestId('candidate-include').click();
    await page.locator('.ant-message').getByText('Candidate updated').first().waitFor();
    await expect.poll(() => cell('header-candidates', 'status').innerText(), { timeout: 20_000 }).toBe('Excluded');
    await expect.poll(() => modal().getAttribute('data-status')).toBe('EDIT');
    expect(await grid('header-candidates').getByTestId('candidate-include').isChecked()).toBe(false);
    await grid('header-candidates').getByTestId('candidate-include').click();
    await expect.poll(() => cell('header-candidates', 'status').innerText(), { timeout: 20_000 }).toBe('Pending');
    expect(await grid('header-candidates').getByTestId('candidate-include').isChecked()).toBe(true);
  });

  it('when a preview’s Proceeds is typed over and saved, then the row holds it: 1,000 x 5.25p = £52.50 becomes £52.40', async () => {
    await page.getByRole('tab', { name: 'Previews' }).click();
    await loaded('header-previews');
    expect(await cell('header-previews', 'proceeds').innerText()).toBe('£52.50');
    expect(await grid('header-previews').getByTestId('row-save').isDisabled()).toBe(true);
    await cell('header-previews', 'proceeds').click();
    const editor = grid('header-previews').locator('.ag-cell-inline-editing input');
    await editor.fill('52.40');
    await editor.press('Enter');
    await grid('header-previews').getByTestId('row-save').click();
    await page.locator('.ant-message').getByText('Preview updated').first().waitFor();
    await expect.poll(() => cell('header-previews', 'proceeds').innerText(), { timeout: 20_000 }).toBe('£52.40');
    await expect.poll(() => cell('header-previews', 'status').innerText()).toBe('Edit');
    await shot('corporate-action-rows-previews');
  });

  it('when the proposed transactions are created, then the Transactions tab shows the posted row with its code', async () => {
    await page.getByRole('tab', { name: 'Proposed Transactions' }).click();
    await loaded('header-proposed');
    expect(await cell('header-proposed', 'proceeds').innerText()).toBe('£52.40');
    await shot('corporate-action-rows-proposed');
    await page.getByTestId('proposed-create-transactions').click();
    await page.locator('.ant-message').getByText('Creating transactions').first().waitFor();
    await expect.poll(() => modal().getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('RUN');
    await page.getByRole('tab', { name: 'Transactions', exact: true }).click();
    await loaded('header-transactions');
    await expect
      .poll(() => cell('header-transactions', 'transactionCode').innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`^${header.code}-\\d+$`));
    expect(await cell('header-transactions', 'transactionState').innerText()).toBe('SETTLED');
    expect(await cell('header-transactions', 'proceeds').innerText()).toBe('£52.40');
    await shot('corporate-action-rows-transactions');
  });
});
