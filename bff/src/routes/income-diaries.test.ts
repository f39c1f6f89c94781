// Income Diaries through the BFF, against the whole system on a real PostgreSQL (issue 26; seed 000 §1, §2.1): a
// diary due today makes one income header through the header pipeline (its candidates and previews found), never
// two for one date; the clients grid's 'Income Pending' follows it; each rule names its field; another firm's
// member and a non-admin are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '@gains/decimal';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';
import { newClient, newSecurity } from './documents-fixtures';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const BASE = '/api/admin/documents/income-diaries';
const ids = { client: '', portfolio: '', security: 0, layer: '', cashDividend: '', scrip: '' };

/** A date `days` from today in London (the ledger's today), YYYY-MM-DD. */
const londonDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await startTestSystem();
  const types = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=CA', as('manager'))).body;
  ids.cashDividend = types.find((x: { code: string }) => x.code === 'CASH_DIVIDEND').uuid;
  ids.scrip = types.find((x: { code: string }) => x.code === 'SCRIP_DIVIDEND').uuid;
  ids.security = (await newSecurity(t, 'BD1D01', 'Diary Income')).id;
  ids.layer = (await t.request('GET', `/api/admin/documents/layers/${ids.security}`, as('manager'))).body[0].uuid;
  const holder = await newClient(t, { persona: 'manager', org: ORG.ASHW }, 'DIARY-1', 'Diary Holder', ['DIARY-1-A']);
  ids.client = holder.uuid;
  ids.portfolio = holder.portfolios[0]!;
  const bought = await t.request(
    'POST',
    '/api/customerAdmin/transactions',
    as('manager', {
      portfolioUuid: ids.portfolio,
      securityId: ids.security,
      transaction: {
        type: 'BUY',
        tradeDate: londonDay(-30),
        quantity: '1250',
        price: '4',
        expenses: '0',
        currency: 'GBP',
      },
    }),
  );
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
}, 240_000);

afterAll(async () => t?.stop());

const diary = (more: Record<string, unknown> = {}) => ({
  securityId: ids.security,
  incomeType: 'UK_DIVIDEND',
  documentTypeUuid: ids.cashDividend,
  layerUuid: ids.layer,
  rate: '0.0372',
  nextExDate: londonDay(-5),
  nextPayDate: londonDay(0),
  frequency: 'QUARTERLY',
  ...more,
});

/** The client's 'Income Pending' once it reads `expected` (it is worked out just after what changes it). */
async function incomePending(expected: boolean): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = (await t.request('GET', '/api/clients/summary?term=DIARY-1&size=10', as('manager'))).body.content;
    const row = rows.find((r: { code: string }) => r.code === 'DIARY-1');
    if (row?.incomePending === expected || Date.now() > deadline) return row?.incomePending;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The header once its job is done. */
