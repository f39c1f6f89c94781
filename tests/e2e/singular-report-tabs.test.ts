/**
 * Singular Reports' tabs other than CGT in Chromium against the real embedded system (issue 27; seed 000 §2.6, §5,
 * §6, §7, §8): every tab shows the selected client read-only and is disabled without one; 'As at' is today at first
 * and no later day can be chosen; a period's end cannot precede its start; a security is selected and let go by
 * clicking its row; CA Headers and CA Candidates appear for a super admin only; and the downloads whose calls exist
 * open a CSV with its header row in a new window. For the tabs whose report kinds are built elsewhere, the call's
 * body is checked, and its answer is either the new window or the tab's seed 000 §8 message.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { gainsInChromium } from './support/suite';
import { USERS, api, apiToken, newPage, organisationOf, screenshot, signIn, gridRows as rows } from './support/browser';

const suite = gainsInChromium();
let manager: Page;
let admin: Page;
let org = '';
type Client = { uuid: string; code: string; name: string };
let client: Client = { uuid: '', code: '', name: '' };
let another: Client = { uuid: '', code: '', name: '' };

const VIEWPORT = { width: 1280, height: 900 };
/** The tab pane in view: every tab has the same field names. */
const pane = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Today in London, as the browser (in this machine's zone) and the server read it. */
const todayIso = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await pane(page).locator('form').waitFor();
}

/** Types a day into the picker with this label; Tab leaves it (a day it refuses is not kept). */
async function typeDay(page: Page, label: string, iso: string): Promise<void> {
  const input = pane(page).getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(ddmmyyyy(iso));
  await input.press('Tab');
}
const dayIn = (page: Page, label: string) => pane(page).getByRole('textbox', { name: label, exact: true }).inputValue();
const download = (page: Page) => pane(page).getByTestId('download');

/** Selects the client in the client area, as a user does before reporting (seed 000 §2.5). */
async function selectClient(page: Page, chosen = client): Promise<void> {
  await page.goto(`/${org}/clients`);
  const row = rows(page, 'clients-grid').filter({ hasText: chosen.code }).first();
  await row.waitFor();
  await row.click();
  await page.getByTestId('client-ledger').waitFor();
}

/** Hovers the Download menu and chooses one of its items; the items it offers are answered. */
async function menuItems(page: Page): Promise<string[]> {
  await download(page).hover();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
  await menu.first().waitFor();
  return menu.allTextContents();
}

/**
 * A download of a tab whose report kind the reports service may not have yet: the call's body is as seed 000 §7
 * says; a 200 opens the link in a new window, anything else shows the tab's message.
 */
