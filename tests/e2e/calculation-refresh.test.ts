/**
 * The tax engine's figures reach the client area without a reload (issue 23, seed 000 §9): with a client open, a
 * sale posted through the API is computed by the engine, and the page fetches the client's figures again when the
 * newer run lands: the status tag, the clients grid row and the holding show the figures the server stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CalculationStatusAnswer, LedgerHolding, Portfolio } from '../../packages/contracts/src';
import { gainsInChromium } from './support/suite';
import { apiCall, apiToken, newPage, organisationOf, SHOTS, signIn, USERS } from './support/browser';

const suite = gainsInChromium();
const CLIENT = 'ASH00003';
let page: Page;
let org = '';
let token = '';

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.gains.baseUrl, { token, org }, method, path, body);

const rows = (id: string) => page.getByTestId(id).locator('.ag-center-cols-container .ag-row');
const cellText = async (row: ReturnType<typeof rows>, colId: string) =>
  (await row.locator(`[col-id="${colId}"]`).innerText()).trim();
/** en-GB money as the grids show it: "£1,234.56", "-£38.77". */
const gbp = (value: string) => {
  const [whole, pence] = value.replace('-', '').split('.');
  return `${value.startsWith('-') ? '-' : ''}£${Number(whole).toLocaleString('en-GB')}.${pence}`;
};

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1300 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
});

describe('a calculation landing while the client is open', () => {
  it('when a sale is computed, then the status, the clients grid and the holding show the stored figures', async () => {
    const client = (
      await call<{ content: { uuid: string; code: string }[] }>('GET', `/clients/summary?size=10&term=${CLIENT}`)
    ).content.find((c) => c.code === CLIENT)!;
    const portfolio = (await call<Portfolio[]>('POST', '/portfolios/summary', { ids: [client.uuid] })).find(
      (p) => p.taxWrapper === 'GIA',
    )!;
    const holding = (
      await call<LedgerHolding[]>('POST', '/holdings/summary', {
        portfolioUuid: portfolio.uuid,
        clientUuid: client.uuid,
      })
    ).find((h) => Number(h.quantity) >= 10 && h.calculationStatus !== 'EXCLUDED')!;
    const before = await call<CalculationStatusAnswer>('GET', `/clients/calculation-status/${client.uuid}`);

    await page.getByLabel('Search clients').fill(CLIENT);
    const clientRow = rows('clients-grid').filter({ hasText: CLIENT }).first();
    await clientRow.click();
    const tag = page.getByTestId('calculation-status');
    await tag.waitFor();
    expect(await tag.getAttribute('data-calculated-at')).toBe(before.lastCalculatedAt ?? '');
    if ((await page.getByText(`Holdings of ${portfolio.code}`).count()) === 0) {
      await rows('portfolios-grid').filter({ hasText: portfolio.code }).click();
    }
    await rows('holdings-grid').first().waitFor();

    await call('POST', '/customerAdmin/transactions', {
      portfolioUuid: portfolio.uuid,
      securityId: holding.securityId,
      transaction: {
        type: 'SELL',
        tradeDate: '2026-11-20',
        quantity: '5',
        price: '1.50',
        expenses: '',
        currency: 'GBP',
      },
    });

    // The page polls the status; a run newer than the one its figures came from refetches them.
    await expect
      .poll(async () => (await tag.getAttribute('data-calculated-at')) !== (before.lastCalculatedAt ?? ''), {
        timeout: 30_000,
      })
      .toBe(true);
    const stored = (
      await call<{ content: { code: string; ytdCapitalGainLoss: string | null; calculationStatus: string }[] }>(
        'GET',
        `/clients/summary?size=10&term=${CLIENT}`,
      )
    ).content.find((c) => c.code === CLIENT)!;
    expect(stored.calculationStatus).toMatch(/^(SUCCEEDED|PARTIAL)$/);
    expect(stored.ytdCapitalGainLoss).not.toBeNull();
    await expect.poll(() => cellText(clientRow, 'ytdCapitalGainLoss')).toBe(gbp(stored.ytdCapitalGainLoss!));
    await expect.poll(() => cellText(clientRow, 'calculationStatus')).toMatch(/^(Calculated|Partial)$/);

    const storedHolding = (
      await call<LedgerHolding[]>('POST', '/holdings/summary', {
        portfolioUuid: portfolio.uuid,
        clientUuid: client.uuid,
      })
    ).find((h) => h.securityId === holding.securityId)!;
    expect(storedHolding.cgtCost).not.toBeNull();
    const shown = rows('holdings-grid')
      .filter({ hasText: holding.sedol || holding.isin })
      .first();
    await expect.poll(() => cellText(shown, 'cgtCost')).toBe(gbp(storedHolding.cgtCost!));
    expect(storedHolding.calculationStatus).toMatch(/^(SUCCEEDED|FAILED)$/);
    await expect
      .poll(() => cellText(shown, 'calculationStatus'))
      .toBe(storedHolding.calculationStatus === 'SUCCEEDED' ? 'Calculated' : 'Failed');
    await page.screenshot({ path: `${SHOTS}/calculation-refresh.png`, fullPage: true });
  });
});
