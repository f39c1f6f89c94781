// Securities, issuers, prices, FX, static data validation and reference data through the BFF, against the
// whole system on a real PostgreSQL (issue 20). Figures are worked here independently of the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, org = ORG.ASHW, body?: unknown) => ({ token: t.tokens[persona], org, body });

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const daysFrom = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A SEDOL and an ISIN with valid check digits, built here independently of the service's code. */
function sedolFor(first6: string): string {
  const w = [1, 3, 1, 7, 3, 9];
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const c = first6[i]!;
    sum += (/\d/.test(c) ? +c : c.charCodeAt(0) - 55) * w[i]!;
  }
  return first6 + ((10 - (sum % 10)) % 10);
}
function isinFor(first11: string): string {
  const digits = first11
    .split('')
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  let dbl = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = +digits[i]!;
    if (dbl) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    dbl = !dbl;
  }
  return first11 + ((10 - (sum % 10)) % 10);
}

let issuer = '';
const codes = (n: number) => {
  const sedol = sedolFor(`BZ${String(n).padStart(4, '0')}`);
  return { sedol, isin: isinFor(`GB00${sedol}`) };
};
const newSecurity = (n: number, name: string, extra: Record<string, unknown> = {}) => ({
  ...codes(n),
  issuer,
  securityName: name,
  reportingName: name,
  currency: 'GBP',
  assetClass: 'EQUITY',
  ...extra,
});

async function create(n: number, name: string, extra: Record<string, unknown> = {}) {
  const answer = await t.request('POST', '/api/admin/securities', as('admin', ORG.ASHW, newSecurity(n, name, extra)));
  expect(answer.status).toBe(201);
  return answer.body.value;
}

async function securityCount(): Promise<number> {
  return (await t.request('GET', '/api/admin/securities?size=1', as('admin'))).body.totalSize;
}

beforeAll(async () => {
  t = await startTestSystem();
  const answer = await t.request(
    'POST',
    '/api/admin/securities/issuers',
    as('admin', ORG.ASHW, { name: 'Zephyr Test Holdings', longName: 'Zephyr Test Holdings plc' }),
  );
  expect(answer.status).toBe(201);
  issuer = answer.body.value.uuid;
});

afterAll(async () => t?.stop());

