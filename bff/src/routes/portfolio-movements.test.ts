// A portfolio movement through the BFF, against the whole system on a real PostgreSQL (issue 26, seed 001 §2-§7):
// a gift of half a holding from one client's portfolio to another client's, its candidate and previews, Create
// transactions, the tax engine's figures for both clients (worked by hand below), Reverse restoring them, the
// client and portfolio searches, the §5 rule on a movement's candidate edits, and another firm refused throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '@gains/decimal';
import { isinFromSedol, withSedolCheckDigit } from '../../../services/securities/src/domain/security-codes';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const ids = { giver: '', giverGia: '', receiver: '', receiverGia: '', gift: '', security: 0 };
const TRADE_DATE = '2026-10-05';

async function client(code: string, name: string) {
  const uuid = (
    await t.request(
      'POST',
      '/api/admin/clients',
      as('manager', { code, name, typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }),
    )
  ).body.uuid as string;
  const portfolio = (
    await t.request(
      'POST',
      '/api/admin/portfolios',
      as('manager', {
        code: `${code}-GIA`,
        name: `${name} GIA`,
        taxWrapper: 'GIA',
        owners: [{ clientUuid: uuid, percentage: '100' }],
      }),
    )
  ).body.uuid as string;
  return [uuid, portfolio] as const;
}

beforeAll(async () => {
  t = await startTestSystem();
  const types = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=PM', as('manager'))).body;
  ids.gift = types.find((x: { code: string }) => x.code === 'GIFT').uuid;
  [ids.giver, ids.giverGia] = await client('PMV-GIVER', 'Gifting Giver');
  [ids.receiver, ids.receiverGia] = await client('PMV-RECV', 'Gift Receiver');
  const issuer = (await t.request('POST', '/api/admin/securities/issuers', as('admin', { name: 'Movement Holdings' })))
    .body.value.uuid;
  const sedol = withSedolCheckDigit('BD0M01');
  ids.security = (
    await t.request(
      'POST',
      '/api/admin/securities',
      as('admin', {
        sedol,
        isin: isinFromSedol('GB', sedol),
        issuer,
        securityName: 'Movement Holdings plc',
        reportingName: 'Movement Holdings',
        currency: 'GBP',
        assetClass: 'EQUITY',
      }),
    )
  ).body.value.id as number;
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
      ]),
    ).toEqual([
      ['GIFT_OUT', ids.giverGia, '500', '2000', ''],
      ['TRANSFER_IN', ids.receiverGia, '500', '', '2000'],
    ]);

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
