/**
 * Singular Reports' CGT tab in Chromium against the real embedded system (issue 27): without a selected client the
 * download is disabled; with one chosen in the client area its code and name show, the first tax year is chosen,
 * Download PDF opens the signed link in a new window and answers a PDF, and the report appears in the client area's
 * reports list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, organisationOf, signIn, gridRows as rows } from './support/browser';

const suite = gainsInChromium();
let manager: Page;
let org = '';

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl);
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
});

describe('the CGT Report tab', () => {
  it('when no client is selected, then the client fields are empty and Download is disabled', async () => {
    await manager.goto(`/${org}/singular-reports`);
    const tab = manager.getByTestId('cgt-report-tab');
    await tab.waitFor();
    expect(await tab.getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe('');
    expect(await tab.getByRole('button', { name: /Download/ }).isDisabled()).toBe(true);
    // the other tabs are there (singular-report-tabs.test.ts)
    expect(await manager.getByRole('tab', { name: 'Income Statement' }).isDisabled()).toBe(false);
  });

  it('when a client is selected in the client area, then its PDF opens in a new window and is listed', async () => {
    await manager.goto(`/${org}/clients`);
    const first = rows(manager, 'clients-grid').first();
    await first.waitFor();
    const code = (await first.locator('[col-id="code"]').textContent())?.trim() ?? '';
    await first.click();
    await manager.getByTestId('client-ledger').waitFor();
    // The e2e system does not compute the demo ledgers on its own: this client's is computed now.
    const base = suite.gains.baseUrl;
    const token = await apiToken(base, USERS.manager);
    const clients = await api<{ content: { uuid: string; code: string }[] }>(base, token, '/clients/summary', org);
    const clientUuid = clients.content.find((c) => c.code === code)!.uuid;
    const recalculate = await fetch(`${base}/api/admin/calculations/recalculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-organisation-uuid': org, 'content-type': 'application/json' },
      body: JSON.stringify({ clientUuid }),
    });
    expect(recalculate.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(base, token, `/clients/calculation-status/${clientUuid}`, org)).status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('SUCCEEDED');

    await manager.goto(`/${org}/singular-reports`);
    const tab = manager.getByTestId('cgt-report-tab');
    await tab.waitFor();
    await expect.poll(() => tab.getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(code);
    const download = tab.getByRole('button', { name: /Download/ });
    await expect.poll(() => download.isDisabled(), { timeout: 20_000 }).toBe(false);
    await manager.screenshot({ path: `${SHOTS}/singular-reports-cgt.png` });

    const popup = manager.context().waitForEvent('page');
    await download.hover();
    await manager.getByText('Download PDF').click();
    const window = await popup;
    // the report is made by a job first (the BFF waits up to 60 s for it)
    await window.waitForURL(/\/api\/reports\/download\//, { timeout: 90_000 });
    const answer = await manager.request.get(window.url());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await window.close();

    await manager.goto(`/${org}/clients`);
    await rows(manager, 'clients-grid').first().click();
    const report = rows(manager, 'reports-grid').first();
    await report.waitFor();
    expect(await report.textContent()).toContain('CGT realised gains');
    expect(await report.textContent()).toContain(`${code}-cgt-report-`);
  });
});