describe('the demo securities', () => {
  it('when the grid is paged by 100, then every demo security comes back once with valid codes', async () => {
    const first = await t.request('GET', '/api/admin/securities?page=1&size=100', as('admin'));
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(100);
    expect(first.body.totalSize).toBeGreaterThanOrEqual(300);
    const sorted = await t.request('GET', '/api/admin/securities?size=5&sort=securityName,desc', as('manager'));
    const names = sorted.body.content.map((s: { securityName: string }) => s.securityName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(Object.keys(first.body.content[0]).sort()).toEqual(
      [
        'id',
        'sedol',
        'isin',
        'issuer',
        'issuerName',
        'issuerLongName',
        'securityName',
        'reportingName',
        'securityDescription',
        'securityLongDescription',
        'currency',
        'assetClass',
        'cgtClass',
        'quantityDecimalPlaces',
        'status',
        'createdDate',
        'lastModifiedDate',
        'lastModifiedByName',
      ].sort(),
    );
  });

  it('when the grid is asked for a bad sort, page or size, then 400 names it', async () => {
    const bad = async (q: string) => (await t.request('GET', `/api/admin/securities?${q}`, as('admin'))).body.field;
    expect(await bad('sort=price,asc')).toBe('sort');
    expect(await bad('sort=isin,sideways')).toBe('sort');
    expect(await bad('size=101')).toBe('size');
    expect(await bad('page=0')).toBe('page');
  });

  it('when a non-admin asks for the admin grid, then 403; search is open to every member', async () => {
    expect((await t.request('GET', '/api/admin/securities', as('adviser'))).status).toBe(403);
    const search = await t.request('GET', '/api/securities/search?term=Treasury', as('adviser'));
    expect(search.status).toBe(200);
    expect(search.body.length).toBeGreaterThan(0);
  });
});

describe('search', () => {
  it('when searched, then an exact code first, then names starting with the term, then names containing it; at most 10', async () => {
    const prefix = await create(1, 'Zephyr Alpha plc');
    const contains = await create(2, 'Alpha Zephyr Trust plc');
    const coded = await create(3, 'Unrelated Name plc');
    const byName = await t.request('GET', '/api/securities/search?term=zephyr%20alpha', as('manager'));
    expect(byName.body.map((r: { id: number }) => r.id)).toEqual([prefix.id]);
    const ranked = await t.request('GET', '/api/securities/search?term=Zephyr', as('manager'));
    const ids = ranked.body.map((r: { id: number }) => r.id);
    // the issuer "Zephyr Test Holdings" starts with the term too, so all three are prefix matches by issuer;
    // by name, "Zephyr Alpha" must come before "Alpha Zephyr" (alphabetical within a rank puts Alpha first),
    // so rank by the security's own name is checked with a term the issuer does not share:
    expect(ids).toEqual(expect.arrayContaining([prefix.id, contains.id, coded.id]));
    const alpha = await t.request('GET', '/api/securities/search?term=alpha', as('manager'));
    const alphaIds = alpha.body.map((r: { id: number }) => r.id);
    expect(alphaIds.indexOf(contains.id)).toBeLessThan(alphaIds.indexOf(prefix.id));
    const zeph = await t.request('GET', `/api/securities/search?term=${coded.sedol}`, as('manager'));
    expect(zeph.body[0]).toEqual({
      id: coded.id,
      sedol: coded.sedol,
      isin: coded.isin,
      reportingName: 'Unrelated Name plc',
      securityName: 'Unrelated Name plc',
      issuerName: 'Zephyr Test Holdings',
    });
    const isin = await t.request('GET', `/api/securities/search?term=${coded.isin.toLowerCase()}`, as('manager'));
    expect(isin.body[0].id).toBe(coded.id);
    const broad = await t.request('GET', '/api/securities/search?term=plc', as('manager'));
    expect(broad.body).toHaveLength(10);
    expect((await t.request('GET', '/api/securities/search?term=', as('manager'))).body).toEqual([]);
  });

  it('when the term puts a name-prefix match against a contains match, then the prefix match comes first', async () => {
    const a = await create(4, 'Quillon Mining plc');
    const b = await create(5, 'Aardvark Quillon plc');
    const answer = await t.request('GET', '/api/securities/search?term=quillon', as('manager'));
    expect(answer.body.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
  });
});

describe('create and update', () => {
  it('when the provider admin creates a security, then 201, the CGT class follows the asset class, and it reads back', async () => {
    const gilt = await create(10, 'Treasury 9% 2099', { assetClass: 'GILT', quantityDecimalPlaces: 2 });
    expect(gilt).toMatchObject({
      cgtClass: 'EXEMPT',
      status: 'ACTIVE',
      quantityDecimalPlaces: 2,
      issuerName: 'Zephyr Test Holdings',
    });
    const read = await t.request('GET', `/api/admin/securities/${gilt.id}`, as('manager'));
    expect(read.body).toMatchObject({ ...gilt, latestPrice: null, pendingChanges: [] });
  });

  it('when input is bad, then 400 (or 409) names the field and the rule, and nothing is written', async () => {
    const before = await securityCount();
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ isin: 'GB0002634947' }, 400, 'isin', /check digit/],
      [{ sedol: '0263495' }, 400, 'sedol', /check digit/],
      [{ currency: 'XXX' }, 400, 'currency', /Unknown currency XXX/],
      [{ assetClass: 'SHARES' }, 400, 'assetClass', /Asset class must be one of/],
      [{ quantityDecimalPlaces: '2' }, 400, 'quantityDecimalPlaces', /whole number/],
      [{ quantityDecimalPlaces: 9 }, 400, 'quantityDecimalPlaces', /0 to 6/],
      [{ securityName: '' }, 400, 'securityName', /required/],
      [{ sedol: 12 }, 400, 'sedol', /text/],
      [{ issuer: '00000000-0000-4000-8000-000000000000' }, 400, 'issuer', /Unknown issuer/],
      [{ sedol: '0263494', isin: 'GB0002634946', status: 'GONE' }, 400, 'status', /Status must be one of/],
    ];
    for (const [override, status, field, message] of cases) {
      const answer = await t.request(
        'POST',
        '/api/admin/securities',
        as('admin', ORG.ASHW, { ...newSecurity(20, 'Bad One'), ...override }),
      );
      expectError(answer, status, message, field);
    }
    const first = (await t.request('GET', '/api/admin/securities?size=1&sort=id,asc', as('admin'))).body.content[0];
    const dup = await t.request(
      'POST',
      '/api/admin/securities',
      as('admin', ORG.ASHW, { ...newSecurity(21, 'Dup'), sedol: first.sedol }),
    );
    expect([dup.status, dup.body.field]).toEqual([409, 'sedol']);
    expect(await securityCount()).toBe(before);
    expect((await t.request('GET', '/api/admin/securities/0', as('admin'))).body.field).toBe('id');
    expect((await t.request('GET', '/api/admin/securities/99999', as('admin'))).status).toBe(404);
  });

  it('when many classifications change at once, then all apply; one bad row and none do', async () => {
    const a = await create(30, 'Classify A plc');
    const b = await create(31, 'Classify B plc');
    const bad = await t.request(
      'PUT',
      '/api/admin/securities/classification',
      as('admin', ORG.ASHW, {
        updates: [
          { id: a.id, status: 'SUSPENDED' },
          { id: b.id, status: 'ASLEEP' },
        ],
      }),
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'updates.1.status']);
    expect((await t.request('GET', `/api/admin/securities/${a.id}`, as('admin'))).body.status).toBe('ACTIVE');
    const good = await t.request(
      'PUT',
      '/api/admin/securities/classification',
      as('admin', ORG.ASHW, {
        updates: [
          { id: a.id, status: 'SUSPENDED', quantityDecimalPlaces: 3 },
          { id: b.id, assetClass: 'NON_REPORTING_OFFSHORE_FUND' },
        ],
      }),
    );
    expect(good.status).toBe(200);
    expect(good.body.securities.map((s: any) => [s.status, s.quantityDecimalPlaces, s.assetClass, s.cgtClass])).toEqual(
      [
        ['SUSPENDED', 3, 'EQUITY', 'CAPITAL'],
        ['ACTIVE', 0, 'NON_REPORTING_OFFSHORE_FUND', 'INCOME_GAIN'],
      ],
    );
  });
});

