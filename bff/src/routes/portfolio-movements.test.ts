// A portfolio movement through the BFF, against the whole system on a real PostgreSQL (issue 26, seed 001 §2-§7):
// a gift of half a holding from one client's portfolio to another client's, its candidate and previews, Create
// transactions, the tax engine's figures for both clients (worked by hand below), Reverse restoring them, the
// client and portfolio searches, the §5 rule on a movement's candidate edits, and another firm refused throughout.
// Then a transfer between one client's own portfolios: the in row names the in portfolio and carries the date the
// shares were first acquired, and Refresh re-reads the out portfolio at the trade date after the ledger changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '@gains/decimal';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';
import { buy, newClient, newSecurity } from './documents-fixtures';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const ids = { giver: '', giverGia: '', receiver: '', receiverGia: '', gift: '', security: 0 };
const TRADE_DATE = '2026-10-05';

async function client(code: string, name: string) {
  const made = await newClient(t, { persona: 'manager', org: ORG.ASHW }, code, name);
  return [made.uuid, made.portfolios[0]!] as const;
}

beforeAll(async () => {
  t = await startTestSystem();
  const types = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=PM', as('manager'))).body;
  ids.gift = types.find((x: { code: string }) => x.code === 'GIFT').uuid;
  [ids.giver, ids.giverGia] = await client('PMV-GIVER', 'Gifting Giver');
  [ids.receiver, ids.receiverGia] = await client('PMV-RECV', 'Gift Receiver');
  ids.security = (await newSecurity(t, 'BD0M01', 'Movement Holdings')).id;
  // the giver buys 1,000 shares at £3.00: a pool of 1,000 costing £3,000.00
  const bought = await t.request(
    'POST',
    '/api/customerAdmin/transactions',
    as('manager', {
      portfolioUuid: ids.giverGia,
      securityId: ids.security,
      transaction: {
        type: 'BUY',
        tradeDate: '2026-08-03',
        quantity: '1000',
        price: '3',
        expenses: '0',
        currency: 'GBP',
      },
    }),
  );
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  // the shares are worth £4.00 on the trade date
  const priced = await t.request(
    'PUT',
    `/api/admin/securities/${ids.security}/prices/${TRADE_DATE}`,
    as('admin', { price: '4.00' }),
  );
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  await until(async () => {
    const h = (await holdings(ids.giverGia, ids.giver)).find((x) => x.securityId === ids.security);
    return h?.price !== undefined && h.price !== null && h.cgtCost !== undefined && h.cgtCost !== null;
  }, 'the price and the pool reach the ledger');
}, 240_000);

afterAll(async () => t?.stop());

type Held = { securityId: number; quantity: string; cgtCost?: string | null; price?: string | null };
const holdings = async (portfolioUuid: string, clientUuid: string) =>
  (await t.request('POST', '/api/holdings/summary', as('manager', { portfolioUuid, clientUuid }))).body as Held[];
const held = async (portfolioUuid: string, clientUuid: string) =>
  (await holdings(portfolioUuid, clientUuid)).find((h) => h.securityId === ids.security);

