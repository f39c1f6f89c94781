/**
 * The Income Diaries pages in Chromium against the real embedded system (issue 26; seed 000 §1, §2.1): the grid
 * opens with its filters, 'New' opens the form, a diary is created through it (the security chosen with the app's
 * security search, a cash dividend paying quarterly in the future, so the timer leaves it alone), the diary's page
 * shows it with no headers yet, and the grid lists it; a rule broken shows its message under the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
let page: Page;
let org = '';
let token = '';
let sample: { id: number; sedol: string; securityName: string };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
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

/** Types a date; Tab leaves the picker with it (Enter would also submit the form). */
async function typeDate(id: string, ddmmyyyy: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Tab');
}

/** Chooses an option of the antd select with this test id. */
async function choose(testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1000 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const securities = await call<{ content: { id: number; sedol: string; securityName: string; currency: string }[] }>(
    'GET',
    '/admin/securities?page=1&size=10&sort=securityName,asc',
  );
  sample = securities.content.find((s) => s.sedol && s.currency === 'GBP') ?? securities.content[0]!;
}, 120_000);

describe('the Income Diaries pages', () => {
  it('when the grid opens, then it shows its filters, New and Run now', async () => {
    await page.goto(`/${org}/income-diaries`);
    await page.getByRole('heading', { name: 'Income Diaries' }).waitFor();
    const grid = page.getByTestId('income-diaries-grid');
    await grid.waitFor();
    await grid.locator('[col-id="nextExDate"]').first().waitFor();
    expect(await page.getByTestId('diary-filter-active').innerText()).toContain('Active only');
    expect(await page.getByTestId('diary-run-now').isDisabled()).toBe(false);
    await shot('income-diaries-start');
  });

  it('when a diary is created through the form, then its page shows it and the grid lists it', async () => {
    await page.getByTestId('diary-new').click();
    await page.waitForURL(new RegExp(`/${org}/income-diaries/new$`));
    await page.getByRole('heading', { name: 'New Income Diary' }).waitFor();

    // a rule the form checks before asking: the pay date not before the ex date
    await typeDate('income-diary_nextExDate', '15/03/2099');
    await typeDate('income-diary_nextPayDate', '01/03/2099');
    await page.getByTestId('diary-save').click();
    await page.getByText('Pay Date must not be before Ex Date').waitFor();

    await page.getByTestId('security-search').click();
    await page.getByRole('combobox', { name: 'Search securities' }).fill(sample.sedol);
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await option.filter({ hasText: sample.sedol }).first().click();
    await page.getByText(`Chosen: ${sample.sedol}`).waitFor();
    await choose('diary-income-type', 'UK company dividend');
    await choose('diary-document-type', 'Cash dividend');
    await choose('diary-layer', 'Main event');
    await page.getByTestId('diary-rate').fill('0.0425');
    await typeDate('income-diary_nextPayDate', '31/03/2099');
    await shot('income-diaries-new');
    await page.getByTestId('diary-save').click();

    await page.waitForURL(new RegExp(`/${org}/income-diaries/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: `Income Diary: ${sample.securityName}` }).waitFor();
    await page.getByTestId('income-diary-headers').getByText('No headers yet').waitFor();
    const uuid = page.url().split('/').pop()!;
    const saved = await call<Record<string, unknown>>('GET', `/admin/documents/income-diaries/${uuid}`);
    expect(saved).toMatchObject({
      securityId: sample.id,
      incomeType: 'UK_DIVIDEND',
      documentTypeName: 'Cash dividend',
      rate: '0.0425',
      nextExDate: '2099-03-15',
      nextPayDate: '2099-03-31',
      frequency: 'QUARTERLY',
      active: true,
    });
    await shot('income-diaries-view');

    await page.goto(`/${org}/income-diaries`);
    const row = page.getByTestId('income-diaries-grid').locator('.ag-center-cols-container .ag-row', {
      hasText: sample.sedol,
    });
    await row.first().waitFor();
    await row.first().click();
    await page.waitForURL(new RegExp(`/${org}/income-diaries/${uuid}$`));
  });
});