describe('pending static data changes', () => {
  it('when a customer admin changes a security, then only their firm sees the proposal; the other firm sees it after approval', async () => {
    const s = await create(40, 'Pending Test plc');
    const proposal = await t.request(
      'PUT',
      `/api/admin/securities/${s.id}`,
      as('manager', ORG.ASHW, { ...newSecurity(40, 'Pending Test plc'), reportingName: 'Pending Renamed' }),
    );
    expect(proposal.status).toBe(202);
    expect(proposal.body).toMatchObject({
      applied: false,
      value: null,
      change: {
        entityType: 'SECURITY',
        action: 'UPDATE',
        entityId: String(s.id),
        organisationUuid: ORG.ASHW,
        oldValues: { reportingName: 'Pending Test plc' },
        newValues: { reportingName: 'Pending Renamed' },
        status: 'PENDING',
        proposedByEmail: 'manager@gains.example',
      },
    });
    const uuid = proposal.body.change.uuid;
    // Nobody sees the new value yet; the other firm does not even see the proposal.
    const seenByBrook = await t.request('GET', `/api/admin/securities/${s.id}`, as('brook', ORG.BRKF));
    expect(seenByBrook.body).toMatchObject({ reportingName: 'Pending Test plc', pendingChanges: [] });
    const brookList = await t.request('GET', '/api/admin/static-data/changes', as('brook', ORG.BRKF));
    expect(brookList.body.map((c: { uuid: string }) => c.uuid)).not.toContain(uuid);
    expect((await t.request('GET', '/api/admin/static-data/changes', as('brook', ORG.ASHW))).status).toBe(403);
    const seenByManager = await t.request('GET', `/api/admin/securities/${s.id}`, as('manager', ORG.ASHW));
    expect(seenByManager.body.reportingName).toBe('Pending Test plc');
    expect(seenByManager.body.pendingChanges.map((c: { uuid: string }) => c.uuid)).toEqual([uuid]);
    // A customer admin cannot decide, nor act for another firm.
    expect(
      (await t.request('POST', `/api/admin/static-data/changes/${uuid}/approve`, as('manager', ORG.ASHW))).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `/api/admin/securities/${s.id}`, as('brook', ORG.ASHW, newSecurity(40, 'Hijack'))))
        .status,
    ).toBe(403);
    // The provider sees every firm's pending changes with old and new values, and approves.
    const pending = await t.request('GET', '/api/admin/static-data/changes?status=PENDING', as('admin', ORG.GAINS));
    expect(pending.body.find((c: { uuid: string }) => c.uuid === uuid)).toMatchObject({
      oldValues: { reportingName: 'Pending Test plc' },
      newValues: { reportingName: 'Pending Renamed' },
    });
    const approved = await t.request('POST', `/api/admin/static-data/changes/${uuid}/approve`, as('admin', ORG.GAINS));
    expect(approved.body).toMatchObject({ status: 'APPROVED', reviewedByName: expect.any(String), note: null });
    expect((await t.request('GET', `/api/admin/securities/${s.id}`, as('brook', ORG.BRKF))).body.reportingName).toBe(
      'Pending Renamed',
    );
    const again = await t.request('POST', `/api/admin/static-data/changes/${uuid}/approve`, as('admin', ORG.GAINS));
    expect(again.status).toBe(412);
  });

  it('when a customer admin proposes a new issuer and it is rejected with a note, then nothing is created', async () => {
    const proposal = await t.request(
      'POST',
      '/api/admin/securities/issuers',
      as('manager', ORG.ASHW, { name: 'Proposed Issuer' }),
    );
    expect(proposal.status).toBe(202);
    const uuid = proposal.body.change.uuid;
    const noNote = await t.request(
      'POST',
      `/api/admin/static-data/changes/${uuid}/reject`,
      as('admin', ORG.GAINS, { note: ' ' }),
    );
    expect([noNote.status, noNote.body.field]).toEqual([400, 'note']);
    const rejected = await t.request(
      'POST',
      `/api/admin/static-data/changes/${uuid}/reject`,
      as('admin', ORG.GAINS, { note: 'Duplicate of an existing issuer' }),
    );
    expect(rejected.body).toMatchObject({ status: 'REJECTED', note: 'Duplicate of an existing issuer' });
    const issuers = await t.request('GET', '/api/admin/securities/issuers?term=Proposed', as('admin'));
    expect(issuers.body).toEqual([]);
  });

  it('when a customer admin proposes a new security and it is approved, then it exists for everyone', async () => {
    const before = await securityCount();
    const proposal = await t.request(
      'POST',
      '/api/admin/securities',
      as('manager', ORG.ASHW, newSecurity(41, 'Proposed New plc')),
    );
    expect(proposal.status).toBe(202);
    expect(await securityCount()).toBe(before);
    const approved = await t.request(
      'POST',
      `/api/admin/static-data/changes/${proposal.body.change.uuid}/approve`,
      as('admin', ORG.GAINS),
    );
    expect(approved.body.entityId).toMatch(/^\d+$/);
    const read = await t.request('GET', `/api/admin/securities/${approved.body.entityId}`, as('brook', ORG.BRKF));
    expect(read.body).toMatchObject({ securityName: 'Proposed New plc', ...codes(41) });
  });
});