async function until(check: () => Promise<boolean>, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** The header once its job is done (any status but the job's in-progress one). */
async function settled(uuid: string, inProgress: string) {
  let header: { status: string } & Record<string, unknown> = { status: inProgress };
  await until(async () => {
    header = (await t.request('GET', `/api/admin/documents/headers/${uuid}`, as('manager'))).body;
    return header.status !== inProgress;
  }, `the header leaves ${inProgress}`);
  return header;
}

describe('a gift between two clients', () => {
  it('finds the out holding, posts the gift at market value, and the engine’s figures follow; reversing restores them', async () => {
    // the searches a row of the add modal makes, within the caller's organisation
    const base = `/api/admin/documents/headers/types/${ids.gift}`;
    const found = (await t.request('GET', `${base}/out/clients?terms=PMV-GIV`, as('manager'))).body;
    expect(found).toEqual([{ uuid: ids.giver, code: 'PMV-GIVER', name: 'Gifting Giver' }]);
    expect((await t.request('GET', `${base}/out/clients?terms=`, as('manager'))).body).toEqual([]);
    const portfolios = (
      await t.request('GET', `${base}/in/portfolios?terms=gia&clientUuid=${ids.receiver}`, as('manager'))
    ).body;
    expect(portfolios).toEqual([expect.objectContaining({ uuid: ids.receiverGia, code: 'PMV-RECV-GIA' })]);
    expect((await t.request('GET', `${base}/out/clients?terms=PMV`, as('brook', undefined, ORG.ASHW))).status).toBe(
      403,
    );
    // Brookfield's own search never finds Ashworth's clients
    expect((await t.request('GET', `${base}/out/clients?terms=PMV`, as('brook', undefined, ORG.BRKF))).body).toEqual(
      [],
    );

    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        typeUuid: ids.gift,
        tradeDate: TRADE_DATE,
        outPortfolios: [{ clientUuid: ids.giver, portfolioUuid: ids.giverGia, transferPercentage: '50' }],
        inPortfolios: [{ clientUuid: ids.receiver, portfolioUuid: ids.receiverGia, transferPercentage: '100' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: expect.stringMatching(/^PM-\d{6}$/), documentTypeCode: 'PM' });
    const header = await settled(created.body.uuid, 'CREATING_CANDIDATES');
    expect(header.status).toBe('PENDING');

    // 1,000 held x 50 / 100 = 500 shares moved; 500 x £4.00 = £2,000.00 market value
    const candidates = (
      await t.request('GET', `/api/admin/documents/headers/${created.body.uuid}/candidates`, as('manager'))
    ).body.content;
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      clientCode: 'PMV-GIVER',
      portfolioCode: 'PMV-GIVER-GIA',
      securityId: ids.security,
      holdingQuantity: '1000',
      transferQuantity: '500',
      transferPercentage: '50',
      marketValuation: '2000',
      status: 'PENDING',
    });
    const previews = (
      await t.request('GET', `/api/admin/documents/headers/${created.body.uuid}/previews`, as('manager'))
    ).body.content;
    expect(
      previews.map((p: Record<string, unknown>) => [
        p.transactionType,
        p.portfolioUuid,
        p.quantity,
        p.marketValue,
        p.consideration,
        p.proceeds,
        p.expense,
      ]),
    ).toEqual([
      // the receiver's acquisition cost is an Expense (it receives no cash)
      ['GIFT_OUT', ids.giverGia, '500', '2000', '', '', ''],
      ['TRANSFER_IN', ids.receiverGia, '500', '', '2000', '', '2000'],
    ]);
    // a movement's rows follow its candidate: a preview edit is refused, naming where to edit
    expectError(
      await t.request(
        'POST',
        `/api/admin/documents/headers/${created.body.uuid}/previews/${previews[1].uuid}`,
        as('manager', { version: previews[1].version, expense: '1900.00' }),
      ),
      412,
      "A portfolio movement's rows follow its candidate: edit the candidate's Transfer Quantity or Transfer Percentage",
      'previewId',
    );

    // seed 001 §5: a movement's Holding Quantity and CGT Cost are not editable
    const candidateUrl = `/api/admin/documents/headers/${created.body.uuid}/candidates/${candidates[0].uuid}`;
    expectError(
      await t.request('POST', candidateUrl, as('manager', { version: candidates[0].version, holdingQuantity: '900' })),
      400,
      'Holding Quantity is not editable for a portfolio movement',
      'holdingQuantity',
    );
    expect(
      (await t.request('POST', candidateUrl, as('brook', { version: candidates[0].version }, ORG.BRKF))).status,
    ).toBe(404);

    // another firm's member can neither read nor process it
    expect(
      (await t.request('GET', `/api/admin/documents/headers/${created.body.uuid}`, as('brook', undefined, ORG.BRKF)))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request(
          'POST',
          `/api/admin/documents/headers/${created.body.uuid}/process`,
          as('brook', undefined, ORG.BRKF),
        )
      ).status,
    ).toBe(404);

    const processing = await t.request(
      'POST',
      `/api/admin/documents/headers/${created.body.uuid}/process`,
      as('manager'),
    );
    expect(processing.status, JSON.stringify(processing.body)).toBe(200);
    const run = await settled(created.body.uuid, 'CREATING_TRANSACTIONS');
    expect(run.status).toBe('RUN');

    // The giver disposes of 500 shares at market value (s17): proceeds £2,000.00 less the pool's cost of them,
    // £3,000.00 x 500 / 1,000 = £1,500.00: a gain of £500.00; 500 shares stay, costing £1,500.00.
    // The receiver acquires 500 shares at that market value: a pool of 500 costing £2,000.00.
    let gain = '';
    await until(async () => {
      const rows = (
        await t.request(
          'GET',
          `/api/customerAdmin/transactions?portfolioUuid=${ids.giverGia}&securityId=${ids.security}`,
          as('manager'),
        )
      ).body as { transactionType?: { type: string }; capitalGainLoss?: string | null }[];
      const gift = rows.find((r) => r.transactionType?.type === 'GIFT_OUT');
      const received = await held(ids.receiverGia, ids.receiver);
      gain = gift?.capitalGainLoss ?? '';
      return gain !== '' && received?.cgtCost !== undefined && received.cgtCost !== null;
    }, 'the engine computes the gift');
    expect(compareDecimal(gain, '500'), `the giver's gain, ${gain}`).toBe(0);
    const giverAfter = await held(ids.giverGia, ids.giver);
    expect(compareDecimal(giverAfter!.quantity, '500')).toBe(0);
    await until(
      async () => compareDecimal((await held(ids.giverGia, ids.giver))?.cgtCost ?? '0', '1500') === 0,
      'the giver’s pool is £1,500.00',
    );
    const receiverAfter = await held(ids.receiverGia, ids.receiver);
    expect(compareDecimal(receiverAfter!.quantity, '500')).toBe(0);
    expect(compareDecimal(receiverAfter!.cgtCost!, '2000'), `the receiver's cost, ${receiverAfter!.cgtCost}`).toBe(0);

    // Reverse: the gift's rows leave the ledger; the giver holds 1,000 costing £3,000.00 again, the receiver none
    const reversing = await t.request(
      'POST',
      `/api/admin/documents/headers/${created.body.uuid}/reverse`,
      as('manager'),
    );
    expect(reversing.status, JSON.stringify(reversing.body)).toBe(200);
    expect((await settled(created.body.uuid, 'REVERSING')).status).toBe('REVERSED');
    await until(async () => {
      const giver = await held(ids.giverGia, ids.giver);
      return (
        compareDecimal(giver?.quantity ?? '0', '1000') === 0 && compareDecimal(giver?.cgtCost ?? '0', '3000') === 0
      );
    }, 'the giver’s pool is 1,000 shares costing £3,000.00 again');
    expect(compareDecimal((await held(ids.receiverGia, ids.receiver))?.quantity ?? '0', '0')).toBe(0);
  });
});

