/**
 * Adding and editing a corporate action through the pages, in Chromium against the real embedded system (issue 26;
 * seed 001 §2, §5, §8): an empty save shows every §5 message; a 2-for-1 stock split on a security demo clients hold,
 * chosen with the security chooser, finds its holders, is processed with 'Create transactions' and doubles the
 * holdings; a takeover for cash proposes each holder's cash, which the test works out by hand. Each security also
 * gets the test's own portfolio with a purchase made here, so one holding's figures are known whatever the demo
 * ledger holds; a demo holder's holding is read before and must be exactly twice it after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentHeader, DocumentType } from '../../packages/contracts/src';
import type { Portfolio } from '../../packages/contracts/src/ledger';
import { compareDecimal, multiplyDecimal } from '../../packages/decimal/src';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, apiToken, newPage, organisationOf, signIn } from './support/browser';

const suite = gainsInChromium();
const CLIENT = 'ASH00002';
/** Demo securities with a few holders each in the demo firm. */
const SPLIT_SECURITY = 2;
const TAKEOVER_SECURITY = 3;
/** Today in London: the ex-date, so a holding at the ex-date is the holding now (the demo ledger ends yesterday). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const TODAY_SHOWN = `${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${TODAY.slice(0, 4)}`;
let page: Page;
let org = '';
let token = '';
let clientUuid = '';
let types: DocumentType[] = [];
/** The split, for the tenancy check at the end. */
let splitHeader: DocumentHeader | undefined;

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

