import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { taximiser } from '@gains/proto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineInProcess } from './support/in-process-engine';
import { ASHW, BUY_DATE, type Options, type StoredCalculationsFixture, type Who } from './support/stored-calculations';

// Bed and ISA, bed and spouse (issue 25): a plan's sales bought back in the client's ISA, within the allowance left,
// or by the spouse. In process on a real PostgreSQL, as taximiser.test.ts. The security (ZCALC01) is priced at
// £5.00; each client holds 10,000 shares bought for £20,000.00 (£2.00 each), so a share sold gains £3.00.
let engine: Awaited<ReturnType<typeof startEngineInProcess>>;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof taximiser.TaximiserService>>;
let as: Record<Who, Options>;
let fx: StoredCalculationsFixture;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

async function pooledClient() {
  const c = await fx.newClient(ASHW);
  await fx.row(ASHW, c.portfolioId, 'BUY', BUY_DATE, '10000', '20000.00');
  const { rows } = await db.query(`SELECT uuid FROM clients.portfolio WHERE id = $1`, [c.portfolioId]);
  return { ...c, portfolioUuid: rows[0].uuid as string };
}

/** An ISA portfolio of the client; answers its id and uuid. */
async function isaOf(clientUuid: string, code: string) {
  const uuid = crypto.randomUUID();
  const {
    rows: [p],
  } = await db.query(
    `INSERT INTO clients.portfolio (uuid, organisation_uuid, code, name, tax_wrapper, updated_at)
     VALUES ($1, $2, $3, $3, 'ISA', now()) RETURNING id`,
    [uuid, ASHW, code],
  );
  await db.query(
    `INSERT INTO clients.portfolio_owner (portfolio_id, client_id, percentage)
     SELECT $1, id, 100 FROM clients.client WHERE uuid = $2`,
    [p.id, clientUuid],
  );
  return { id: p.id as number, uuid };
}

type PlanBody = Omit<MessageInitShape<typeof taximiser.PlanRequestSchema>, '$typeName'>;
const rebuys = (p: taximiser.PlanResponse) => p.rebuys.map((r) => [r.where, r.portfolioCode, r.quantity, r.cost]);

beforeAll(async () => {
  engine = await startEngineInProcess();
  ({ db, fx, as } = engine);
  api = createClient(taximiser.TaximiserService, engine.system.transports['tax-engine']);
}, 300_000);

afterAll(async () => engine?.stop());