describe('a transfer between one client’s own portfolios, refreshed after the ledger changed', () => {
  it('names the portfolio each row posts to, carries the first acquisition date, and Refresh marks what changed', async () => {
    const who = { persona: 'manager' as const, org: ORG.ASHW };
    const own = await newClient(t, who, 'PMV-OWN', 'Own Mover', ['PMV-OWN-A', 'PMV-OWN-B']);
    const [a, b] = own.portfolios as [string, string];
    const keptSecurity = await newSecurity(t, 'BD0M02', 'Kept Holdings');
    const kept = keptSecurity.id;
    const sold = (await newSecurity(t, 'BD0M03', 'Sold Holdings')).id;
    const later = (await newSecurity(t, 'BD0M04', 'Later Holdings')).id;
    // A holds 600 Kept bought at £2.50 (cost £1,500.00) and 100 Sold at £1.00 (cost £100.00), both on 2026-07-01
    expect(await buy(t, who, a, kept, { quantity: '600', price: '2.5', tradeDate: '2026-07-01' })).toBe(201);
    expect(await buy(t, who, a, sold, { quantity: '100', price: '1', tradeDate: '2026-07-01' })).toBe(201);
    const costOf = async (portfolio: string, security: number) =>
      (await holdings(portfolio, own.uuid)).find((h) => h.securityId === security)?.cgtCost ?? null;
    await until(async () => (await costOf(a, kept)) !== null && (await costOf(a, sold)) !== null, 'A’s pools');

    const type = (
      await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=PM', as('manager'))
    ).body.find((x: { code: string }) => x.code === 'TRANSFER').uuid;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        typeUuid: type,
        tradeDate: TRADE_DATE,
        outPortfolios: [{ clientUuid: own.uuid, portfolioUuid: a, transferPercentage: '50' }],
        inPortfolios: [{ clientUuid: own.uuid, portfolioUuid: b, transferPercentage: '100' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = `/api/admin/documents/headers/${created.body.uuid}`;
    expect((await settled(created.body.uuid, 'CREATING_CANDIDATES')).status).toBe('PENDING');

    type Row = Record<string, string>;
    const previews = async () =>
      (await t.request('GET', `${url}/previews?size=25`, as('manager'))).body.content as Row[];
    const candidates = async () =>
      (await t.request('GET', `${url}/candidates?size=25`, as('manager'))).body.content as Row[];
    const show = (rows: Row[]) =>
      rows.map((p) => [
        p.transactionType,
        p.securityId,
        p.portfolioCode,
        p.clientCode,
        p.quantity,
        p.consideration,
        p.sidRolloverDate,
        p.status,
      ]);
    // Kept: 600 x 50 / 100 = 300 moved, with £1,500.00 x 300 / 600 = £750.00 of the pool's cost
    // Sold: 100 x 50 / 100 = 50 moved, with £100.00 x 50 / 100 = £50.00
    // The out row posts to A, the in row to B (both the client's); the in row's original acquisition date is the
    // day A first bought the shares, 2026-07-01, not the trade date
    const before = show(await previews());
    expect(before).toEqual(
      expect.arrayContaining([
        ['TRANSFER_OUT', kept, 'PMV-OWN-A', 'PMV-OWN', '300', '', '', 'PENDING'],
        ['TRANSFER_IN', kept, 'PMV-OWN-B', 'PMV-OWN', '300', '750', '2026-07-01', 'PENDING'],
        ['TRANSFER_OUT', sold, 'PMV-OWN-A', 'PMV-OWN', '50', '', '', 'PENDING'],
        ['TRANSFER_IN', sold, 'PMV-OWN-B', 'PMV-OWN', '50', '50', '2026-07-01', 'PENDING'],
      ]),
    );
    expect(before).toHaveLength(4);
    // a movement has no header security: each row names its own
    const keptRows = (await previews()).filter((p) => Number(p.securityId) === kept);
    expect(keptRows.map((p) => [p.sedol, p.isin])).toEqual([
      [keptSecurity.sedol, expect.stringMatching(/^GB/)],
      [keptSecurity.sedol, expect.stringMatching(/^GB/)],
    ]);
    const proposed = (await t.request('GET', `${url}/preview-transactions?size=25`, as('manager'))).body.content;
    expect(proposed.filter((p: Row) => p.transactionType === 'TRANSFER_IN').map((p: Row) => p.portfolioCode)).toEqual([
      'PMV-OWN-B',
      'PMV-OWN-B',
    ]);

    // nothing changed: Refresh leaves every candidate as it was and the header PENDING
    expect((await t.request('POST', `${url}/refresh`, as('manager'))).status).toBe(200);
    expect((await settled(created.body.uuid, 'REFRESHING')).status).toBe('PENDING');
    expect((await candidates()).map((c) => c.status)).toEqual(['PENDING', 'PENDING']);
    // another firm cannot refresh it
    expect((await t.request('POST', `${url}/refresh`, as('brook', undefined, ORG.BRKF))).status).toBe(404);

    // the ledger changes before the trade date: 200 more Kept at £3.00 (holding 800, cost £1,500.00 + £600.00 =
    // £2,100.00), all of Sold sold, 40 Later bought at £5.00 (cost £200.00)
    expect(await buy(t, who, a, kept, { quantity: '200', price: '3', tradeDate: '2026-09-01' })).toBe(201);
    const sale = await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', {
        portfolioUuid: a,
        securityId: sold,
        transaction: {
          type: 'SELL',
          tradeDate: '2026-09-01',
          quantity: '100',
          price: '1.2',
          expenses: '0',
          currency: 'GBP',
        },
      }),
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(await buy(t, who, a, later, { quantity: '40', price: '5', tradeDate: '2026-09-02' })).toBe(201);
    await until(
      async () => compareDecimal((await costOf(a, kept)) ?? '0', '2100') === 0 && (await costOf(a, later)) !== null,
      'A’s pools take the new rows',
    );

    expect((await t.request('POST', `${url}/refresh`, as('manager'))).status).toBe(200);
    expect((await settled(created.body.uuid, 'REFRESHING')).status).toBe('EDIT');
    const after = await candidates();
    const of = (security: number) => after.find((c) => Number(c.securityId) === security)!;
    // Kept: 800 x 50 / 100 = 400 moved; Sold: gone; Later: new, 40 x 50 / 100 = 20 moved
    expect(of(kept)).toMatchObject({
      status: 'PENDING_DIFF',
      holdingQuantity: '800',
      transferQuantity: '400',
      failureReason: 'The ledger now holds 800 at the trade date; the candidate had 600',
    });
    expect(of(sold)).toMatchObject({
      status: 'PENDING_DIFF',
      holdingQuantity: '0',
      failureReason: 'The ledger no longer shows this holding at the trade date; the candidate had 100',
    });
    expect(of(later)).toMatchObject({ status: 'PENDING_DIFF', holdingQuantity: '40', transferQuantity: '20' });
    // previews made again, left out until included: Kept £2,100.00 x 400 / 800 = £1,050.00; Later £200.00 x 20 /
    // 40 = £100.00, first acquired 2026-09-02; Sold proposes nothing
    const refreshed = show(await previews());
    expect(refreshed).toEqual(
      expect.arrayContaining([
        ['TRANSFER_OUT', kept, 'PMV-OWN-A', 'PMV-OWN', '400', '', '', 'EXCLUDED'],
        ['TRANSFER_IN', kept, 'PMV-OWN-B', 'PMV-OWN', '400', '1050', '2026-07-01', 'EXCLUDED'],
        ['TRANSFER_OUT', later, 'PMV-OWN-A', 'PMV-OWN', '20', '', '', 'EXCLUDED'],
        ['TRANSFER_IN', later, 'PMV-OWN-B', 'PMV-OWN', '20', '100', '2026-09-02', 'EXCLUDED'],
      ]),
    );
    expect(refreshed).toHaveLength(4);

    // include Kept and post it: A keeps 400 costing £2,100.00 - £1,050.00 = £1,050.00; B receives 400 at £1,050.00;
    // the in row reaches the ledger with its original acquisition date
    const include = await t.request('POST', `${url}/candidates/${of(kept).uuid}/include`, as('manager'));
    expect(include.status, JSON.stringify(include.body)).toBe(200);
    expect((await t.request('POST', `${url}/process`, as('manager'))).status).toBe(200);
    expect((await settled(created.body.uuid, 'CREATING_TRANSACTIONS')).status).toBe('RUN');
    await until(
      async () =>
        compareDecimal((await costOf(a, kept)) ?? '0', '1050') === 0 &&
        compareDecimal((await costOf(b, kept)) ?? '0', '1050') === 0,
      'A and B each hold 400 Kept costing £1,050.00',
    );
    const inB = (
      await t.request('GET', `/api/customerAdmin/transactions?portfolioUuid=${b}&securityId=${kept}`, as('manager'))
    ).body as { transactionType?: { type: string }; originalAcquisitionDate?: string; quantity: string }[];
    expect(inB.map((r) => [r.transactionType?.type, r.quantity, r.originalAcquisitionDate])).toEqual([
      ['TRANSFER_IN', '400', '2026-07-01'],
    ]);
  }, 240_000);
});