async function settled(uuid: string, inProgress: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const header = (await t.request('GET', `/api/admin/documents/headers/${uuid}`, as('manager'))).body;
    if (header.status !== inProgress || Date.now() > deadline) return header;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('an income diary due today', () => {
  it('makes one income header with its candidates, never two, and Income Pending follows it', async () => {
    expect(await incomePending(false)).toBe(false);
    const created = await t.request('POST', BASE, as('manager', diary()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      securityName: 'Diary Income plc',
      incomeType: 'UK_DIVIDEND',
      incomeTypeName: 'UK company dividend',
      documentTypeName: 'Cash dividend',
      layerName: 'Main event',
      rate: '0.0372',
      perParent: '1',
      frequency: 'QUARTERLY',
      active: true,
      version: 1,
    });
    const uuid = created.body.uuid;
    // the holder of a diary's security paying within the coming month has income pending
    expect(await incomePending(true)).toBe(true);

    const run = await t.request('POST', `${BASE}/run`, as('manager'));
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    // the timer may have made it a moment before: either way the date has exactly one header
    expect(run.body.created.length).toBeLessThanOrEqual(1);
    const read = (await t.request('GET', `${BASE}/${uuid}`, as('manager'))).body;
    expect(read.headers).toHaveLength(1);
    const made = read.headers[0];
    expect(made).toMatchObject({ exDate: londonDay(-5), payDate: londonDay(0), failureReason: '' });
    expect(made.headerCode).toMatch(/^CA-\d{6}$/);
    // stepped on a quarter; still active
    expect(read).toMatchObject({ nextExDate: stepQuarter(londonDay(-5)), nextPayDate: stepQuarter(londonDay(0)) });
    expect(read.active).toBe(true);

    const header = await settled(made.headerUuid, 'CREATING_CANDIDATES');
    expect(header).toMatchObject({ status: 'PENDING', typeCode: 'CASH_DIVIDEND', securityId: ids.security });
    expect(header.lines[0]).toMatchObject({ rate: '0.0372', incomeReportLabel: 'UK company dividend' });
    const previews = (
      await t.request('GET', `/api/admin/documents/headers/${header.uuid}/previews?size=100`, as('manager'))
    ).body;
    // 1,250 shares x £0.0372 = £46.50, paid on the pay date
    expect(previews.content.map((p: Record<string, string>) => [p.portfolioCode, p.transactionType])).toEqual([
      ['DIARY-1-A', 'DIVIDEND'],
    ]);
    expect(compareDecimal(previews.content[0].consideration, '46.50'), previews.content[0].consideration).toBe(0);

    // running again (and again) adds nothing
    expect((await t.request('POST', `${BASE}/run`, as('manager'))).body.created).toEqual([]);
    expect((await t.request('POST', `${BASE}/run`, as('manager'))).body.created).toEqual([]);
    expect((await t.request('GET', `${BASE}/${uuid}`, as('manager'))).body.headers).toHaveLength(1);

    // the next pay date is a quarter away, so the unposted candidate alone keeps the income pending
    expect(await incomePending(true)).toBe(true);
    const processing = await t.request('POST', `/api/admin/documents/headers/${header.uuid}/process`, as('manager'));
    expect(processing.status, JSON.stringify(processing.body)).toBe(200);
    expect((await settled(header.uuid, 'CREATING_TRANSACTIONS')).status).toBe('RUN');
    expect(await incomePending(false)).toBe(false);

    // a diary that made a header is deactivated, not deleted
    expectError(
      await t.request('POST', `${BASE}/${uuid}/delete`, as('manager')),
      412,
      'This income diary has created headers: deactivate it instead of deleting it',
      'uuid',
    );
    const off = await t.request('PUT', BASE, as('manager', { ...diary(), uuid, version: read.version, active: false }));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ active: false, version: read.version + 1 });
    // the version read guards an edit
    expect((await t.request('PUT', BASE, as('manager', { ...diary(), uuid, version: read.version }))).status).toBe(409);
  });
});

