// The Taximiser through the BFF, against the whole system on a real PostgreSQL (issue 25): the plan's JSON with
// figures worked by hand, the body's checks, every role planning, another firm refused; a plan's sales saved as
// PENDING rows all or nothing, by the ledger's writers only; the plan as the trade list's PDF, read back with pdftotext. Every action's figures: services/tax-engine/test.
import { taximiser } from '@gains/proto';
import pg from 'pg';
import { pdfPages } from '@gains/pdf/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Answer, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
let db: pg.Client;
const ids = { client: '', portfolio: '' };
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const fieldsOf = (schema: { fields: { jsonName: string }[] }) => schema.fields.map((f) => f.jsonName).sort();
const pendingRows = async () =>
  (
    await db.query(
      `SELECT count(*)::int AS n FROM clients.ledger_transaction t JOIN clients.portfolio p ON p.id = t.portfolio_id
        WHERE p.uuid = $1 AND t.state = 'PENDING'`,
      [ids.portfolio],
    )
  ).rows[0].n as number;

async function ok(answer: Answer, status = 200): Promise<any> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  return answer.body;
}

beforeAll(async () => {
  t = await startTestSystem();
  db = new pg.Client({ connectionString: t.connectionString });
  await db.connect();
  ids.client = (
    await ok(
      await t.request(
        'POST',
        '/api/admin/clients',
        as('manager', {
          code: 'TAXI-1',
          name: 'Taximiser Client',
          typeCode: 'INDIVIDUAL',
          stateCode: 'LIVE',
          // where the trade list is posted
          addresses: [
            { typeCode: 'HOME', line1: '12 Planner Street', town: 'Leeds', postcode: 'LS1 4AB', primaryTaxCopy: true },
          ],
        }),
      ),
      201,
    )
  ).uuid;
  ids.portfolio = (
    await ok(
      await t.request(
        'POST',
        '/api/admin/portfolios',
        as('manager', {
          code: 'TAXI-1-GIA',
          name: 'Taximiser GIA',
          taxWrapper: 'GIA',
          owners: [{ clientUuid: ids.client, percentage: '100' }],
        }),
      ),
      201,
    )
  ).uuid;
  // 1,000 of security 1 for £2,000.00 (£2.00 each, no costs).
  await ok(
    await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', {
        portfolioUuid: ids.portfolio,
        securityId: 1,
        transaction: {
          type: 'BUY',
          tradeDate: '2023-03-01',
          quantity: '1000',
          price: '2',
          expenses: '0',
          currency: 'GBP',
        },
      }),
    ),
    201,
  );
}, 120_000);

afterAll(async () => {
  await db?.end();
  await t?.stop();
});

const plan = (persona: Persona, body: object, org = ORG.ASHW) =>
  t.request(
    'POST',
    '/api/taximiser/plan',
    as(persona, { clientUuid: ids.client, portfolioUuid: ids.portfolio, ...body }, org),
  );