async function typeDate(id: string, ddmmyyyy: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

/** A portfolio of the test's client holding `quantity` of the security, bought on 3 March 2025. */
async function ownHolding(code: string, securityId: number, quantity: string): Promise<Portfolio> {
  const portfolio = await call<Portfolio>('POST', '/admin/portfolios', {
    code,
    name: `Corporate action test ${code}`,
    taxWrapper: 'GIA',
    owners: [{ clientUuid, percentage: '100' }],
  });
  await call('POST', '/customerAdmin/transactions', {
    portfolioUuid: portfolio.uuid,
    securityId,
    transaction: { type: 'BUY', tradeDate: '2025-03-03', quantity, price: '2.50', expenses: '10.00', currency: 'GBP' },
  });
  return portfolio;
}

interface HoldingRow {
  securityId: number;
  quantity: string;
}
const holdingOf = async (portfolioUuid: string, owner: string, securityId: number) =>
  (await call<HoldingRow[]>('POST', '/holdings/summary', { portfolioUuid, clientUuid: owner })).find(
    (h) => h.securityId === securityId,
  )?.quantity;

/** The search page, the type chosen, then Add New. */
async function addHeaderOf(typeName: string): Promise<void> {
  await page.goto(`/${org}/corporate-actions`);
  await page.getByTestId('ca-filters').waitFor();
  expect(await page.getByTestId('ca-add-new').isDisabled()).toBe(true);
  // the list is virtual: type to narrow it, then take the one option left
  await page.getByTestId('ca-type').click();
  await page.keyboard.type(typeName);
  await page.locator('.ant-select-item-option').filter({ hasText: typeName }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('ca-add-new').click();
  await page.getByTestId('ca-add-page').waitFor();
  await page.getByRole('heading', { name: 'Add Corporate Action Header' }).waitFor();
  expect(await page.getByTestId('ca-add-type').innerText()).toBe(typeName);
}

/** The security chooser: search by SEDOL (500 ms after typing stops), click the row, Confirm. */
async function chooseSecurity(sedol: string): Promise<void> {
  await page.getByTestId('ca-choose-security').click();
  const chooser = page.getByTestId('security-chooser');
  await chooser.waitFor();
  await page.getByTestId('chooser-search').fill(sedol);
  await page.getByTestId(`chooser-row-${sedol}`).click();
  await shot('corporate-action-add-chooser');
  await page.locator('#chooser-confirm').click();
  await chooser.waitFor({ state: 'detached' });
  expect(await page.getByTestId('ca-security').inputValue()).toContain(sedol);
}

async function fillTerms(rate: string): Promise<void> {
  await page.locator('#layerUuid').click();
  await page.locator('.ant-select-item-option').first().click();
  await typeDate('exDate', TODAY_SHOWN);
  await typeDate('payDate', TODAY_SHOWN);
  await page.getByTestId('ca-line-rate').first().fill(rate);
}

/** Save on the Add page: 'Header created', then the header's own page, followed until its holders are found. */
async function saveNewHeader(): Promise<DocumentHeader> {
  await page.getByTestId('ca-save').click();
  await page.locator('.ant-message').getByText('Header created').waitFor();
  await page.waitForURL(/\/corporate-actions\/[0-9a-f-]{36}$/);
  const headerPage = page.getByTestId('ca-header-page');
  await expect.poll(() => headerPage.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('PENDING');
  const uuid = page.url().split('/').pop()!;
  return call<DocumentHeader>('GET', `/admin/documents/headers/${uuid}`);
}

const gridRows = (id: string) => page.getByTestId(id).locator('.ag-center-cols-container .ag-row');

beforeAll(async () => {
  page = await newPage(suite.browser, suite.gains.baseUrl, { viewport: { width: 1500, height: 1100 } });
  await signIn(page, USERS.manager);
  org = organisationOf(page);
  token = await apiToken(suite.gains.baseUrl, USERS.manager);
  const client = (
    await call<{ content: { uuid: string; code: string }[] }>('GET', `/clients/summary?size=10&term=${CLIENT}`)
  ).content.find((c) => c.code === CLIENT);
  if (!client) throw new Error(`no client ${CLIENT}`);
  clientUuid = client.uuid;
  types = await call<DocumentType[]>('GET', '/admin/documents/headers/types?documentTypeCode=CA');
}, 120_000);

describe('the Add Corporate Action Header page', () => {
  it('when saved empty, then every seed 001 §5 message shows, and nothing is created', async () => {
    // the method 1 demerger makes the parent security price mandatory
    const demerger = types.find((t) => t.code === 'DEMERGER')!;
    expect(demerger.parentSecurityPriceMandatory).toBe(true);
    await addHeaderOf(demerger.name);
    await shot('corporate-action-add');
    await page.getByTestId('ca-save').click();
    for (const message of [
      'Ex Date is required',
      'Pay Date is required',
      'Layer is required',
      'Parent Security Price is required',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    // the parent security price is a number
    await page.locator('#parentSecurityPrice').fill('12.5p');
    await page.getByTestId('ca-save').click();
    await page.getByText('Parent Security Price must be a number, such as 12.5', { exact: true }).waitFor();
    await shot('corporate-action-add-errors');
    expect(page.url()).toMatch(/\/corporate-actions\/add\?type=/);

    // leaving with unsaved changes asks first (seed 001 §2's generic confirm dialog)
    await page.getByTestId('ca-cancel').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Are you sure?' });
    await dialog.getByText('Any unsaved changes will be lost.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toMatch(/\/corporate-actions\/add\?type=/);
    await page.getByTestId('ca-cancel').click();
    await page
      .locator('.ant-modal')
      .filter({ hasText: 'Are you sure?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page.waitForURL(/\/corporate-actions$/);
  });

  it('when a 2-for-1 split is added, edited and processed, then its holders’ holdings double', async () => {
    const security = await call<{ sedol: string }>('GET', `/admin/securities/${SPLIT_SECURITY}`);
    const own = await ownHolding('E2E-CA-SPLIT', SPLIT_SECURITY, '100');
    await addHeaderOf('Stock split');
    await chooseSecurity(security.sedol);
    await fillTerms('2');
    // one pre-created line, per parent 1; a mandatory single line has no Add
    expect(await page.getByTestId('ca-line-perParent').inputValue()).toBe('1');
    expect(await page.getByTestId('ca-add-line-1').count()).toBe(0);
    const header = await saveNewHeader();
    splitHeader = header;
    expect(header.lines).toHaveLength(1);
    expect(header.lines[0]).toMatchObject({ rate: '2', perParent: '1' });

    // the holders at the ex-date: ours and at least one demo client's
    const candidates = await call<{ content: { portfolioCode: string; portfolioUuid: string; clientUuid: string }[] }>(
      'GET',
      `/admin/documents/headers/${header.uuid}/candidates?size=100`,
    );
    const demo = candidates.content.find((c) => c.portfolioCode !== own.code);
    expect(demo, 'a demo client holds the security').toBeDefined();
    expect(candidates.content.some((c) => c.portfolioCode === own.code)).toBe(true);
    const demoBefore = (await holdingOf(demo!.portfolioUuid, demo!.clientUuid, SPLIT_SECURITY))!;

    // the edit page: a PENDING header's terms change (PUT at the version read)
    await typeDate('startDate', TODAY_SHOWN);
    expect(await page.getByTestId('ca-header-form').getAttribute('data-dirty')).toBe('true');
    await shot('corporate-action-edit');
    await page.getByTestId('ca-save').click();
    await page.locator('.ant-message').getByText('Header updated').waitFor();
    await expect
      .poll(() => page.getByTestId('ca-header-page').getAttribute('data-status'), { timeout: 60_000, interval: 500 })
      .toBe('PENDING');
    const edited = await call<DocumentHeader>('GET', `/admin/documents/headers/${header.uuid}`);
    expect(edited.version).toBeGreaterThan(header.version);
    expect(edited.startDate).toBe(TODAY);

    // the view-by-code page shows the same header, read-only
    await page.goto(`/${org}/view-corporate-actions/${header.code}`);
    await page.getByTestId('ca-header-page').waitFor();
    expect(await page.getByTestId('ca-header-page').getAttribute('data-editable')).toBe('false');
    expect(await page.getByTestId('ca-save').count()).toBe(0);
    expect(await page.getByTestId('ca-security').inputValue()).toContain(security.sedol);
    await page.goto(`/${org}/view-corporate-actions/CA-999999`);
    await page.getByTestId('ca-code-not-found').waitFor();

    // Create transactions from the header
    await page.goto(`/${org}/corporate-actions/${header.uuid}`);
    await page.getByTestId('ca-open-header').click();
    const modal = page.getByTestId('header-modal');
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 30_000 }).toBe('PENDING');
    await page.getByTestId('header-create-transactions').click();
    await page.locator('.ant-message').getByText('Creating transactions').waitFor();
    await expect.poll(() => modal.getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('RUN');
    await page.getByRole('button', { name: 'Done' }).click();
    // a run header's terms no longer change
    await expect.poll(() => page.getByTestId('ca-header-page').getAttribute('data-editable')).toBe('false');

    // ours: 100 bought, 2 new for every 1 held -> 100 x 2 / 1 = 200
    await expect.poll(() => holdingOf(own.uuid, clientUuid, SPLIT_SECURITY), { timeout: 30_000 }).toBe('200.0000');
    // the demo holder's, in the client area: exactly twice what it held
    const demoAfter = multiplyDecimal(demoBefore, '2');
    await page.goto(`/${org}/clients`);
    const demoPortfolio = candidates.content.find((c) => c.portfolioUuid === demo!.portfolioUuid)!;
    const clientCode = demoPortfolio.portfolioCode.split('-')[0]!;
    await page.getByLabel('Search clients').fill(clientCode);
    await gridRows('clients-grid').filter({ hasText: clientCode }).first().click();
    await gridRows('portfolios-grid').filter({ hasText: demoPortfolio.portfolioCode }).first().click();
    const holding = gridRows('holdings-grid').filter({ hasText: security.sedol });
    await holding.waitFor();
    await expect
      .poll(async () => {
        const shown = (await holding.locator('[col-id="quantity"]').innerText()).trim().replace(/,/g, '');
        return compareDecimal(shown, demoAfter);
      })
      .toBe(0);
    await shot('corporate-action-split-holding');
  });

  it('when a takeover for cash is added, then each holder’s preview pays the rate on the holding, to the penny', async () => {
    const security = await call<{ sedol: string }>('GET', `/admin/securities/${TAKEOVER_SECURITY}`);
    const own = await ownHolding('E2E-CA-CASH', TAKEOVER_SECURITY, '37');
    const takeover = types.find((t) => t.code === 'TAKEOVER_CASH')!;
    await addHeaderOf(takeover.name);
    await chooseSecurity(security.sedol);
    await fillTerms('3.2575');
    const header = await saveNewHeader();
    expect(header.lines[0]!.rate).toBe('3.2575');

    await page.getByTestId('ca-open-header').click();
    // a PENDING header's Event Terms tab edits the terms in the same form; Cancel goes back to them as read
    const modal = page.getByTestId('header-modal');
    await modal.getByTestId('header-edit-terms').click();
    await modal.getByTestId('ca-header-form').waitFor();
    expect(await modal.getByTestId('ca-line-rate').inputValue()).toBe('3.2575');
    await modal.getByTestId('ca-cancel').click();
    await modal.getByTestId('header-event-terms').waitFor();
    await page.getByRole('tab', { name: 'Previews' }).click();
    const previews = page.getByTestId('header-previews');
    await previews.waitFor();
    await expect.poll(() => previews.getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
    // every holder's row on one page
    if (await previews.locator('.ant-pagination-options .ant-select').count()) {
      await previews.locator('.ant-pagination-options .ant-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '100 / page' }).click();
    }
    const ours = previews.locator('.ag-center-cols-container .ag-row').filter({ hasText: own.code });
    await ours.waitFor();
    // 37 shares x £3.2575 = £120.5275, to the penny (half up) £120.53
    expect((await ours.locator('[col-id="proceeds"]').innerText()).trim()).toBe('£120.53');
    expect((await ours.locator('[col-id="holdingQuantity"]').innerText()).trim()).toMatch(/^37(\.0+)?$/);
    await shot('corporate-action-takeover-previews');
  });

  it('when another firm’s member opens the header’s pages, then they find nothing', async () => {
    expect(splitHeader).toBeDefined();
    const brook = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(brook, USERS.brook);
    const brookOrg = organisationOf(brook);
    expect(brookOrg).not.toBe(org);
    await brook.goto(`/${brookOrg}/corporate-actions/${splitHeader!.uuid}`);
    await brook.getByTestId('ca-not-found').waitFor();
    await brook.goto(`/${brookOrg}/view-corporate-actions/${splitHeader!.code}`);
    await brook.getByTestId('ca-code-not-found').waitFor();
    await brook.context().close();
  });
});
