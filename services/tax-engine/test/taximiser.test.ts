import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { taximiser } from '@gains/proto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineInProcess } from './support/in-process-engine';
import {
  ASHW,
  BRKF,
  BUY_DATE,
  refusal,
  type Options,
  type StoredCalculationsFixture,
  type Who,
} from './support/stored-calculations';

// The Taximiser's Plan call in process on a real PostgreSQL: the client's ledger written in the clients schema,
// loaded by the engine over Connect, planned and computed on a worker. Every figure is worked by hand below.
// The security (ZCALC01) is priced at £5.00; each client holds 10,000 shares bought for £20,000.00 (£2.00 each),
// so a share sold gains £3.00. The 2026-27 annual exempt amount is £3,000.00; the client has no gain this year yet.
let engine: Awaited<ReturnType<typeof startEngineInProcess>>;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof taximiser.TaximiserService>>;
let as: Record<Who, Options>;
let fx: StoredCalculationsFixture;
let client: { uuid: string; portfolioUuid: string };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

async function pooledClient(org = ASHW, cost = '20000.00') {
  const c = await fx.newClient(org);
  await fx.row(org, c.portfolioId, 'BUY', BUY_DATE, '10000', cost);
  const { rows } = await db.query(`SELECT uuid FROM clients.portfolio WHERE id = $1`, [c.portfolioId]);
  return { ...c, portfolioUuid: rows[0].uuid as string };
}

type PlanBody = Omit<MessageInitShape<typeof taximiser.PlanRequestSchema>, '$typeName'>;
const plan = (body: PlanBody, who: Who = 'adviser') =>
  api.plan({ organisationUuid: ASHW, clientUuid: client.uuid, portfolioUuid: client.portfolioUuid, ...body }, as[who]);
const figures = (p: taximiser.PlanResponse) =>
  p.disposals.map((d) => [d.quantity, d.cgtCost, d.proceeds, d.capitalGainLoss]);

beforeAll(async () => {
  engine = await startEngineInProcess();
  ({ db, fx, as } = engine);
  api = createClient(taximiser.TaximiserService, engine.system.transports['tax-engine']);
  client = await pooledClient();
}, 300_000);

afterAll(async () => engine?.stop());