/** Three months on, month ends kept (as the diary's rules step it). */
function stepQuarter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(y, m - 1 + 3, 1));
  const ty = target.getUTCFullYear();
  const tm = target.getUTCMonth();
  const day = d === last(y, m - 1) ? last(ty, tm) : Math.min(d, last(ty, tm));
  return `${ty}-${String(tm + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('the grid and the rules', () => {
  it('lists, filters and pages the diaries', async () => {
    const extra = await t.request(
      'POST',
      BASE,
      as('manager', diary({ nextExDate: '2099-03-01', nextPayDate: '2099-03-20', frequency: 'ANNUAL', rate: '1.5' })),
    );
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    const all = (await t.request('GET', `${BASE}?size=10&sort=nextExDate&direction=desc`, as('manager'))).body;
    expect(all.totalSize).toBeGreaterThanOrEqual(2);
    expect(all.content[0].uuid).toBe(extra.body.uuid);
    const annual = (await t.request('GET', `${BASE}?frequency=ANNUAL&active=true`, as('manager'))).body;
    expect(annual.content.map((d: { uuid: string }) => d.uuid)).toEqual([extra.body.uuid]);
    const searched = (await t.request('GET', `${BASE}?term=diary%20income`, as('manager'))).body;
    expect(searched.totalSize).toBe(all.totalSize);
    expectError(
      await t.request('GET', `${BASE}?frequency=WEEKLY`, as('manager')),
      400,
      /frequency must be one of/,
      'frequency',
    );
    expectError(await t.request('GET', `${BASE}?size=7`, as('manager')), 400, /size/, 'size');
    // a diary that made nothing may be deleted
    expect((await t.request('POST', `${BASE}/${extra.body.uuid}/delete`, as('manager'))).status).toBe(200);
    expect((await t.request('GET', `${BASE}/${extra.body.uuid}`, as('manager'))).status).toBe(404);
  });

  it('refuses each rule naming its field, and stores nothing', async () => {
    const before = (await t.request('GET', BASE, as('manager'))).body.totalSize;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ securityId: 0 }, 'securityId', 'Security is required'],
      [{ incomeType: 'LOTTERY' }, 'incomeType', 'Income Type must be one of the income types'],
      [{ rate: '0' }, 'rate', 'Rate must be more than 0'],
      [{ nextPayDate: londonDay(-6) }, 'nextPayDate', 'Pay Date must not be before Ex Date'],
      [
        { frequency: 'WEEKLY' },
        'frequency',
        'Frequency must be one of ONE_OFF, MONTHLY, QUARTERLY, HALF_YEARLY, ANNUAL',
      ],
      [{ endDate: londonDay(-10) }, 'endDate', 'End Date must not be before Ex Date'],
      [
        { documentTypeUuid: ids.scrip },
        'documentTypeUuid',
        'Document Type must be an income corporate action with one rate per share, such as a cash dividend',
      ],
      [{ layerUuid: '00000000-0000-4000-8000-000000000000' }, 'layerUuid', 'The layer must be one of the security’s'],
    ];
    for (const [change, field, message] of cases)
      expectError(await t.request('POST', BASE, as('manager', diary(change))), 400, message, field);
    expect((await t.request('GET', BASE, as('manager'))).body.totalSize).toBe(before);
  });
});

describe('tenancy', () => {
  it('another firm’s member cannot read, change, delete or run a diary; a non-admin cannot either', async () => {
    const mine = (
      await t.request('POST', BASE, as('manager', diary({ nextExDate: '2099-01-04', nextPayDate: '2099-01-20' })))
    ).body;
    // naming Ashworth: not a member
    for (const [method, path, body] of [
      ['GET', `${BASE}/${mine.uuid}`, undefined],
      ['GET', BASE, undefined],
      ['PUT', BASE, { ...diary(), uuid: mine.uuid, version: mine.version }],
      ['POST', `${BASE}/${mine.uuid}/delete`, undefined],
      ['POST', `${BASE}/run`, undefined],
    ] as const)
      expect((await t.request(method, path, as('brook', body))).status, `${method} ${path}`).toBe(403);
    // from their own firm: no such diary
    expect((await t.request('GET', `${BASE}/${mine.uuid}`, as('brook', undefined, ORG.BRKF))).status).toBe(404);
    expect(
      (await t.request('PUT', BASE, as('brook', { ...diary(), uuid: mine.uuid, version: mine.version }, ORG.BRKF)))
        .status,
    ).toBe(404);
    expect((await t.request('POST', `${BASE}/${mine.uuid}/delete`, as('brook', undefined, ORG.BRKF))).status).toBe(404);
    const theirs = (await t.request('GET', BASE, as('brook', undefined, ORG.BRKF))).body;
    expect(theirs.content.map((d: { uuid: string }) => d.uuid)).not.toContain(mine.uuid);
    expect((await t.request('GET', BASE, as('adviser'))).status).toBe(403);
    const still = (await t.request('GET', `${BASE}/${mine.uuid}`, as('manager'))).body;
    expect(still).toMatchObject({ version: mine.version, active: true });
  });
});
