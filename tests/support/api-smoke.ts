import { expect } from 'vitest';

/** Calls the BFF by path; the embedded test goes through app.request, the cluster one over HTTP. */
export type Call = (path: string, init?: RequestInit) => Promise<Response>;

// Test answers are checked field by field; `any` keeps the assertions readable.
const json = (res: Response): Promise<any> => res.json();

export const ASHWORTH = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
export const BROOKFIELD = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
export const CLEVEDON = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000004';

export async function signIn(call: Call, email: string, password: string): Promise<string> {
  const res = await call('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body.state).toBe('AUTHENTICATED');
  return body.accessToken;
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The same journey against either form of running: sign in, who am I, my organisations, the
 * clients grid (paging, sorting, search, live filter), a ledger computed by the tax engine, tenancy
 * refusals, sign out. Expected figures
 * come from the demo data's construction: Ashworth has clients ASH00001..ASH01000.
 */
export async function apiSmoke(call: Call, password: string) {
  const token = await signIn(call, 'manager@gains.example', password);
  const auth = { authorization: `Bearer ${token}` };

  const user = await json(await call('/api/user', { headers: auth }));
  expect(user.email).toBe('manager@gains.example');
  expect(user.roles).toEqual(['ROLE_CUSTOMER_ADMIN']);
  expect(user.organisations.map((o: { uuid: string }) => o.uuid).sort()).toEqual([ASHWORTH, BROOKFIELD]);

  const organisations = await json(await call('/api/organisations', { headers: auth }));
  expect(organisations.map((o: { code: string }) => o.code)).toEqual(['ASHW', 'BRKF']);

  const grid = (query: string, organisation = ASHWORTH) =>
    call(`/api/clients/summary?${query}`, { headers: { ...auth, 'x-organisation-uuid': organisation } });

  // The organisation read model arrives by event; wait for it rather than assume timing.
  const first = await eventually(
    async () => json(await grid('page=1&size=10')),
    (page) => page.content?.[0]?.ouCode === 'ASHW',
  );
  expect(first.totalSize).toBe(1000);
  expect(first.content).toHaveLength(10);
  expect(first.content[0].code).toBe('ASH00001');
  expect(first.content[0].ouCode).toBe('ASHW');

  const last = await json(await grid('page=1&size=25&sort=code,desc'));
  expect(last.content).toHaveLength(25);
  expect(last.content[0].code).toBe('ASH01000');

  const page4 = await json(await grid('page=4&size=100'));
  expect(page4.content[0].code).toBe('ASH00301');

  const search = await json(await grid('term=ASH0099'));
  expect(search.totalSize).toBe(10); // ASH00990..ASH00999
  expect(search.content.every((r: { code: string }) => r.code.startsWith('ASH0099'))).toBe(true);

  const live = await json(await grid('filter=live&size=100'));
  expect(live.totalSize).toBeGreaterThan(0);
  expect(live.totalSize).toBeLessThan(1000);
  expect(live.content.every((r: { state: string }) => r.state === 'Live')).toBe(true);

  const bad = await grid('sort=password,asc');
  expect(bad.status).toBe(400);
  const badBody = await json(bad);
  expect(badBody.field).toBe('sort');
  expect(Object.keys(badBody)).toEqual(expect.arrayContaining(['type_description', 'timestamp', 'id']));

  // A ledger computed by the tax engine (on its worker threads): HMRC's HS284 Example 3, whose gains are
  // 700/1,500 and 400/800 of a pool costing 6,280 against 3,360 - 100 and 2,080 - 105 of proceeds.
  const ledger = (organisation: string) =>
    call('/api/calculations/ledger', {
      method: 'POST',
      headers: { ...auth, 'x-organisation-uuid': organisation, 'content-type': 'application/json' },
      body: JSON.stringify({
        ledgerCsv:
          'date,type,security,quantity,price,expenses\n2014-04-01,BUY,LOBSTER,1000,4.00,150\n' +
          '2017-09-01,BUY,LOBSTER,500,4.10,80\n2018-05-01,SELL,LOBSTER,700,4.80,100\n2019-02-01,SELL,LOBSTER,400,5.20,105\n',
      }),
    });
  const computed = await ledger(ASHWORTH);
  expect(computed.status).toBe(200);
  const { computation } = await json(computed);
  expect(computation.taxYears[0].disposals.map((d: { gain: string }) => d.gain)).toEqual(['329.33', '300.33']);
  expect(computation.holdings[0].pool).toEqual({ quantity: '400', cost: '1674.67' });
  expect((await ledger(CLEVEDON)).status).toBe(403);

  // Another firm's clients: refused.
  expect((await grid('page=1', CLEVEDON)).status).toBe(403);
  expect((await call('/api/clients/summary', { headers: auth })).status).toBe(403);
  expect((await call('/api/user')).status).toBe(401);

  expect((await call('/api/auth/sign-out', { method: 'POST', headers: auth })).status).toBe(204);
  expect((await call('/api/user', { headers: auth })).status).toBe(401);
}