describe('the Taximiser’s plans on a client’s ledger', () => {
  it('disposes a percentage of the holding: 5% of 10,000 is 500 shares, £1,000.00 of cost for £2,500.00', async () => {
    const p = await plan({ action: 'DISPOSE_PERCENTAGE', percent: '5' });
    expect(figures(p)).toEqual([['500.0000', '1000.00', '2500.00', '1500.00']]);
    expect(p.totals).toMatchObject({ costTotal: '1000.00', proceedTotal: '2500.00', disposalCount: 1 });
    expect(p.position).toMatchObject({
      ytdCapitalGainLoss: '0.00',
      resultantCapitalGainLoss: '1500.00',
      aeRemaining: '1500.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
    expect(p.tradeDate).toBe(today);
    expect(p.holdings.map((h) => [h.quantity, h.cgtCost, h.price, h.marketValue, h.unrealisedGainLoss])).toEqual([
      ['10000.0000', '20000.00', '5.0000', '50000.00', '30000.00'],
    ]);
  });

  it('harvests the exempt amount exactly: 1,000 shares gain £3,000.00 and leave no chargeable gain', async () => {
    const p = await plan({ action: 'HARVEST_ANNUAL_EXEMPTION' });
    expect(figures(p)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
    expect(p.position).toMatchObject({ aeRemaining: '0.00', resultantChargeableCapitalGainLoss: '0.00' });
    expect(p.disposals[0]!.reason).toBe('sell 1000 of ZCALC01: gain £3,000.00, uses the rest of the exempt amount');
  });

  it('raises proceeds: £1,234.56 needs 247 shares (246 raise only £1,230.00)', async () => {
    const p = await plan({ action: 'RAISE_PROCEEDS', amount: '1,234.56' });
    expect(figures(p)).toEqual([['247.0000', '494.00', '1235.00', '741.00']]);
  });

  it('realises a gain budget in pounds: £1,000.00 allows 333 shares (£999.00); 334 would pass it', async () => {
    const p = await plan({ action: 'REALISE_BUDGET_AMOUNT', amount: '1000' });
    expect(figures(p)).toEqual([['333.0000', '666.00', '1665.00', '999.00']]);
  });

  it('realises a budget in percent of the unrealised gain: 10% of £30,000.00 is 1,000 shares', async () => {
    const p = await plan({ action: 'REALISE_BUDGET_PERCENT', percent: '10' });
    expect(figures(p)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
  });

  it('keeps to a percent of all holdings, and leaves out what is excluded', async () => {
    // At most 2% of the holding (200 shares) may go, though the exempt amount would take 1,000.
    const p = await plan({ action: 'HARVEST_ANNUAL_EXEMPTION', include: 'PERCENT_OF_ALL', includePercent: '2' });
    expect(figures(p)).toEqual([['200.0000', '400.00', '1000.00', '600.00']]);
    // The holding is a Section 104 pool: excluding s104 leaves nothing to sell.
    const none = await plan({ action: 'DISPOSE_PERCENTAGE', percent: '50', exclude: 'S104' });
    expect(none.disposals).toEqual([]);
    expect(none.totals).toMatchObject({ disposalCount: 0, proceedTotal: '0.00' });
  });

  it('computes the amounts a user entered at a price the user set, and refuses more than is held', async () => {
    const p = await plan({ quantities: [{ securityId: 900101, quantity: '100' }], prices: { 900101: '6' } });
    // 100 x £6.00 = £600.00 for 20,000 x 100 / 10,000 = £200.00.
    expect(figures(p)).toEqual([['100.0000', '200.00', '600.00', '400.00']]);
    await expect(plan({ quantities: [{ securityId: 900101, quantity: '10000.5' }] })).rejects.toMatchObject({
      code: Code.InvalidArgument,
      rawMessage: 'Disposal amount must not be more than the 10000 held',
    });
  });

  it('matches a sale with shares bought today first, and says why the engine differs from the average cost', async () => {
    const sameDay = await pooledClient();
    await fx.row(ASHW, sameDay.portfolioId, 'BUY', today, '100', '600.00');
    const p = await api.plan(
      {
        organisationUuid: ASHW,
        clientUuid: sameDay.uuid,
        portfolioUuid: sameDay.portfolioUuid,
        quantities: [{ securityId: 900101, quantity: '100' }],
      },
      as.manager,
    );
    // HMRC: today's 100 shares (£600.00) are matched first: £500.00 - £600.00 = -£100.00. The average cost of §9
    // would be 20,600 x 100 / 10,100 = £203.96 (203.960...), a gain of £296.04.
    expect(figures(p)).toEqual([['100.0000', '600.00', '500.00', '-100.00']]);
    expect(p.disposals[0]!.formula).toMatchObject({ cgtCost: '203.96', gain: '296.04' });
    expect(p.disposals[0]!.matchedBy).toEqual(['same-day']);
    expect(p.disposals[0]!.difference).toMatch(/same-day rule/);
    expect(p.warnings[0]).toBe(
      `ZCALC01 was bought on ${today}, within the last 30 days: today’s purchase is matched with this sale first.`,
    );
  });

  it('stores nothing: the ledger and the runs are as they were', async () => {
    const count = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM clients.ledger_transaction)::int AS rows,
                  (SELECT count(*) FROM tax_engine.calculation_run)::int AS runs`,
        )
      ).rows[0];
    const before = await count();
    await plan({ action: 'DISPOSE_PERCENTAGE', percent: '50' });
    expect(await count()).toEqual(before);
  });

  it('answers every role of the firm, and no other firm’s member, nor another firm’s client', async () => {
    for (const who of ['admin', 'manager', 'adviser'] as const)
      expect((await plan({ action: 'DISPOSE_PERCENTAGE', percent: '1' }, who)).disposals).toHaveLength(1);
    expect(await refusal(plan({ action: 'DISPOSE_PERCENTAGE', percent: '1' }, 'brook'))).toBe(Code.PermissionDenied);
    // Brookfield's member naming their own firm and Ashworth's client: not found there.
    expect(
      await refusal(
        api.plan(
          {
            organisationUuid: BRKF,
            clientUuid: client.uuid,
            portfolioUuid: client.portfolioUuid,
            action: 'DISPOSE_PERCENTAGE',
            percent: '1',
          },
          as.brook,
        ),
      ),
    ).toBe(Code.NotFound);
  });

  it('plans for the household: each harvests their own exempt amount; a cash target split by what each raises free of tax, as no split adds less taxable gain', async () => {
    const a = await pooledClient();
    const b = await pooledClient();
    await db.query(
      `INSERT INTO clients.relationship (uuid, parent_client_id, child_client_id, type_code, start_date)
       SELECT gen_random_uuid(), (SELECT id FROM clients.client WHERE uuid = $1),
              (SELECT id FROM clients.client WHERE uuid = $2), 'SPOUSE', DATE '2010-06-01'`,
      [a.uuid, b.uuid],
    );
    const ask = (body: PlanBody) =>
      api.plan({ organisationUuid: ASHW, clientUuid: a.uuid, portfolioUuid: a.portfolioUuid, ...body }, as.adviser);
    const alone = await ask({ action: 'HARVEST_ANNUAL_EXEMPTION' });
    expect(alone.spouse).toMatchObject({ clientUuid: b.uuid, code: b.code });
    expect(alone.spousePlan).toBeUndefined();
    // Each holds 10,000 shares costing £20,000.00 at £5.00: each harvests 1,000 shares, a gain of £3,000.00.
    const both = await ask({
      action: 'HARVEST_ANNUAL_EXEMPTION',
      household: true,
      spousePortfolioUuid: b.portfolioUuid,
    });
    expect(figures(both)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
    expect(figures(both.spousePlan!)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
    expect(both.spousePlan!.position).toMatchObject({
      aeRemaining: '0.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
    // A cash target is the household's: each can raise £5,000.00 free of tax (their harvest), so £7,000.00 is split
    // £3,500.00 each: 700 shares each, costing £1,400.00, a gain of £2,100.00 each, inside their exempt amounts.
    const cash = await ask({
      action: 'RAISE_PROCEEDS',
      amount: '7000',
      household: true,
      spousePortfolioUuid: b.portfolioUuid,
    });
    expect(figures(cash)).toEqual([['700.0000', '1400.00', '3500.00', '2100.00']]);
    expect(figures(cash.spousePlan!)).toEqual([['700.0000', '1400.00', '3500.00', '2100.00']]);
    // Any split giving each at most £5,000.00 adds no taxable gain: the search keeps the rule's. It tries the rule's
    // £3,500.00, both ends, each one's tax-free part (£5,000.00 to the client, or to the spouse), the other 6 inner
    // points of an £875.00 grid, then one either side of the best at half the step, three times: 17. No basic-rate
    // band is recorded, so the tax is not worked out and the taxable gain the plans add is compared.
    expect(cash.tax?.plan).toBe('');
    expect(cash.summary).toBe(
      `The household's cash of £7,000.00: £3,500.00 for ${a.code}, £3,500.00 for ${b.code}, split first by what ` +
        `each realises free of tax, which has the least taxable gain of 17 splits tried (£0.00); the tax is not ` +
        `worked out without both people’s basic-rate band for the year. raises £3,500.00 of the £3,500.00 asked for`,
    );
    // A portfolio that is not the spouse's is refused, naming it.
    await expect(
      ask({ action: 'DISPOSE_PERCENTAGE', percent: '1', household: true, spousePortfolioUuid: a.portfolioUuid }),
    ).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: 'The portfolio is not one of the spouse’s' });
    // A client without a spouse recorded: refused, naming household.
    await expect(
      plan({ action: 'DISPOSE_PERCENTAGE', percent: '1', household: true, spousePortfolioUuid: b.portfolioUuid }),
    ).rejects.toMatchObject({
      code: Code.InvalidArgument,
      rawMessage: expect.stringMatching(/no spouse or civil partner/),
    });
  });

  it('plans a household’s cash for the least tax: not split by what each holds when the spouse’s shares carry none', async () => {
    // The client's 10,000 shares cost £20,000.00 (£2.00 each: £3.00 of gain a share at £5.00); the spouse's cost
    // £60,000.00 (£6.00 each: £1.00 of loss a share). £7,000.00 of cash for the household.
    const a = await pooledClient();
    const b = await pooledClient(ASHW, '60000.00');
    await db.query(
      `INSERT INTO clients.relationship (uuid, parent_client_id, child_client_id, type_code, start_date)
       SELECT gen_random_uuid(), (SELECT id FROM clients.client WHERE uuid = $1),
              (SELECT id FROM clients.client WHERE uuid = $2), 'SPOUSE', DATE '2010-06-01'`,
      [a.uuid, b.uuid],
    );
    const cash = await api.plan(
      {
        organisationUuid: ASHW,
        clientUuid: a.uuid,
        portfolioUuid: a.portfolioUuid,
        action: 'RAISE_PROCEEDS',
        amount: '7000',
        household: true,
        spousePortfolioUuid: b.portfolioUuid,
      },
      as.adviser,
    );
    // The rule: the client's harvest raises £5,000.00 free of tax (1,000 shares, a gain of £3,000.00, the exempt
    // amount); the spouse's raises nothing (no gain to harvest). The £2,000.00 over goes by what each holds,
    // £50,000.00 each: £1,000.00 each. The client's £6,000.00: 1,200 shares costing £2,400.00, a gain of £3,600.00,
    // £600.00 of it taxable; the spouse's £1,000.00: 200 shares costing £1,200.00, a loss of £200.00 (the spouse's
    // own: it cannot reduce the client's gain). The household's taxable gain: £600.00.
    // The search: any split giving the client at most £5,000.00 adds no taxable gain; of those, £5,000.00 (the
    // client's tax-free part, tried as such) is the nearest to the rule's £6,000.00. The client's £5,000.00: 1,000
    // shares costing £2,000.00, a gain of £3,000.00, none of it taxable; the spouse's £2,000.00: 400 shares costing
    // 60,000 x 400 / 10,000 = £2,400.00, a loss of £400.00. The household's taxable gain: £0.00.
    expect(figures(cash)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
    expect(figures(cash.spousePlan!)).toEqual([['400.0000', '2400.00', '2000.00', '-400.00']]);
    expect(cash.totals).toMatchObject({ proceedTotal: '5000.00', capitalGainLossTotal: '3000.00' });
    expect(cash.spousePlan!.totals).toMatchObject({ proceedTotal: '2000.00', capitalGainLossTotal: '-400.00' });
    expect(cash.position).toMatchObject({
      resultantCapitalGainLoss: '3000.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
    expect(cash.spousePlan!.position).toMatchObject({
      resultantCapitalGainLoss: '-400.00',
      aeRemaining: '3000.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
    // No basic-rate band is recorded: the tax is not worked out, and the taxable gain stands for it.
    expect([cash.tax?.plan, cash.spousePlan!.tax?.plan]).toEqual(['', '']);
    // Tried: the rule's £6,000.00, the ends £0.00 and £7,000.00 (the latter the spouse's tax-free part of £0.00 too),
    // the client's tax-free £5,000.00, the £875.00 grid's 7 inner points, then either side of £5,000.00 at £437.50,
    // £218.75 and £109.375 (to the penny below): 17.
    expect(cash.summary).toBe(
      `The household's cash of £7,000.00: £5,000.00 for ${a.code}, £2,000.00 for ${b.code}, chosen for the least ` +
        `taxable gain of 17 splits tried (£0.00, against £600.00 splitting first by what each realises free of tax); ` +
        `the tax is not worked out without both people’s basic-rate band for the year. raises £5,000.00 of the ` +
        `£5,000.00 asked for`,
    );
    expect(cash.spousePlan!.summary).toMatch(
      /^The household's cash of £7,000.00: .*raises £2,000.00 of the £2,000.00 asked for$/,
    );
  });

  it('refuses bad input naming the field and the rule', async () => {
    const cases: [PlanBody, string, string][] = [
      [{ action: 'SELL_EVERYTHING' }, 'action', 'action must be one of'],
      [{ action: 'RAISE_PROCEEDS' }, 'amount', 'Proceeds to raise is required'],
      [{ action: 'REALISE_BUDGET_AMOUNT', amount: '0' }, 'amount', 'Gain budget must be at least 0.01'],
      [{ action: 'DISPOSE_PERCENTAGE', percent: '100.5' }, 'percent', 'Disposal percent must not be more than 100'],
      [{ action: 'DISPOSE_PERCENTAGE', percent: '10', include: 'MOST' }, 'include', 'include must be one of'],
      [
        { action: 'HARVEST_ANNUAL_EXEMPTION', include: 'PERCENT_OF_ALL' },
        'includePercent',
        'Percent of all holdings is required',
      ],
      [
        { action: 'HARVEST_ANNUAL_EXEMPTION', prices: { 900101: '-1' } },
        'prices.900101',
        'Price per share must be at least 0',
      ],
      [{}, 'quantities', 'quantities are required when no action is chosen'],
      [
        { quantities: [{ securityId: 900101, quantity: '0.00001' }] },
        'quantities[0].quantity',
        'Disposal amount must be at least 0.0001',
      ],
      [{ portfolioUuid: 'nope' }, 'portfolioUuid', 'portfolioUuid must be a uuid'],
    ];
    for (const [body, field, message] of cases) {
      const error = await plan(body).then(
        () => undefined,
        (e: { code: Code; rawMessage: string; metadata: Headers }) => e,
      );
      expect(error?.code, field).toBe(Code.InvalidArgument);
      expect(error?.rawMessage, field).toContain(message);
    }
  });
});
