// Issue 26, "Figures": a demerger and a rights issue taken up, each processed end to end through the calls the
// screens make (POST headers, the candidates job, the previews, POST process, RUN), change the holder's pools and
// gains exactly as HMRC's rules say, to the penny, with every figure worked by hand below; reversing the header
// restores the figures from before it. The tax engine's figures are read from the holder's stored calculation
// (GET /api/admin/calculations/{id}: the pools; .../transactions: the disposals) once the run of the ledger as it
// stands is in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';
import { managerCalls, newSecurity, until } from './documents-fixtures';

let t: TestSystem;
const as = (persona: Persona, body?: unknown) => ({ token: t.tokens[persona], org: ORG.ASHW, body });
const types: Record<string, { uuid: string; lineDefinitions: { uuid: string }[] }> = {};
const get = (path: string) => managerCalls(t).get(path);
const post = (path: string, body?: unknown, status?: number) => managerCalls(t).post(path, body, status);

/** A client with one GIA portfolio of its own. */
async function newHolder(code: string): Promise<{ client: string; portfolio: string }> {
  const client = (
    await post('/admin/clients', { code, name: `Holder ${code}`, typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }, 201)
  ).uuid;
  const portfolio = (
    await post(
      '/admin/portfolios',
      {
        code: `${code}-A`,
        name: `${code} GIA`,
        taxWrapper: 'GIA',
        owners: [{ clientUuid: client, percentage: '100' }],
      },
      201,
    )
  ).uuid;
  return { client, portfolio };
}

const trade = async (
  portfolioUuid: string,
  securityId: number,
  type: 'BUY' | 'SELL',
  tradeDate: string,
  quantity: string,
  price: string,
  expenses: string,
) => {
  const transaction = { type, tradeDate, quantity, price, expenses, currency: 'GBP' };
  const posted = await post('/customerAdmin/transactions', { portfolioUuid, securityId, transaction }, 201);
  return {
    portfolioUuid,
    securityId,
    transaction: { ...transaction, uuid: posted.uuid as string, version: posted.version },
  };
};

interface Figures {
  /** each security's Section 104 pool after the last event, by SEDOL */
  pools: Record<string, { quantity: string; cost: string }>;
  /** every disposal: date, security, quantity, proceeds, allowable cost and gain */
  disposals: {
    date: string;
    security: string;
    quantity: string;
    proceeds: string;
    allowableCost: string;
    gain: string;
  }[];
}

/** The engine's figures for the client's ledger as it now stands: the run of its current ledger version. */
async function figures(clientUuid: string): Promise<Figures> {
  const { ledgerVersion } = await get(`/admin/calculations/ledger-csv?clientUUID=${clientUuid}`);
  await until('the calculation of the ledger as it stands', 60_000, async () => {
    const status = await get(`/clients/calculation-status/${clientUuid}`);
    return status.status !== 'PENDING' && status.ledgerVersion === ledgerVersion ? status : undefined;
  });
  const runs = await get(`/admin/calculations?clientUUID=${clientUuid}`);
  const run = runs.content.find((r: any) => r.ledgerVersion === ledgerVersion);
  expect(run, JSON.stringify(runs.content).slice(0, 800)).toBeDefined();
  const stored = await get(`/admin/calculations/${run.id}`);
  expect(stored.failures, JSON.stringify(stored.failures)).toEqual([]);
  expect(run.status).toBe('SUCCEEDED');
  const disposals = (await get(`/admin/calculations/${run.id}/transactions?size=100`)).content;
  return {
    pools: Object.fromEntries(
      stored.holdings.map((h: any) => [h.security, { quantity: h.pool.quantity, cost: h.pool.cost }]),
    ),
    disposals: disposals.map((d: any) => ({
      date: d.date,
      security: d.security,
      quantity: d.quantity,
      proceeds: d.proceeds,
      allowableCost: d.allowableCost,
      gain: d.gain,
    })),
  };
}

/** A header's status once its job is done. */
async function settled(uuid: string, inProgress: string) {
  return until(`the header to leave ${inProgress}`, 60_000, async () => {
    const header = await get(`/admin/documents/headers/${uuid}`);
    return header.status === inProgress ? undefined : header;
  });
}

/** Creates the header, waits for its candidates, processes it and waits for RUN; answers the header and previews. */
async function processAction(body: Record<string, unknown>) {
  const created = await post('/admin/documents/headers', body, 201);
  const pending = await settled(created.uuid, 'CREATING_CANDIDATES');
  expect(pending.status, JSON.stringify(pending).slice(0, 600)).toBe('PENDING');
  expect(pending.counts).toMatchObject({ candidates: 1 });
  const previews = (await get(`/admin/documents/headers/${created.uuid}/previews?size=100`)).content;
  await post(`/admin/documents/headers/${created.uuid}/process`);
  const run = await settled(created.uuid, 'CREATING_TRANSACTIONS');
  expect(run.status).toBe('RUN');
  expect(run.counts).toMatchObject({ successes: 1, failures: 0 });
  return { uuid: created.uuid as string, previews };
}

