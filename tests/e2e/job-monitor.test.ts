/**
 * The Job Monitor and the ACT Monitor in Chromium against the real embedded system (issue 22): the demo's
 * finished jobs list and one opens with its counts and failures; a monitor log raised today opens in the Log
 * Status modal and its resolution is saved ('Log updated').
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { USERS, newPage, organisationOf, signIn, gridRows as rows, screenshot } from './support/browser';

const suite = gainsInChromium();
let manager: Page;
let org = '';

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl);
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
});

describe('the Job Monitor', () => {
  it('lists the firm’s jobs and opens one with its counts and failures', async () => {
    await manager.goto(`/${org}/job-monitor`);
    const first = rows(manager, 'job-monitor-grid').first();
    await first.waitFor();
    expect(
      await manager
        .getByTestId('job-monitor-grid')
        .getByText(/\d+ jobs?/)
        .count(),
    ).toBeGreaterThan(0);
    await screenshot(manager, 'job-monitor');
    await first.click();
    const detail = manager.getByTestId('job-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-status')).toMatch(/^(SUCCEEDED|FAILED|PARTIALLY_SUCCEEDED|CANCELLED)$/);
    await detail.getByText('Candidates', { exact: true }).waitFor();
    await screenshot(manager, 'job-monitor-detail');
  });
});

describe('the ACT Monitor', () => {
  it('shows today’s monitor logs and saves a log’s resolution status', async () => {
    await manager.goto(`/${org}/act-monitor`);
    const first = rows(manager, 'act-monitor-logs').first();
    await first.waitFor();
    await screenshot(manager, 'act-monitor');
    await first.click();
    const modal = manager.getByTestId('log-status');
    await modal.waitFor();
    await modal.locator('.ant-select').first().click();
    await manager
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Resolved' })
      .first()
      .click();
    await modal.locator('textarea').fill('Checked with the custodian');
    await screenshot(manager, 'act-monitor-log-status');
    await manager.getByRole('button', { name: 'Save' }).click();
    await manager.getByText('Log updated').waitFor();
    await rows(manager, 'act-monitor-logs').filter({ hasText: 'Checked with the custodian' }).first().waitFor();
    expect(await rows(manager, 'act-monitor-logs').filter({ hasText: 'Resolved' }).count()).toBeGreaterThan(0);
  });
});