describe('POST /api/taximiser/plan', () => {
  it('when an adviser plans 10% at £3.00 a share, then 100 shares cost £200.00 for £300.00, every field present', async () => {
    const body = await ok(await plan('adviser', { action: 'DISPOSE_PERCENTAGE', percent: '10', prices: { '1': '3' } }));
    expect(Object.keys(body).sort()).toEqual(fieldsOf(taximiser.PlanResponseSchema));
    expect(body.disposals).toHaveLength(1);
    expect(body.disposals[0]).toMatchObject({
      securityId: 1,
      quantity: '100.0000',
      price: '3.0000',
      cgtCost: '200.00',
      proceeds: '300.00',
      capitalGainLoss: '100.00',
      incomeGain: '0.00',
      matchedBy: ['section-104'],
      difference: '',
    });
    expect(Object.keys(body.disposals[0]).sort()).toEqual(fieldsOf(taximiser.PlannedDisposalSchema));
    expect(body.totals).toEqual({
      costTotal: '200.00',
      proceedTotal: '300.00',
      disposalCount: 1,
      incomeGainTotal: '0.00',
      capitalGainLossTotal: '100.00',
      exemptGainLossTotal: '0.00',
    });
    // No gain yet this year: the £3,000.00 exempt amount less £100.00 leaves £2,900.00.
    expect(body.position).toMatchObject({
      ytdCapitalGainLoss: '0.00',
      resultantCapitalGainLoss: '100.00',
      aeRemaining: '2900.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
    expect(body.holdings[0]).toMatchObject({ quantity: '1000.0000', cgtCost: '2000.00', marketValue: '3000.00' });
  });

  it('when every role plans, then each is answered; another firm’s member is 403, and their own firm does not hold the client', async () => {
    for (const persona of ['admin', 'manager', 'adviser'] as const)
      await ok(await plan(persona, { action: 'HARVEST_ANNUAL_EXEMPTION', prices: { '1': '3' } }));
    expectError(
      await plan('brook', { action: 'HARVEST_ANNUAL_EXEMPTION' }),
      403,
      'You are not a member of this organisation',
    );
    const elsewhere = await plan('brook', { action: 'HARVEST_ANNUAL_EXEMPTION' }, ORG.BRKF);
    expect(elsewhere.status).toBe(404);
  });

  it('when the body breaks a rule, then 400 names the field', async () => {
    expectError(
      await plan('adviser', { action: 'DISPOSE_PERCENTAGE', percent: 10 }),
      400,
      /percent must be a decimal number written as text/,
      'percent',
    );
    expectError(await plan('adviser', { action: 'SELL_ALL' }), 400, /action must be one of/, 'action');
    expectError(
      await plan('adviser', { action: 'DISPOSE_PERCENTAGE', percent: '0' }),
      400,
      'Disposal percent must be at least 0.000001',
      'percent',
    );
    expectError(
      await plan('adviser', { quantities: [{ securityId: 1, quantity: '1000.5' }] }),
      400,
      'Disposal amount must not be more than the 1000 held',
      'quantities[0].quantity',
    );
  });
});

describe('POST /api/taximiser/trade-list.pdf', () => {
  const tradeList = (persona: Persona, body: object, org = ORG.ASHW) =>
    t.request(
      'POST',
      '/api/taximiser/trade-list.pdf',
      as(persona, { clientUuid: ids.client, portfolioUuid: ids.portfolio, ...body }, org),
    );
  // the plan's trade date: today in London
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [year, month, day] = today.split('-');

  it('when an adviser prints the 10% plan at £3.00, then the PDF names the firm and client and shows the sale', async () => {
    const answer = await tradeList('adviser', { action: 'DISPOSE_PERCENTAGE', percent: '10', prices: { '1': '3' } });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="TAXI-1-trade-list-${today}.pdf"`);
    const pages = pdfPages(answer.bytes);
    expect(pages).toHaveLength(1);
    const [text] = pages as [string];
    expect(text).toContain('Ashworth Wealth Management');
    expect(text).toMatch(/TAXI-1\s+Taximiser Client/);
    expect(text).toContain('12 Planner Street');
    expect(text).toContain('LS1 4AB');
    expect(text).toMatch(/Portfolio\s+TAXI-1-GIA/);
    expect(text).toMatch(new RegExp(`Trade date\\s+${day}/${month}/${year}`));
    // 1,000 shares bought for £2,000.00: 10% is 100 shares, £300.00 at £3.00 for a cost of £200.00, a £100.00 gain
    expect(text).toMatch(/^.*\s100\.0000\s+£3\.0000\s+£300\.00\s+£200\.00\s+£100\.00\s+£0\.00\s*$/m);
    expect(text).toMatch(/^\s*Total\s+1 sale\s+£300\.00\s+£200\.00\s+£100\.00\s+£0\.00\s*$/m);
    // no gain yet this year: the £3,000.00 exempt amount less £100.00, and nothing chargeable
    expect(text).toMatch(/Annual exempt amount remaining\s+£2,900\.00/);
    expect(text).toMatch(/Resultant chargeable gain\s+£0\.00/);
    expect(text).toMatch(/Approved by the client: _+/);
    expect(text).toContain('Page 1 of 1');
  });

  it('when the body breaks a rule or another firm’s member asks, then it is refused as the plan is', async () => {
    expectError(
      await tradeList('adviser', { action: 'DISPOSE_PERCENTAGE', percent: 10 }),
      400,
      /percent must be a decimal number written as text/,
      'percent',
    );
    expectError(
      await tradeList('adviser', { action: 'DISPOSE_PERCENTAGE', percent: '0' }),
      400,
      'Disposal percent must be at least 0.000001',
      'percent',
    );
    expectError(
      await tradeList('brook', { action: 'HARVEST_ANNUAL_EXEMPTION' }),
      403,
      'You are not a member of this organisation',
    );
    expect((await tradeList('brook', { action: 'HARVEST_ANNUAL_EXEMPTION' }, ORG.BRKF)).status).toBe(404);
  });
});

describe('POST /api/taximiser/proposals', () => {
  const proposal = (disposals: object[]) => ({ portfolioUuid: ids.portfolio, tradeDate: '2026-01-05', disposals });

  it('when a manager saves a plan, then its sales are PENDING SELL rows of the portfolio', async () => {
    const body = await ok(
      await t.request(
        'POST',
        '/api/taximiser/proposals',
        as('manager', proposal([{ securityId: 1, quantity: '100', price: '3' }])),
      ),
      201,
    );
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0]).toMatchObject({
      transactionState: expect.objectContaining({ state: 'PENDING' }),
      tradeDate: '2026-01-05',
      notes: 'Proposed by the Taximiser',
    });
    expect(await pendingRows()).toBe(1);
  });

  it('when the rebuys are saved too, then they are PENDING BUY rows of the ISA; another firm’s portfolio is not found and nothing is saved', async () => {
    const isa = (
      await ok(
        await t.request(
          'POST',
          '/api/admin/portfolios',
          as('manager', {
            code: 'TAXI-1-ISA',
            name: 'Taximiser ISA',
            taxWrapper: 'ISA',
            owners: [{ clientUuid: ids.client, percentage: '100' }],
          }),
        ),
        201,
      )
    ).uuid as string;
    const rows = async (uuid: string) =>
      (
        await db.query(
          `SELECT ty.name AS type, t.quantity::text AS quantity, t.notes FROM clients.ledger_transaction t
             JOIN clients.portfolio p ON p.id = t.portfolio_id JOIN clients.transaction_type ty ON ty.id = t.type_id
            WHERE p.uuid = $1 AND t.state = 'PENDING' ORDER BY t.id`,
          [uuid],
        )
      ).rows;
    const before = await pendingRows();
    const withRebuy = (portfolioUuid: string) => ({
      ...proposal([{ securityId: 1, quantity: '40', price: '3' }]),
      rebuys: [{ portfolioUuid, securityId: 1, quantity: '40', price: '3' }],
    });
    const brookfields = (
      await db.query(`SELECT uuid::text AS uuid FROM clients.portfolio WHERE organisation_uuid = $1 LIMIT 1`, [
        ORG.BRKF,
      ])
    ).rows[0].uuid as string;
    const refused = await t.request('POST', '/api/taximiser/proposals', as('manager', withRebuy(brookfields)));
    expect(refused.status).toBe(404);
    expect(refused.body.field).toBe('transactions.1.portfolioUuid');
    expect(await pendingRows()).toBe(before);
    const body = await ok(await t.request('POST', '/api/taximiser/proposals', as('manager', withRebuy(isa))), 201);
    expect(body.transactions).toHaveLength(2);
    expect(await pendingRows()).toBe(before + 1);
    expect(await rows(isa)).toEqual([
      { type: 'BUY', quantity: '40.00000000', notes: 'Proposed by the Taximiser (rebuy)' },
    ]);
  });

  it('when one sale is bad, then 400 names it and nothing is saved; an adviser and another firm are refused', async () => {
    const before = await pendingRows();
    const bad = await t.request(
      'POST',
      '/api/taximiser/proposals',
      as(
        'manager',
        proposal([
          { securityId: 1, quantity: '10', price: '3' },
          { securityId: 1, quantity: '-5', price: '3' },
        ]),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('transactions.1.quantity');
    const good = proposal([{ securityId: 1, quantity: '10', price: '3' }]);
    expect((await t.request('POST', '/api/taximiser/proposals', as('adviser', good))).status).toBe(403);
    expect((await t.request('POST', '/api/taximiser/proposals', as('brook', good))).status).toBe(403);
    expect((await t.request('POST', '/api/taximiser/proposals', as('brook', good, ORG.BRKF))).status).toBe(404);
    expect(await pendingRows()).toBe(before);
  });
});