describe('a gift that could not move until the security was priced', () => {
  it('when the price reaches the ledger, then Refresh proposes the gift at market value, left out until included', async () => {
    const who = { persona: 'manager' as const, org: ORG.ASHW };
    const giver = await newClient(t, who, 'PMV-G2', 'Second Giver');
    const receiver = await newClient(t, who, 'PMV-R2', 'Second Receiver');
    const unpriced = (await newSecurity(t, 'BD0M05', 'Unpriced Holdings')).id;
    // 200 bought at £1.00; the security has no price yet
    expect(
      await buy(t, who, giver.portfolios[0]!, unpriced, { quantity: '200', price: '1', tradeDate: '2026-08-03' }),
    ).toBe(201);
    const gift = (
      await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=PM', as('manager'))
    ).body.find((x: { code: string }) => x.code === 'GIFT').uuid;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        typeUuid: gift,
        tradeDate: TRADE_DATE,
        outPortfolios: [{ clientUuid: giver.uuid, portfolioUuid: giver.portfolios[0], transferPercentage: '100' }],
        inPortfolios: [{ clientUuid: receiver.uuid, portfolioUuid: receiver.portfolios[0], transferPercentage: '100' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = `/api/admin/documents/headers/${created.body.uuid}`;
    await settled(created.body.uuid, 'CREATING_CANDIDATES');
    const candidate = async () => (await t.request('GET', `${url}/candidates`, as('manager'))).body.content[0];
    expect(await candidate()).toMatchObject({
      status: 'EXCLUDED',
      failureReason: 'The security has no price: a gift is made at market value',
    });

    // priced at £1.50: all 200 given at 200 x £1.50 = £300.00
    const priced = await t.request(
      'PUT',
      `/api/admin/securities/${unpriced}/prices/${TRADE_DATE}`,
      as('admin', { price: '1.50' }),
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    await until(async () => {
      const h = (await holdings(giver.portfolios[0]!, giver.uuid)).find((x) => x.securityId === unpriced);
      return Boolean(h?.price);
    }, 'the new price reaches the holding');

    expect((await t.request('POST', `${url}/refresh`, as('manager'))).status).toBe(200);
    expect((await settled(created.body.uuid, 'REFRESHING')).status).toBe('EDIT');
    expect(await candidate()).toMatchObject({
      status: 'PENDING_DIFF',
      transferQuantity: '200',
      marketValuation: '300',
      failureReason: 'The holding can move now: the ledger has the figures it lacked at the trade date',
    });
    const previews = (await t.request('GET', `${url}/previews`, as('manager'))).body.content;
    expect(
      previews.map((p: Record<string, string>) => [
        p.transactionType,
        p.portfolioCode,
        p.clientCode,
        p.quantity,
        p.marketValue,
        p.consideration,
        p.status,
      ]),
    ).toEqual([
      ['GIFT_OUT', 'PMV-G2-GIA', 'PMV-G2', '200', '300', '', 'EXCLUDED'],
      ['TRANSFER_IN', 'PMV-R2-GIA', 'PMV-R2', '200', '', '300', 'EXCLUDED'],
    ]);
  }, 120_000);
});
