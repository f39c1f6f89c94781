/**
 * The MI Dashboard in Chromium against the real embedded system with the demo data (issue 27): the manager of
 * ASHW opens /mi-dashboard and sees every figure drawn as a chart in the 1030 x 720 frame; each figure switches to
 * its table, whose rows are the API's figures (clients by state summing to the firm's clients, the exact GBP
 * text of assets); a non-admin is sent away from the route (seed 000 §6).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MiDashboard } from '../../packages/contracts/src/mi-dashboard';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
let manager: Page;
let org = '';

const FIGURES = [
  'assets',
  'realised-gains',
  'clients-by-state',
  'clients-by-ae-band',
  'jobs-by-status',
  'failures-and-breaks',
  'logs-by-severity',
];

beforeAll(async () => {
  manager = await newPage(suite.browser, suite.gains.baseUrl);
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
});

describe('the MI Dashboard', () => {
  it('draws every figure as a chart in the 1030 x 720 frame', async () => {
    await manager.goto(`/${org}/mi-dashboard`);
    const frame = manager.getByTestId('mi-dashboard');
    await frame.getByTestId('mi-assets').locator('svg.recharts-surface').waitFor({ timeout: 30_000 });
    const box = await frame.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([1030, 720]);
    // The demo firm has clients, holdings, jobs and today's monitor logs; realised gains wait for the tax engine's
    // runs, so that card shows a chart or its empty state.
    for (const id of ['assets', 'clients-by-state', 'clients-by-ae-band', 'jobs-by-status', 'logs-by-severity']) {
      expect(await frame.getByTestId(`mi-${id}`).locator('svg.recharts-surface').count(), id).toBe(1);
    }
    const gains = frame.getByTestId('mi-realised-gains');
    expect((await gains.locator('svg.recharts-surface').count()) + (await gains.locator('.ant-empty').count())).toBe(1);
    await manager.waitForTimeout(300);
    await manager.screenshot({ path: `${SHOTS}/mi-dashboard.png`, fullPage: true });
  });

  it('shows each figure as a table holding the figures the API answers', async () => {
    const token = await apiToken(suite.gains.baseUrl, USERS.manager);
    const figures = await api<MiDashboard>(suite.gains.baseUrl, token, '/mi-dashboard', org);
    const frame = manager.getByTestId('mi-dashboard');
    for (const id of FIGURES.filter((f) => f !== 'realised-gains' || figures.realisedGains.length > 0)) {
      await frame.getByTestId(`mi-${id}`).getByText('Table', { exact: true }).click();
      await frame.getByTestId(`mi-${id}-table`).waitFor();
    }
    const cells = async (id: string) =>
      (await frame.getByTestId(`mi-${id}-table`).locator('tbody tr.ant-table-row').allInnerTexts()).map((r) =>
        r.split('\t').map((c) => c.trim()),
      );
    // Clients by state: the states the API counts, summing to every client of the firm.
    const states = await cells('clients-by-state');
    expect(states).toEqual(figures.clientsByState.map((s) => [s.state, String(s.count)]));
    expect(states.reduce((n, [, count]) => n + Number(count), 0)).toBe(figures.clients);
    // Assets: a row a date, the value in GBP en-GB from the exact text (e.g. '1234567.80' is '£1,234,567.80').
    const assets = await cells('assets');
    expect(assets).toHaveLength(13);
    const last = figures.assetsUnderAdministration.at(-1)!;
    const [whole, pence] = last.value.split('.');
    expect(assets.at(-1)![1]).toBe(`£${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`);
    const severities = await cells('logs-by-severity');
    expect(severities.map(([s]) => s)).toEqual(['Low', 'Medium', 'High', 'Urgent']);
    await manager.screenshot({ path: `${SHOTS}/mi-dashboard-tables.png`, fullPage: true });
  });

  it('sends an adviser (not an admin) away from the route', async () => {
    const adviser = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(adviser, USERS.adviser);
    const adviserOrg = organisationOf(adviser);
    await adviser.goto(`/${adviserOrg}/mi-dashboard`);
    await adviser.waitForURL((url) => !url.pathname.endsWith('/mi-dashboard'), { timeout: 15_000 });
    expect(await adviser.getByTestId('mi-dashboard').count()).toBe(0);
    await adviser.close();
  });
});