describe('bed and ISA', () => {
  it('buys back in the ISA up to the allowance left; the sale’s gain stands', async () => {
    const a = await pooledClient();
    const isa = await isaOf(a.uuid, `I${a.code}`);
    // This tax year the ISA bought £16,000.00 and sold £1,000.00: £15,000.00 taken as subscribed, £5,000.00 left.
    await fx.row(ASHW, isa.id, 'BUY', today, '3200', '16000.00');
    await fx.row(ASHW, isa.id, 'SELL', today, '200', '1000.00');
    const ask = (body: PlanBody) =>
      api.plan({ organisationUuid: ASHW, clientUuid: a.uuid, portfolioUuid: a.portfolioUuid, ...body }, as.adviser);
    // £6,000.00 raised: 1,200 shares, cost 1,200 x £2.00 = £2,400.00, a gain of £3,600.00 (not matched with the
    // rebuy). £5,000.00 of ISA allowance buys back 1,000 of them at £5.00.
    const p = await ask({ action: 'RAISE_PROCEEDS', amount: '6000', rebuy: 'ISA', rebuyPortfolioUuid: isa.uuid });
    expect(p.disposals.map((d) => [d.quantity, d.cgtCost, d.proceeds, d.capitalGainLoss])).toEqual([
      ['1200.0000', '2400.00', '6000.00', '3600.00'],
    ]);
    expect(rebuys(p)).toEqual([['ISA', `I${a.code}`, '1000.0000', '5000.00']]);
    expect(p.isa).toMatchObject({
      allowance: '20000.00',
      subscribed: '15000.00',
      subscribedBasis: 'LEDGER',
      left: '5000.00',
      rebuyCost: '5000.00',
      leftAfter: '0.00',
    });
    expect(p.rebuyNote).toContain('the 30-day rule does not match them with these sales');
    // Subscriptions entered instead: £18,500.00, so £1,500.00 left buys 300 shares.
    const entered = await ask({
      action: 'RAISE_PROCEEDS',
      amount: '6000',
      rebuy: 'ISA',
      rebuyPortfolioUuid: isa.uuid,
      isaSubscribed: '18,500',
    });
    expect(rebuys(entered)).toEqual([['ISA', `I${a.code}`, '300.0000', '1500.00']]);
    expect(entered.isa).toMatchObject({ subscribedBasis: 'ENTERED', left: '1500.00', leftAfter: '0.00' });
  });

  it('refuses a rebuy portfolio that is not the client’s ISA, and subscriptions over the allowance', async () => {
    const a = await pooledClient();
    const isa = await isaOf(a.uuid, `I${a.code}`);
    const ask = (body: PlanBody) =>
      api.plan(
        {
          organisationUuid: ASHW,
          clientUuid: a.uuid,
          portfolioUuid: a.portfolioUuid,
          action: 'HARVEST_ANNUAL_EXEMPTION',
          ...body,
        },
        as.adviser,
      );
    const cases: [PlanBody, string][] = [
      [{ rebuy: 'ISA', rebuyPortfolioUuid: a.portfolioUuid }, 'The rebuy portfolio must be one of the client’s ISA'],
      [{ rebuy: 'ISA' }, 'rebuyPortfolioUuid must be a uuid'],
      [
        { rebuy: 'ISA', rebuyPortfolioUuid: isa.uuid, isaSubscribed: '20000.01' },
        'ISA subscriptions this tax year must not be more than the £20,000.00 allowance',
      ],
      [{ rebuy: 'ISA', rebuyPortfolioUuid: isa.uuid, isaSubscribed: 'lots' }, 'ISA subscriptions this tax year'],
      [{ rebuy: 'NONE', isaSubscribed: '100' }, 'only asked for with rebuy ISA'],
      [{ rebuy: 'SOMEWHERE' }, 'rebuy must be one of NONE, ISA, SPOUSE'],
      [{ rebuy: 'SPOUSE', rebuyPortfolioUuid: isa.uuid }, 'no spouse or civil partner recorded today'],
    ];
    for (const [body, message] of cases)
      await expect(ask(body), message).rejects.toMatchObject({
        code: Code.InvalidArgument,
        rawMessage: expect.stringContaining(message),
      });
  });
});

describe('bed and spouse', () => {
  it('buys back by the spouse in their general account, without a limit; refuses another portfolio', async () => {
    const a = await pooledClient();
    const b = await pooledClient();
    await db.query(
      `INSERT INTO clients.relationship (uuid, parent_client_id, child_client_id, type_code, start_date)
       SELECT gen_random_uuid(), (SELECT id FROM clients.client WHERE uuid = $1),
              (SELECT id FROM clients.client WHERE uuid = $2), 'SPOUSE', DATE '2012-03-01'`,
      [a.uuid, b.uuid],
    );
    const ask = (body: PlanBody) =>
      api.plan(
        {
          organisationUuid: ASHW,
          clientUuid: a.uuid,
          portfolioUuid: a.portfolioUuid,
          action: 'HARVEST_ANNUAL_EXEMPTION',
          ...body,
        },
        as.manager,
      );
    // The harvest sells 1,000 shares (a gain of £3,000.00, the exempt amount); the spouse buys 1,000 at £5.00.
    const p = await ask({ rebuy: 'SPOUSE', rebuyPortfolioUuid: b.portfolioUuid });
    expect(p.disposals.map((d) => [d.quantity, d.capitalGainLoss])).toEqual([['1000.0000', '3000.00']]);
    expect(rebuys(p)).toEqual([['SPOUSE', `P${b.code}`, '1000.0000', '5000.00']]);
    expect(p.isa).toBeUndefined();
    expect(p.rebuyNote).toContain(`Bought back by ${b.code}`);
    await expect(ask({ rebuy: 'SPOUSE', rebuyPortfolioUuid: a.portfolioUuid })).rejects.toMatchObject({
      code: Code.InvalidArgument,
      rawMessage: `The rebuy portfolio must be a general account of ${b.code}, the client’s spouse or civil partner`,
    });
    await expect(
      ask({
        rebuy: 'SPOUSE',
        rebuyPortfolioUuid: b.portfolioUuid,
        household: true,
        spousePortfolioUuid: b.portfolioUuid,
      }),
    ).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: expect.stringMatching(/household plan cannot/) });
  });
});
