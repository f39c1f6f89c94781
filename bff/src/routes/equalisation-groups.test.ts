// An equalisation's Group 1 / Group 2 units (issue 26, seed 001 §2, §3): derived from each holder's ledger when the
// candidates are found, under FIFO, LIFO and Average, with the type's method (FIFO) used for the previews; the
// candidates' and previews' grid columns; through the BFF against the whole system on a real PostgreSQL. Figures
// are worked by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, newClient, newSecurity, settledHeader } from './documents-fixtures';
import { ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const manager = { persona: 'manager' as const, org: ORG.ASHW };
const ids = { a: '', b: '' };
let security = 0;
let sedol = '';
let firstHeader = '';

const sell = async (portfolioUuid: string, quantity: string, tradeDate: string) =>
  (
    await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', {
        portfolioUuid,
        securityId: security,
        transaction: { type: 'SELL', tradeDate, quantity, price: '2.20', expenses: '0', currency: 'GBP' },
      }),
    )
  ).status;

beforeAll(async () => {
  t = await startTestSystem();
  const client = await newClient(t, manager, 'EQL-1', 'Equalisation Client', ['EQL-1-A', 'EQL-1-B']);
  [ids.a, ids.b] = client.portfolios as [string, string];
  ({ id: security, sedol } = await newSecurity(t, 'BQ7Q01', 'Equalised Fund'));
  // A: 1,000 before the period (1 June to 31 August), 400 bought and 300 sold in it: 1,100 at the ex-date
  expect(await buy(t, manager, ids.a, security, { quantity: '1000', price: '2', tradeDate: '2026-01-12' })).toBe(201);
  expect(await buy(t, manager, ids.a, security, { quantity: '400', price: '2.10', tradeDate: '2026-07-01' })).toBe(201);
  expect(await sell(ids.a, '300', '2026-08-03')).toBe(201);
  // B: 500 held since before the period, nothing moved in it
  expect(await buy(t, manager, ids.b, security, { quantity: '500', price: '2', tradeDate: '2026-02-02' })).toBe(201);
}, 240_000);

afterAll(async () => t?.stop());

type Row = Record<string, string | number | boolean>;
const rows = async (header: string, grid: string, persona: Persona = 'manager', org = ORG.ASHW) =>
  t.request('GET', `/api/admin/documents/headers/${header}/${grid}?size=100`, as(persona, undefined, org));
const content = async (header: string, grid: string) => (await rows(header, grid)).body.content as Row[];
const byPortfolio = (list: Row[], code: string) => list.filter((r) => r.portfolioCode === code);