async function reverse(uuid: string) {
  await post(`/admin/documents/headers/${uuid}/reverse`);
  expect((await settled(uuid, 'REVERSING')).status).toBe('REVERSED');
}

beforeAll(async () => {
  t = await startTestSystem({ password: 'Ca-figures-2026!' });
  for (const type of await get('/admin/documents/headers/types')) types[type.code] = type;
}, 240_000);

afterAll(async () => t?.stop());

const layerOf = async (securityId: number) => (await get(`/admin/documents/layers/${securityId}`))[0].uuid;

describe('issue 26: a processed corporate action changes pools and gains as HMRC’s rules say', () => {
  it('when a demerger is processed, then the parent’s cost is apportioned by market values (s130/s272), and reversing restores it', async () => {
    const parent = await newSecurity(t, 'BF1G01', 'Figures Parent plc');
    const demerged = await newSecurity(t, 'BF1G02', 'Figures Demerged plc');
    const holder = await newHolder('FIG-D');
    // Bought 600 at £4.00 + £23.00 = £2,423.00 and 400 at £4.50 + £17.00 = £1,817.00: 1,000 shares costing
    // £4,240.00. Then, after the demerger's date, 200 sold at £6.00 less £12.00 (posted before the action).
    await trade(holder.portfolio, parent.id, 'BUY', '2026-06-01', '600', '4.00', '23.00');
    await trade(holder.portfolio, parent.id, 'BUY', '2026-07-01', '400', '4.50', '17.00');
    await trade(holder.portfolio, parent.id, 'SELL', '2026-10-01', '200', '6.00', '12.00');

    // Before: the sale takes 200/1,000 of £4,240.00 = £848.00; gain £1,200.00 - £12.00 - £848.00 = £340.00;
    // 800 shares left costing £3,392.00.
    const before = await figures(holder.client);
    expect(before.pools).toEqual({ [parent.sedol]: { quantity: '800', cost: '3392.00' } });
    expect(before.disposals).toEqual([
      expect.objectContaining({ date: '2026-10-01', security: parent.sedol, proceeds: '1200.00', gain: '340.00' }),
    ]);

    // The demerger (method 2): 1 new share for every 4 held, the new shares £3.20 and the parent £5.60 on the first
    // day of dealing. Rate price 1 / 4 x £3.20 = £0.80 a parent share; apportionment factor £0.80 / (£5.60 +
    // £0.80) = 0.125. The holder's 1,000 shares: 250 new shares worth 250 x £3.20 = £800.00, the parent kept worth
    // 1,000 x £5.60 = £5,600.00.
    const { uuid, previews } = await processAction({
      typeUuid: types.DEMERGER_METHOD_2!.uuid,
      securityId: parent.id,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerUuid: await layerOf(parent.id),
      parentSecurityPrice: '5.60',
      lines: [
        {
          lineDefinitionUuid: types.DEMERGER_METHOD_2!.lineDefinitions[0]!.uuid,
          securityId: demerged.id,
          rate: '1',
          perParent: '4',
          price: '3.20',
        },
      ],
    });
    expect(previews).toEqual([
      expect.objectContaining({
        transactionType: 'DEMERGER',
        quantity: '250',
        newSecurityId: demerged.id,
        marketValue: '5600',
        apportionmentFactor: '0.125',
        tradeDate: '2026-09-15',
      }),
    ]);

    // After: an exempt demerger is a reorganisation (TCGA 1992 s192 into s126-130), the parent's cost apportioned by
    // market values on the first day of dealing (s129-130, s272): the new shares take £4,240.00 x £800.00 / (£800.00 + £5,600.00) = £530.00;
    // the parent keeps £4,240.00 - £530.00 = £3,710.00. The sale of 200 then takes 200/1,000 of £3,710.00 =
    // £742.00: gain £1,200.00 - £12.00 - £742.00 = £446.00; 800 parent shares left costing £2,968.00.
    const after = await figures(holder.client);
    expect(after.pools).toEqual({
      [parent.sedol]: { quantity: '800', cost: '2968.00' },
      [demerged.sedol]: { quantity: '250', cost: '530.00' },
    });
    expect(after.disposals).toEqual([
      expect.objectContaining({ date: '2026-10-01', security: parent.sedol, allowableCost: '754.00', gain: '446.00' }),
    ]);

    // A later disposal of the new shares: 100 sold at £3.50 less £10.00 take 100/250 of £530.00 = £212.00; gain
    // £350.00 - £10.00 - £212.00 = £128.00; 150 new shares left costing £318.00.
    const sale = await trade(holder.portfolio, demerged.id, 'SELL', '2026-10-02', '100', '3.50', '10.00');
    const sold = await figures(holder.client);
    expect(sold.pools[demerged.sedol]).toEqual({ quantity: '150', cost: '318.00' });
    expect(sold.disposals).toContainEqual(
      expect.objectContaining({
        date: '2026-10-02',
        security: demerged.sedol,
        allowableCost: '222.00',
        gain: '128.00',
      }),
    );

    // The sale of the new shares cancelled, then the header reversed: the figures from before it, exactly.
    await cancel(sale);
    await reverse(uuid);
    const restored = await figures(holder.client);
    expect(restored.pools).toEqual(before.pools);
    expect(restored.disposals).toEqual(before.disposals);
  });

  it('when a rights issue taken up is processed, then the cash paid joins the pool (s126-128), and reversing restores it', async () => {
    const security = await newSecurity(t, 'BF1G03', 'Figures Rights plc');
    const holder = await newHolder('FIG-R');
    // Bought 1,000 at £2.00 + £20.00 = £2,020.00; after the rights issue's date, 600 sold at £2.50 less £15.00.
    await trade(holder.portfolio, security.id, 'BUY', '2026-06-01', '1000', '2.00', '20.00');
    await trade(holder.portfolio, security.id, 'SELL', '2026-10-01', '600', '2.50', '15.00');

    // Before: the sale takes 600/1,000 of £2,020.00 = £1,212.00; gain £1,500.00 - £15.00 - £1,212.00 = £273.00;
    // 400 left costing £808.00.
    const before = await figures(holder.client);
    expect(before.pools).toEqual({ [security.sedol]: { quantity: '400', cost: '808.00' } });
    expect(before.disposals).toEqual([
      expect.objectContaining({ date: '2026-10-01', proceeds: '1500.00', allowableCost: '1227.00', gain: '273.00' }),
    ]);

    // 1 new share for every 5 held at £1.50: the holder's 1,000 take up 200 new shares for 200 x £1.50 = £300.00.
    const { uuid, previews } = await processAction({
      typeUuid: types.RIGHTS_TAKEN_UP!.uuid,
      securityId: security.id,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerUuid: await layerOf(security.id),
      lines: [
        {
          lineDefinitionUuid: types.RIGHTS_TAKEN_UP!.lineDefinitions[0]!.uuid,
          rate: '1',
          perParent: '5',
          price: '1.50',
        },
      ],
    });
    expect(previews).toEqual([
      expect.objectContaining({
        transactionType: 'RIGHTS_ISSUE',
        quantity: '200',
        price: '1.5',
        consideration: '300',
        tradeDate: '2026-09-15',
      }),
    ]);

    // After: a reorganisation, not an acquisition (s126-128): the new shares join the old ones' pool with the cash
    // paid added to its cost (s128(2)): 1,200 shares costing £2,020.00 + £300.00 = £2,320.00. The sale then takes
    // 600/1,200 of £2,320.00 = £1,160.00: gain £1,500.00 - £15.00 - £1,160.00 = £325.00; 600 left costing
    // £1,160.00.
    const after = await figures(holder.client);
    expect(after.pools).toEqual({ [security.sedol]: { quantity: '600', cost: '1160.00' } });
    expect(after.disposals).toEqual([
      expect.objectContaining({ date: '2026-10-01', allowableCost: '1175.00', gain: '325.00' }),
    ]);

    // A later disposal: the other 600 sold at £2.60 less £9.00 take the whole £1,160.00; gain £1,560.00 - £9.00 -
    // £1,160.00 = £391.00, and nothing is left.
    const sale = await trade(holder.portfolio, security.id, 'SELL', '2026-10-05', '600', '2.60', '9.00');
    const sold = await figures(holder.client);
    expect(sold.disposals).toContainEqual(
      expect.objectContaining({ date: '2026-10-05', allowableCost: '1169.00', gain: '391.00' }),
    );

    await cancel(sale);
    await reverse(uuid);
    const restored = await figures(holder.client);
    expect(restored.pools).toEqual(before.pools);
    expect(restored.disposals).toEqual(before.disposals);
  });
});

/** Cancels a posted row (the transactions grid's edit of its state), so a reversal leaves no sale of shares gone. */
async function cancel(row: Awaited<ReturnType<typeof trade>>) {
  const answer = await t.request(
    'PUT',
    '/api/customerAdmin/transactions',
    as('manager', {
      portfolioUuid: row.portfolioUuid,
      securityId: row.securityId,
      transactions: [{ ...row.transaction, state: 'CANCELLED' }],
    }),
  );
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
}