describe('prices and FX', () => {
  it('when the provider sets a USD price on a day with a known rate, then the GBP price is the product, to the penny and beyond', async () => {
    const usd = await create(50, 'Dollar Fund', { currency: 'USD', assetClass: 'NON_REPORTING_OFFSHORE_FUND' });
    const day = daysFrom(today, -7);
    const fx = await t.request(
      'POST',
      '/api/admin/currencies/fx-rates',
      as('admin', ORG.ASHW, { currency: 'USD', date: day, gbpPerUnit: '0.8' }),
    );
    expect(fx.status).toBe(201);
    const set = await t.request(
      'PUT',
      `/api/admin/securities/${usd.id}/prices/${day}`,
      as('admin', ORG.ASHW, { price: '150.125' }),
    );
    expect(set.status).toBe(200);
    // 150.125 x 0.8 = 120.1
    expect(set.body).toMatchObject({
      securityId: usd.id,
      date: day,
      price: '150.125',
      currency: 'USD',
      priceGbp: '120.1',
      source: 'MANUAL',
    });
    const history = await t.request(
      'GET',
      `/api/admin/securities/${usd.id}/prices?from=${daysFrom(today, -30)}`,
      as('manager'),
    );
    expect(history.body.prices.map((p: { priceGbp: string }) => p.priceGbp)).toEqual(['120.1']);
  });

  it('when a price, date or currency is bad, or a customer admin sets one, then it is refused naming the field, and nothing is written', async () => {
    const s = await create(51, 'Price Checks plc');
    const put = (body: unknown, date = daysFrom(today, -1), persona: Persona = 'admin') =>
      t.request('PUT', `/api/admin/securities/${s.id}/prices/${date}`, as(persona, ORG.ASHW, body));
    expectError(await put({ price: '-1' }), 400, 'price must not be negative', 'price');
    expectError(await put({ price: 12.5 }), 400, 'price must be a decimal string such as "12.34"', 'price');
    expectError(await put({ price: '0' }), 400, 'price must be more than 0', 'price');
    expectError(await put({ price: '1' }, daysFrom(today, 1)), 400, 'date must not be in the future', 'date');
    expectError(await put({ price: '1' }, '2025-02-30'), 400, 'date must be a date as YYYY-MM-DD', 'date');
    expectError(await put({ price: '1', currency: 'XYZ' }), 400, 'Unknown currency XYZ', 'currency');
    expectError(await put({ price: '1', currency: 'USD' }), 400, 'The security is priced in GBP, not USD', 'currency');
    expect((await put({ price: '1' }, daysFrom(today, -1), 'manager')).status).toBe(403);
    const history = await t.request('GET', `/api/admin/securities/${s.id}/prices`, as('admin'));
    expect(history.body.prices).toEqual([]);
    const fx = (body: unknown) => t.request('POST', '/api/admin/currencies/fx-rates', as('admin', ORG.ASHW, body));
    expect((await fx({ currency: 'GBP', date: today, gbpPerUnit: '1' })).body.field).toBe('currency');
    expect((await fx({ currency: 'USD', date: daysFrom(today, 2), gbpPerUnit: '0.8' })).body.field).toBe('date');
    expect((await fx({ currency: 'USD', date: today, gbpPerUnit: '-0.8' })).body.field).toBe('gbpPerUnit');
    expect((await fx({ currency: 'QQQ', date: today, gbpPerUnit: '0.8' })).body.field).toBe('currency');
    expect(
      (
        await t.request(
          'POST',
          '/api/admin/currencies/fx-rates',
          as('manager', ORG.ASHW, { currency: 'USD', date: today, gbpPerUnit: '0.8' }),
        )
      ).status,
    ).toBe(403);
  });

  it('when a price is older than the organisation allows, then it is stale for that firm only', async () => {
    const s = await create(52, 'Stale Price plc');
    const old = daysFrom(today, -10);
    expect(
      (await t.request('PUT', `/api/admin/securities/${s.id}/prices/${old}`, as('admin', ORG.ASHW, { price: '2.5' })))
        .status,
    ).toBe(200);
    const org = (await t.request('GET', `/api/admin/organisations/${ORG.ASHW}`, as('admin'))).body;
    const saved = await t.request(
      'PUT',
      `/api/admin/organisations/${org.id}`,
      as('admin', undefined, {
        ...org,
        customer: { ...(org.customer ?? {}), usePriceAgingDays: true, oldPriceAgeDays: 3 },
      }),
    );
    expect(saved.status).toBe(200);
    const ashw = await t.request('GET', `/api/admin/securities/${s.id}`, as('manager', ORG.ASHW));
    expect(ashw.body.latestPrice).toMatchObject({ date: old, price: '2.5', stale: true });
    const brkf = await t.request('GET', `/api/admin/securities/${s.id}`, as('manager', ORG.BRKF));
    expect(brkf.body.latestPrice).toMatchObject({ date: old, stale: false });
    const onDate = await t.request(
      'GET',
      `/api/admin/securities/prices?date=${daysFrom(old, 2)}&term=Stale%20Price`,
      as('admin', ORG.ASHW),
    );
    expect(onDate.body).toEqual({
      content: [
        expect.objectContaining({
          securityId: s.id,
          asAt: daysFrom(old, 2),
          price: expect.objectContaining({ date: old, stale: false }),
        }),
      ],
      totalSize: 1,
    });
  });

  it('when an upload has bad lines, then every one is named and nothing is written; a good file loads once and a re-upload changes nothing', async () => {
    const s = await create(53, 'Upload One plc');
    const u = await create(54, 'Upload Two plc');
    const d1 = daysFrom(today, -3);
    const d2 = daysFrom(today, -2);
    const upload = (csv: string) =>
      t.request('POST', '/api/admin/securities/prices/upload', as('admin', ORG.ASHW, { csv }));
    const bad = await upload(
      [
        'security,date,price,currency',
        `${s.sedol},${d1},1.25,GBP`,
        `${s.sedol},${daysFrom(today, 5)},1.25,GBP`,
        `NOSUCH1,${d1},1,GBP`,
        `${u.isin},${d1},-2,GBP`,
        `${u.id},${d1},2,EUR`,
        `${u.id},${d1}`,
      ].join('\n'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('csv');
    expect(bad.body.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [3, 'date'],
      [4, 'security'],
      [5, 'price'],
      [6, 'currency'],
      [7, 'line'],
    ]);
    expect((await t.request('GET', `/api/admin/securities/${s.id}/prices`, as('admin'))).body.prices).toEqual([]);
    const good = [
      'security,date,price,currency',
      `${s.sedol},${d1},1.25,GBP`,
      `${s.isin},${d2},1.30,GBP`,
      `${u.id},${d1},2.00,gbp`,
    ].join('\r\n');
    expect((await upload(good)).body).toEqual({ lines: 3, inserted: 3, updated: 0, unchanged: 0 });
    expect((await upload(good)).body).toEqual({ lines: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect((await upload(good.replace('1.30', '1.35'))).body).toEqual({
      lines: 3,
      inserted: 0,
      updated: 1,
      unchanged: 2,
    });
    const history = await t.request('GET', `/api/admin/securities/${s.id}/prices`, as('admin'));
    expect(history.body.prices.map((p: any) => [p.date, p.price, p.priceGbp, p.source])).toEqual([
      [d1, '1.25', '1.25', 'UPLOAD'],
      [d2, '1.35', '1.35', 'UPLOAD'],
    ]);
    expect(
      (await t.request('POST', '/api/admin/securities/prices/upload', as('manager', ORG.ASHW, { csv: good }))).status,
    ).toBe(403);
    expect((await upload('')).body.field).toBe('csv');
  });
});

describe('reference data', () => {
  it('when read, then each owner\u2019s lists are there: tax years and RPI, currencies and classes, client lists', async () => {
    const answer = await t.request('GET', '/api/reference-data', as('manager'));
    expect(answer.status).toBe(200);
    const year = (label: string) => answer.body.taxYears.find((y: { label: string }) => y.label === label);
    expect(year('2023-24')).toMatchObject({
      startDate: '2023-04-06',
      endDate: '2024-04-05',
      annualExemptAmount: '6000',
      basicRate: '10',
      higherRate: '20',
    });
    expect(year('2024-25')).toMatchObject({ annualExemptAmount: '3000', basicRate: '18', higherRate: '24' });
    expect(answer.body.rpi[0]).toEqual({ month: '1987-01', value: '100.0' });
    expect(answer.body.currencies.map((c: { isoCode: string }) => c.isoCode)).toContain('GBP');
    expect(answer.body.fxRates.map((r: { currency: string }) => r.currency)).toEqual(
      expect.arrayContaining(['USD', 'EUR']),
    );
    expect(answer.body.assetClasses.find((a: { code: string }) => a.code === 'GILT').cgtClass).toBe('EXEMPT');
    for (const list of [
      'countries',
      'clientTypes',
      'clientStates',
      'relationshipTypes',
      'addressStatuses',
      'reportingFrequencies',
      'incomeTypes',
      'cgtClasses',
      'securityStatuses',
    ]) {
      expect(answer.body[list].length, list).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/reference-data', as('adviser'))).status).toBe(403);
    expect((await t.request('GET', '/api/admin/currencies', as('manager'))).body.length).toBeGreaterThanOrEqual(10);
  });
});