async function equalisationHeader(exDate: string, payDate: string, startDate: string) {
  const types = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=CA', as('manager')))
    .body as {
    code: string;
    uuid: string;
    groupMethod: string;
    useG1g2: boolean;
    lineDefinitions: { uuid: string }[];
  }[];
  const type = types.find((x) => x.code === 'EQUALISATION')!;
  // the grid shows the groups of a type that uses them
  expect(type).toMatchObject({ groupMethod: 'FIFO', useG1g2: true });
  const layer = (await t.request('GET', `/api/admin/documents/layers/${security}`, as('manager'))).body[0].uuid;
  const created = await t.request(
    'POST',
    '/api/admin/documents/headers',
    as('manager', {
      typeUuid: type.uuid,
      securityId: security,
      exDate,
      payDate,
      startDate,
      layerUuid: layer,
      lines: [
        // 5p of income a unit; 1p of equalisation a Group 2 unit
        { lineDefinitionUuid: type.lineDefinitions[0]!.uuid, rate: '0.05' },
        { lineDefinitionUuid: type.lineDefinitions[1]!.uuid, rate: '0.01' },
      ],
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const uuid = created.body.uuid as string;
  expect((await settledHeader(t, uuid)).status).toBe('PENDING');
  return { uuid, code: created.body.code as string, version: created.body.version as number };
}

describe('an equalisation’s Group 1 and Group 2 units', () => {
  it('derives each holder’s groups under every method from the ledger, and the previews use the type’s (FIFO)', async () => {
    const header = await equalisationHeader('2026-09-01', '2026-09-30', '2026-06-01');
    firstHeader = header.uuid;
    const candidates = await content(header.uuid, 'candidates');
    const [a] = byPortfolio(candidates, 'EQL-1-A');
    const [b] = byPortfolio(candidates, 'EQL-1-B');
    expect(a).toMatchObject({
      holdingQuantity: '1100',
      // FIFO: the 300 sold leave the 1,000 held first: G1 700, G2 400
      group1Fifo: '700',
      group2Fifo: '400',
      // LIFO: the 300 sold leave the 400 bought: G1 1,000, G2 100
      group1Lifo: '1000',
      group2Lifo: '100',
      // Average: 300 sold pro rata of 1,400 (1,000 : 400): 300 x 400 / 1,400 = 85.714... from Group 2, leaving
      // 314.285...; whole units (the equity's 0 places) rounded down: G2 314, G1 1,100 - 314 = 786
      group1Average: '786',
      group2Average: '314',
      // the type's method (FIFO) is the one used
      group1Quantity: '700',
      group2Quantity: '400',
      headerCode: header.code,
      headerVersion: header.version,
      sedol,
      createdByName: 'Gains',
      previews: 2,
      previewsNotEdited: 2,
      previewsEdited: 0,
      previewSuccesses: 0,
      previewFailures: 0,
    });
    expect(String(a!.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(String(a!.isin)).toMatch(/^GB/);
    // B held its 500 units before the period: all Group 1 under every method
    expect(b).toMatchObject({
      group1Fifo: '500',
      group2Fifo: '0',
      group1Lifo: '500',
      group2Lifo: '0',
      group1Average: '500',
      group2Average: '0',
      group1Quantity: '500',
      group2Quantity: '0',
      previews: 1,
    });

    const previews = await content(header.uuid, 'previews');
    // A: income on every unit, 1,100 x £0.05 = £55.00; equalisation on its 400 Group 2 units, 400 x £0.01 = £4.00,
    // posted as EQUALISATION (the engine takes it off the pool's cost, a capital repayment). Qualifying amounts:
    // Group 1 700 x £0.05 = £35.00, Group 2 400 x £0.05 = £20.00 (35 + 20 = 55)
    expect(
      byPortfolio(previews, 'EQL-1-A').map((p) => [
        p.transactionType,
        p.proceeds,
        p.quantity,
        p.group1Qualifying,
        p.group2Qualifying,
      ]),
    ).toEqual([
      ['DISTRIBUTION', '55', '', '35', '20'],
      ['EQUALISATION', '4', '400', '35', '20'],
    ]);
    // B: 500 x £0.05 = £25.00, all of it on Group 1 units; no Group 2 units, so no equalisation row
    expect(
      byPortfolio(previews, 'EQL-1-B').map((p) => [
        p.transactionType,
        p.proceeds,
        p.group1Qualifying,
        p.group2Qualifying,
      ]),
    ).toEqual([['DISTRIBUTION', '25', '25', '0']]);
    expect(previews[0]).toMatchObject({
      headerCode: header.code,
      headerVersion: header.version,
      candidateVersion: 1,
      createdByName: 'Gains',
      acquisitionDate: '',
    });
    expect(String(previews[0]!.updatedAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The user takes A's LIFO groups instead (G1 1,000, G2 100): its rows are worked out again, by that user:
    // equalisation 100 x £0.01 = £1.00; qualifying G1 1,000 x £0.05 = £50.00, G2 100 x £0.05 = £5.00
    const saved = await t.request(
      'POST',
      `/api/admin/documents/headers/${header.uuid}/candidates/${a!.uuid}`,
      as('manager', { version: a!.version, holdingQuantity: '1100', group1Quantity: '1000', group2Quantity: '100' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [edited] = byPortfolio(await content(header.uuid, 'candidates'), 'EQL-1-A');
    expect(edited).toMatchObject({
      group1Quantity: '1000',
      group2Quantity: '100',
      group1Fifo: '700',
      previews: 2,
      previewsEdited: 2,
      previewsNotEdited: 0,
      status: 'EDIT',
    });
    const redone = byPortfolio(await content(header.uuid, 'previews'), 'EQL-1-A');
    expect(redone.map((p) => [p.transactionType, p.proceeds, p.group1Qualifying, p.group2Qualifying])).toEqual([
      ['DISTRIBUTION', '55', '50', '5'],
      ['EQUALISATION', '1', '50', '5'],
    ]);
    expect(redone[0]!.createdByName).not.toBe('Gains');
    expect(redone[0]!.createdByName).toBe(redone[0]!.updatedByName);
  });

  it('without a Start Date, the period starts at the previous equalisation’s ex-date', async () => {
    // the header above (ex-date 1 September) ends the previous period; A bought 50 on 10 September
    expect(await buy(t, manager, ids.a, security, { quantity: '50', price: '2.30', tradeDate: '2026-09-10' })).toBe(
      201,
    );
    const header = await equalisationHeader('2026-12-01', '2026-12-31', '');
    const [a] = byPortfolio(await content(header.uuid, 'candidates'), 'EQL-1-A');
    // 1,150 held: the 50 bought since 1 September are Group 2, the 1,100 held before Group 1 (no sales: every
    // method agrees)
    expect(a).toMatchObject({
      holdingQuantity: '1150',
      group1Fifo: '1100',
      group2Fifo: '50',
      group1Lifo: '1100',
      group2Lifo: '50',
      group1Average: '1100',
      group2Average: '50',
    });
  });

  it('when a trade in the period moves units between the groups but not the holding, then Refresh finds it', async () => {
    // B: 500 held since February; a period from 15 September to the ex-date of 1 October
    const header = await equalisationHeader('2026-10-01', '2026-10-30', '2026-09-15');
    expect(byPortfolio(await content(header.uuid, 'candidates'), 'EQL-1-B')[0]).toMatchObject({
      holdingQuantity: '500',
      group1Fifo: '500',
      group2Fifo: '0',
    });
    // 100 bought and 100 sold in the period: still 500 held, but under FIFO the sale leaves Group 1 (400) and the
    // 100 bought are Group 2; under LIFO the sale takes the 100 bought back (500 / 0)
    expect(await buy(t, manager, ids.b, security, { quantity: '100', price: '2.40', tradeDate: '2026-09-20' })).toBe(
      201,
    );
    expect(await sell(ids.b, '100', '2026-09-21')).toBe(201);
    expect((await t.request('POST', `/api/admin/documents/headers/${header.uuid}/refresh`, as('manager'))).status).toBe(
      200,
    );
    expect((await settledHeader(t, header.uuid, 'REFRESHING')).status).toBe('EDIT');
    const [b] = byPortfolio(await content(header.uuid, 'candidates'), 'EQL-1-B');
    expect(b).toMatchObject({
      status: 'PENDING_DIFF',
      holdingQuantity: '500',
      group1Fifo: '400',
      group2Fifo: '100',
      group1Lifo: '500',
      group2Lifo: '0',
      failureReason: "The ledger's trades in the distribution period now make Group 1 400 and Group 2 100",
    });
    // A's ledger did not change: its candidate stands
    expect(byPortfolio(await content(header.uuid, 'candidates'), 'EQL-1-A')[0]!.status).toBe('PENDING');
  });

  it('when another firm asks for the candidates or previews, then it is told there is no such header', async () => {
    const header = firstHeader;
    expect((await rows(header, 'candidates', 'brook', ORG.BRKF)).status).toBe(404);
    expect((await rows(header, 'previews', 'brook', ORG.BRKF)).status).toBe(404);
    expect((await rows(header, 'candidates', 'adviser')).status).toBe(403);
  });
});