async function downloadOutcome(page: Page, item: string, path: string, failure: string) {
  const asked = page.waitForRequest((r: Request) => r.url().endsWith(`/api${path}`) && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api${path}`));
  await download(page).hover();
  await page.getByRole('menuitem', { name: item }).click();
  const body = (await asked).postDataJSON() as Record<string, unknown>;
  const response = await answered;
  if (response.status() === 200) {
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/api\/reports\/download\//);
  } else {
    await expect.poll(() => page.getByText(failure).count()).toBeGreaterThan(0);
  }
  await expect.poll(() => download(page).isDisabled()).toBe(false);
  return body;
}

/** A download that opens its link in a new window: the CSV's first line. */
async function csvInNewWindow(page: Page, click: () => Promise<void>): Promise<string> {
  const opened = page.context().waitForEvent('page');
  await click();
  const window = await opened;
  // the report is made by a job first (the BFF waits up to 60 s for it): on a busy machine, longer than 30 s
  const saved = await window.waitForEvent('download', { timeout: 90_000 });
  const text = readFileSync((await saved.path())!, 'utf8');
  await window.close();
  return text.split(/\r?\n/)[0]!;
}

beforeAll(async () => {
  const base = suite.gains.baseUrl;
  manager = await newPage(suite.browser, base, { viewport: VIEWPORT });
  await signIn(manager, USERS.manager);
  org = organisationOf(manager);
  const token = await apiToken(base, USERS.manager);
  const clients = await api<{ content: { uuid: string; code: string; name: string }[] }>(
    base,
    token,
    '/clients/summary',
    org,
  );
  client = clients.content[0]!;
  another = clients.content[1]!;
  // The e2e system does not compute the demo ledgers on its own: the failures report needs a run of this client.
  const recalculate = await fetch(`${base}/api/admin/calculations/recalculate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-organisation-uuid': org, 'content-type': 'application/json' },
    body: JSON.stringify({ clientUuid: client.uuid }),
  });
  expect(recalculate.status).toBe(202);
  // (expect.poll is for tests, not hooks)
  for (let waited = 0; ; waited += 500) {
    const { status } = await api<{ status: string }>(base, token, `/clients/calculation-status/${client.uuid}`, org);
    if (status === 'SUCCEEDED' || status === 'FAILED') break;
    if (waited > 60_000) throw new Error(`the calculation of ${client.code} is still ${status}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  admin = await newPage(suite.browser, base, { viewport: VIEWPORT });
  await signIn(admin, USERS.admin);
});

describe('without a client selected', () => {
  it('when a manager opens each tab, then the client fields are empty and nothing can be downloaded', async () => {
    await manager.goto(`/${org}/singular-reports`);
    await manager.getByTestId('cgt-report-tab').waitFor();
    const tabs = await manager.getByRole('tab').allTextContents();
    // seed 000 §6: CA Headers and CA Candidates are for super admins only
    expect(tabs).toEqual([
      'CGT Report',
      'Income Statement',
      'Holdings',
      'Holdings (CA)',
      'Reconciliations',
      'Transactions',
      'Ops Transactions',
      'Calculation Failures',
    ]);
    for (const name of tabs.slice(1)) {
      await openTab(manager, name);
      expect(await pane(manager).getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe('');
      expect(await pane(manager).getByRole('textbox', { name: 'Client Name' }).inputValue()).toBe('');
      await pane(manager).getByText('Select a client in the Clients area to report on them.').waitFor();
      expect(await download(manager).isDisabled()).toBe(true);
    }
    await openTab(manager, 'Holdings');
    await screenshot(manager, 'singular-report-tabs-no-client');
    await openTab(manager, 'Income Statement');
    expect(await pane(manager).getByRole('combobox', { name: 'Tax year' }).isDisabled()).toBe(true);
  });

  it('when a super admin opens Singular Reports, then CA Headers and CA Candidates are there too', async () => {
    await admin.goto(`/${org}/singular-reports`);
    await admin.getByTestId('cgt-report-tab').waitFor();
    const tabs = await admin.getByRole('tab').allTextContents();
    expect(tabs).toContain('CA Headers');
    expect(tabs).toContain('CA Candidates');
    expect(tabs.indexOf('CA Headers')).toBe(tabs.indexOf('Ops Transactions') + 1);
    expect(tabs.at(-1)).toBe('Calculation Failures');
  });
});

describe('with a client selected', () => {
  beforeAll(async () => {
    await selectClient(manager);
    await manager.goto(`/${org}/singular-reports`);
    await manager.getByTestId('cgt-report-tab').waitFor();
  });

  it('when the Income Statement opens, then the first tax year returned is chosen and the period end keeps after its start', async () => {
    const token = await apiToken(suite.gains.baseUrl, USERS.manager);
    const years = await api<{ uuid: string; label: string }[]>(
      suite.gains.baseUrl,
      token,
      `/clients/${client.uuid}/tax-years`,
      org,
    );
    await openTab(manager, 'Income Statement');
    const tab = pane(manager);
    expect(await tab.getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(client.code);
    expect(await tab.getByRole('textbox', { name: 'Client Name' }).inputValue()).toBe(client.name);
    await expect.poll(() => tab.locator('.ant-select-selection-item').first().textContent()).toBe(years[0]!.label);
    await expect.poll(() => download(manager).isDisabled(), { timeout: 20_000 }).toBe(false);
    expect(await menuItems(manager)).toEqual(['Download CSV', 'Download PDF']);
    await screenshot(manager, 'singular-report-tabs-income');

    // the end first, then a start after it: the period is refused and says why
    await typeDay(manager, 'Period End', '2024-05-31');
    await typeDay(manager, 'Period Start', '2024-06-01');
    await tab.getByText('Period end cannot be before period start').waitFor();
    expect(await download(manager).isDisabled()).toBe(true);
    // the end's minimum is the start: a day before it is not taken
    await typeDay(manager, 'Period End', '2024-05-15');
    await expect.poll(() => dayIn(manager, 'Period End')).toBe('31/05/2024');
    await typeDay(manager, 'Period Start', '2024-05-01');
    await expect.poll(() => download(manager).isDisabled()).toBe(false);

    const body = await downloadOutcome(
      manager,
      'Download CSV',
      '/clients/income-report',
      'Failed to fetch income report.',
    );
    // both ends given: the period, start of its first day to end of its last (seed 000 §5, §7)
    expect(body).toEqual({
      clientUuid: client.uuid,
      startDate: '2024-05-01T00:00:00.000Z',
      endDate: '2024-05-31T23:59:59.999Z',
      format: 'csv',
    });
  });

  for (const [name, path, failure] of [
    ['Holdings', '/holdings/report-pdf', 'Failed to fetch holdings report.'],
    ['Holdings (CA)', '/holdings/ca/report-pdf', 'Failed to fetch CA holding report.'],
  ] as const) {
    it(`when ${name} opens, then 'As at' is today and no later day is taken; a clicked security narrows it`, async () => {
      await openTab(manager, name);
      const today = todayIso();
      expect(await pane(manager).getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(client.code);
      expect(await dayIn(manager, 'As at')).toBe(ddmmyyyy(today));
      // a later day typed is not taken: leaving the box puts today back; the calendar greys it out (below); the
      // service refuses one all the same ("atDate cannot be in the future", the holding kind's test, the calls walk)
      await typeDay(manager, 'As at', addDays(today, 1));
      await expect.poll(() => dayIn(manager, 'As at')).toBe(ddmmyyyy(today));
      expect(await download(manager).isDisabled()).toBe(false);
      // in the calendar, tomorrow is greyed out
      await pane(manager).getByRole('textbox', { name: 'As at', exact: true }).click();
      const tomorrow = manager.locator(
        `.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${addDays(today, 1)}"]`,
      );
      if (await tomorrow.count()) expect(await tomorrow.getAttribute('class')).toContain('ant-picker-cell-disabled');
      await manager.keyboard.press('Escape');
      await typeDay(manager, 'As at', '2025-03-31');

      // the security search asks once typing settles, and the grid lists what it finds
      await pane(manager).getByLabel('Search securities', { exact: true }).fill('aldwych');
      const first = pane(manager)
        .getByTestId('report-securities-grid')
        .locator('.ag-center-cols-container .ag-row')
        .first();
      await first.waitFor();
      const sedol = (await first.locator('[col-id="sedol"]').textContent())!.trim();
      await first.click();
      await expect.poll(() => pane(manager).getByTestId('selected-security').textContent()).toContain(sedol);
      await screenshot(manager, `singular-report-tabs-${name === 'Holdings' ? 'holdings' : 'holdings-ca'}`);
      // clicked again, it is let go
      await first.click();
      await expect.poll(() => pane(manager).getByTestId('selected-security').count()).toBe(0);
      await first.click();

      expect(await menuItems(manager)).toEqual(['Download CSV', 'Download PDF']);
      const body = await downloadOutcome(manager, 'Download PDF', path, failure);
      expect(body).toEqual({ clientUuid: client.uuid, securityId: expect.any(Number), atDate: '2025-03-31' });
    });
  }

  it('when Reconciliations opens, then it asks for the client alone until a security is clicked', async () => {
    await openTab(manager, 'Reconciliations');
    expect(await pane(manager).getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(client.code);
    await pane(manager).getByText('Type a SEDOL, ISIN or name to find a security').waitFor();
    await screenshot(manager, 'singular-report-tabs-reconciliations');
    const body = await downloadOutcome(
      manager,
      'Download CSV',
      '/reconciliation/report-csv',
      'failed to fetch reconciliation report.',
    );
    expect(body).toEqual({ clientUuid: client.uuid });
  });

  for (const [name, path, failure, items] of [
    [
      'Transactions',
      '/transactions/report-csv',
      'Failed to fetch transaction report.',
      ['Download CSV', 'Download PDF'],
    ],
    ['Ops Transactions', '/transactions/ops/report-csv', 'Failed to fetch ops transaction report.', ['Download CSV']],
  ] as const) {
    it(`when ${name} opens, then a period is needed whose end is not before its start`, async () => {
      await openTab(manager, name);
      expect(await download(manager).isDisabled()).toBe(true);
      await pane(manager).getByText('Period start is required').waitFor();
      await typeDay(manager, 'Period end', '2025-01-05');
      await typeDay(manager, 'Period start', '2025-01-10');
      await pane(manager).getByText('Period end cannot be before period start').waitFor();
      expect(await download(manager).isDisabled()).toBe(true);
      await typeDay(manager, 'Period end', '2025-01-31');
      await expect.poll(() => download(manager).isDisabled()).toBe(false);
      await screenshot(
        manager,
        `singular-report-tabs-${name === 'Transactions' ? 'transactions' : 'ops-transactions'}`,
      );
      // seed 000 §7: the ops transactions report is a CSV only
      expect(await menuItems(manager)).toEqual(items);
      const body = await downloadOutcome(manager, 'Download CSV', path, failure);
      expect(body).toEqual({
        clientUuid: client.uuid,
        startDate: '2025-01-10T00:00:00.000Z',
        endDate: '2025-01-31T23:59:59.999Z',
      });
    });
  }
});

