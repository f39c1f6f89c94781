/**
 * Batch reports in Chromium against the real embedded system (issue 27; seed 000 §1, §2.9): Brookfield's customer
 * admin creates a print of the firm's 2024-25 CGT reports, sees its candidates identified with their checks,
 * publishes it and sees it Complete; each candidate's client then lists its report with the print's batch id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { USERS, api, apiToken, newPage, organisationOf, signIn, gridRows as rows, screenshot } from './support/browser';

const suite = gainsInChromium();
let brook: Page;
let org = '';

beforeAll(async () => {
  brook = await newPage(suite.browser, suite.gains.baseUrl);
  await signIn(brook, USERS.brook);
  org = organisationOf(brook);
});

describe('batch reports', () => {
  it('when a print is created and published, then its candidates are identified, each report is made, and it is Complete', async () => {
    await brook.goto(`/${org}/batch-reports`);
    await brook.getByTestId('batch-prints-grid').waitFor();
    await brook.getByRole('button', { name: 'New batch print' }).click();
    const modal = brook.locator('.ant-modal-content');
    await modal.getByText('New batch print').waitFor();
    await modal.locator('.ant-select').first().click();
    await brook.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('2024-25').click();
    await modal.getByRole('button', { name: 'Create' }).click();
    await brook.waitForURL(/\/batch-reports\/\d+$/);
    const id = Number(new URL(brook.url()).pathname.split('/').at(-1));
    const status = brook.getByTestId('batch-status');
    await status.filter({ hasText: 'Identified' }).waitFor({ timeout: 60_000 });
    await rows(brook, 'batch-candidates-grid').first().waitFor();
    const identified = Number(await brook.getByTestId('identified-candidates').textContent());
    expect(identified).toBeGreaterThan(0);
    await screenshot(brook, 'batch-report-identified');
    await brook.getByRole('button', { name: 'Publish' }).click();
    await brook.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click();
    await status.filter({ hasText: 'Complete' }).waitFor({ timeout: 110_000 });
    await screenshot(brook, 'batch-report-complete');

    // every candidate Complete, and a candidate's client lists the report with the print's batch id
    const token = await apiToken(suite.gains.baseUrl, USERS.brook);
    const print = await api<{ uuid: string; publishedCandidates: number }>(
      suite.gains.baseUrl,
      token,
      `/batch-reports/${id}`,
      org,
    );
    expect(print.publishedCandidates).toBe(identified);
    const candidates = await api<{ content: { clientUuid: string; status: string }[] }>(
      suite.gains.baseUrl,
      token,
      `/batch-reports/${id}/candidates?size=100`,
      org,
    );
    expect(candidates.content.every((c) => c.status === 'COMPLETE')).toBe(true);
    const reports = await api<{ batchId: string | null; reportType: string; generation: number }[]>(
      suite.gains.baseUrl,
      token,
      `/clients/${candidates.content[0]!.clientUuid}/reports`,
      org,
    );
    expect(reports.find((r) => r.batchId === print.uuid)).toMatchObject({ reportType: 'cgt-realised', generation: 2 });

    // the list shows the print, Complete
    await brook.goto(`/${org}/batch-reports`);
    await rows(brook, 'batch-prints-grid').filter({ hasText: 'Complete' }).first().waitFor();
    await screenshot(brook, 'batch-reports');
  });
});