describe('the super admin tabs and the failures', () => {
  beforeAll(async () => {
    await selectClient(admin);
    await admin.goto(`/${org}/singular-reports`);
    await admin.getByTestId('cgt-report-tab').waitFor();
  });

  it('when CA Headers is downloaded, then a CSV of the headers with its header row opens in a new window', async () => {
    await openTab(admin, 'CA Headers');
    const tab = pane(admin);
    // every tab shows the selected client, though the CA reports span the organisation
    expect(await tab.getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(client.code);
    expect(await dayIn(admin, 'From')).toBe(ddmmyyyy(todayIso()));
    await typeDay(admin, 'From', '2025-01-01');
    await screenshot(admin, 'singular-report-tabs-ca-headers');
    const first = await csvInNewWindow(admin, () => download(admin).click());
    expect(first).toBe(
      'Code,Name,Header Type,Status,Security,SEDOL,ISIN,Ex Date,Pay Date,Trade Date,Layer,Candidates,Successes,' +
        'Failures,Run Candidates,Run Successes,Run Failures,Runs,Candidates Edited,Previews Edited,' +
        'Posted Transactions,Created By,Created At,Modified By,Modified At,Version,Organisation',
    );
  });

  it('when CA Candidates is asked with To before From, then it is refused; in order, its CSV opens', async () => {
    await openTab(admin, 'CA Candidates');
    await typeDay(admin, 'From', '2025-01-01');
    await typeDay(admin, 'To', '2025-01-31');
    await typeDay(admin, 'From', '2025-02-01');
    await pane(admin).getByText('To cannot be before From').waitFor();
    expect(await download(admin).isDisabled()).toBe(true);
    await typeDay(admin, 'From', '2025-01-01');
    await expect.poll(() => download(admin).isDisabled()).toBe(false);
    await screenshot(admin, 'singular-report-tabs-ca-candidates');
    const first = await csvInNewWindow(admin, () => download(admin).click());
    expect(
      first.startsWith('Header Code,Header Type,Header Status,Security,SEDOL,ISIN,Ex Date,Pay Date,Client Code'),
    ).toBe(true);
  });

  it("when Calculation Failures is downloaded, then the client's latest run's failures open as a CSV", async () => {
    await openTab(admin, 'Calculation Failures');
    expect(await pane(admin).getByRole('textbox', { name: 'Client Code' }).inputValue()).toBe(client.code);
    await screenshot(admin, 'singular-report-tabs-calculation-failures');
    // a kept report: the link opens the stored CSV, saved by the new window
    const first = await csvInNewWindow(admin, () => download(admin).click());
    expect(first).toBe('Client Code,Run,Security,Date,Ref,Message');
  });
});

describe("a client's reporting restriction (seed 000 §5)", () => {
  it('when the first tax year starts before it, then CGT and Income are disabled for that year; a period from it is not', async () => {
    const base = suite.gains.baseUrl;
    const token = await apiToken(base, USERS.manager);
    const years = await api<{ label: string; startDate: string }[]>(
      base,
      token,
      `/clients/${another.uuid}/tax-years`,
      org,
    );
    // the day after the first year starts: that year is restricted, a period from that day is not
    const restriction = addDays(years[0]!.startDate, 1);
    await setRestriction(base, token, another.uuid, restriction);

    await selectClient(manager, another);
    await manager.goto(`/${org}/singular-reports`);
    const cgt = manager.getByTestId('cgt-report-tab');
    await cgt.getByText("This tax year starts before the client's reporting restriction").waitFor();
    expect(await cgt.getByRole('button', { name: /Download/ }).isDisabled()).toBe(true);

    await openTab(manager, 'Income Statement');
    const tab = pane(manager);
    await tab.getByText("This tax year starts before the client's reporting restriction").waitFor();
    expect(await download(manager).isDisabled()).toBe(true);
    await typeDay(manager, 'Period Start', years[0]!.startDate);
    await typeDay(manager, 'Period End', addDays(restriction, 30));
    await tab.getByText("The period starts before the client's reporting restriction").waitFor();
    expect(await download(manager).isDisabled()).toBe(true);
    await typeDay(manager, 'Period Start', restriction);
    await expect.poll(() => download(manager).isDisabled()).toBe(false);
  });
});

/** Sets a client's reportingRestrictionFrom through client maintenance: its record read, then written back. */
async function setRestriction(base: string, token: string, uuid: string, day: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-organisation-uuid': org, 'content-type': 'application/json' };
  const record = (await (await fetch(`${base}/api/admin/clients/${uuid}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  // the record names its coded fields as objects; the update takes their codes
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));
  for (const coded of ['type', 'state', 'serviceLevel', 'countryOfResidence', 'countryOfDomicile']) {
    body[`${coded}Code`] = (record[coded] as { code: string }).code;
    delete body[coded];
  }
  body.reportingRestrictionFrom = day;
  const saved = await fetch(`${base}/api/admin/clients/${String(record.id)}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(body),
  });
  expect(saved.status).toBe(200);
}
