// Corporate action and portfolio movement headers through the BFF, against the whole system on a real PostgreSQL
// (issue 26, seed 001 §2-§7): the system types, a header created, read, searched and edited, the rules of §5 each
// naming its field, the version guarding an edit, and another firm's member or a non-admin refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal, sumDecimals } from '@gains/decimal';
import { buy, cashDividendHeader, newClient, newSecurity, settledHeader, until } from './documents-fixtures';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const types: Record<string, { uuid: string; lineDefinitions: { uuid: string; ord: number }[] }> = {};
let layer = '';
const ids = { client: '', gia: '', second: '' };

beforeAll(async () => {
  t = await startTestSystem();
  for (const type of (await t.request('GET', '/api/admin/documents/headers/types', as('manager'))).body)
    types[type.code] = type;
  layer = (await t.request('GET', '/api/admin/documents/layers/1', as('manager'))).body[0].uuid;
  ids.client = (
    await t.request(
      'POST',
      '/api/admin/clients',
      as('manager', { code: 'DOC-1', name: 'Document Client', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }),
    )
  ).body.uuid;
  for (const [key, code] of [
    ['gia', 'DOC-1-A'],
    ['second', 'DOC-1-B'],
  ] as const)
    ids[key] = (
      await t.request(
        'POST',
        '/api/admin/portfolios',
        as('manager', {
          code,
          name: code,
          taxWrapper: 'GIA',
          owners: [{ clientUuid: ids.client, percentage: '100' }],
        }),
      )
    ).body.uuid;
}, 240_000);

afterAll(async () => t?.stop());

const settled = (uuid: string, inProgress = 'CREATING_CANDIDATES') => settledHeader(t, uuid, inProgress);

const dividend = (more: Record<string, unknown> = {}) => ({
  typeUuid: types.CASH_DIVIDEND!.uuid,
  securityId: 1,
  exDate: '2026-09-01',
  payDate: '2026-09-15',
  layerUuid: layer,
  lines: [{ lineDefinitionUuid: types.CASH_DIVIDEND!.lineDefinitions[0]!.uuid, rate: '0.1234' }],
  ...more,
});

describe('document types and layers', () => {
  it('lists the system types of each kind, every line definition with them, and the main layer', async () => {
    const ca = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=CA', as('manager'))).body;
    const pm = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=PM', as('manager'))).body;
    expect(ca).toHaveLength(19);
    expect(pm.map((p: { code: string }) => p.code).sort()).toEqual(['GIFT', 'SPOUSE_TRANSFER', 'TRANSFER']);
    expect(types.DEMERGER).toMatchObject({ apportionmentFactorMethodId: 1, parentSecurityPriceMandatory: true });
    const layers = (await t.request('GET', '/api/admin/documents/layers/1', as('manager'))).body;
    expect(layers).toEqual([{ uuid: layer, name: 'Main event' }]);
  });
});

describe('corporate action headers', () => {
  it('creates a header finding its candidates, with the security, the layer and each line’s rate price', async () => {
    const created = await t.request('POST', '/api/admin/documents/headers', as('manager', dividend()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      code: expect.stringMatching(/^CA-\d{6}$/),
      status: expect.stringMatching(/^(CREATING_CANDIDATES|PENDING|NO_CANDIDATES_FOUND)$/),
      typeCode: 'CASH_DIVIDEND',
      documentTypeCode: 'CA',
      securityId: 1,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerName: 'Main event',
      version: 1,
      orgName: expect.stringContaining('Ashworth'),
    });
    // rate / perParent x price: 0.1234 / 1 x (no price) = 0
    expect(created.body.lines).toEqual([
      expect.objectContaining({
        rate: '0.1234',
        perParent: '1',
        transactionTypeName: 'DIVIDEND',
        calculatedRatePrice: '0',
      }),
    ]);
    const read = await t.request('GET', `/api/admin/documents/headers/${created.body.uuid}`, as('manager'));
    expect(read.body).toMatchObject({ uuid: created.body.uuid, code: created.body.code });
    const found = await t.request(
      'GET',
      '/api/admin/documents/headers/search?documentTypeCode=CA&searchDateType=PAY_DATE&from=2026-09-15&to=2026-09-15',
      as('manager'),
    );
    expect(found.body.content.map((h: { uuid: string }) => h.uuid)).toContain(created.body.uuid);
    const outside = await t.request(
      'GET',
      '/api/admin/documents/headers/search?documentTypeCode=CA&searchDateType=PAY_DATE&from=2026-09-16&to=2026-12-31',
      as('manager'),
    );
    expect(outside.body.content.map((h: { uuid: string }) => h.uuid)).not.toContain(created.body.uuid);
  });

  it('works out a demerger’s apportionment factor (method 1) from the rate prices', async () => {
    // the parent at £6.00; 1 new share (security 2, £8.00) for every 4 held: £2.00 a parent share
    const line = types.DEMERGER!.lineDefinitions[0]!.uuid;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        ...dividend(),
        typeUuid: types.DEMERGER!.uuid,
        parentSecurityPrice: '6.00',
        lines: [{ lineDefinitionUuid: line, securityId: 2, rate: '1', perParent: '4', price: '8.00' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // method 1 over the apportioned lines alone: 2 / 2 = 1 (the retained share is the parent's price, not a line)
    expect(created.body.lines[0]).toMatchObject({ securityId: 2, calculatedRatePrice: '2', apportionmentFactor: '1' });
  });

  it('refuses each rule of seed 001 §5 naming its field, and stores nothing', async () => {
    const before = (
      await t.request('GET', '/api/admin/documents/headers/search?documentTypeCode=CA&size=100', as('manager'))
    ).body.totalSize;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ exDate: '' }, 'exDate', 'Ex Date is required'],
      [{ payDate: '' }, 'payDate', 'Pay Date is required'],
      [{ layerUuid: '' }, 'layerUuid', 'Layer is required'],
      [{ payDate: '2026-08-01' }, 'payDate', 'Pay Date must not be before Ex Date'],
      [{ securityId: 0 }, 'securityId', 'Security is required'],
      [{ lines: [] }, 'lines', 'Dividend per share, GBP: this line is required'],
      [
        { lines: [{ lineDefinitionUuid: types.CASH_DIVIDEND!.lineDefinitions[0]!.uuid, rate: '-1' }] },
        'lines[0].rate',
        'Rate must be more than 0',
      ],
      [
        { typeUuid: types.DEMERGER!.uuid, lines: [], parentSecurityPrice: '' },
        'parentSecurityPrice',
        'Parent Security Price is required',
      ],
      [{ exDate: '2026-02-30' }, 'exDate', 'Ex Date must be a date as YYYY-MM-DD'],
    ];
    for (const [change, field, message] of cases)
      expectError(
        await t.request('POST', '/api/admin/documents/headers', as('manager', dividend(change))),
        400,
        message,
        field,
      );
    const after = (
      await t.request('GET', '/api/admin/documents/headers/search?documentTypeCode=CA&size=100', as('manager'))
    ).body.totalSize;
    expect(after).toBe(before);
  });

  it('edits with the version read; a stale version is 409 and changes nothing', async () => {
    const created = await settled(
      (await t.request('POST', '/api/admin/documents/headers', as('manager', dividend()))).body.uuid,
    );
    const edited = await t.request(
      'PUT',
      '/api/admin/documents/headers',
      as('manager', { ...dividend({ payDate: '2026-09-30' }), uuid: created.uuid, version: created.version }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ payDate: '2026-09-30', version: 2, edited: true });
    await settled(created.uuid);
    expectError(
      await t.request(
        'PUT',
        '/api/admin/documents/headers',
        as('manager', { ...dividend({ payDate: '2026-10-30' }), uuid: created.uuid, version: created.version }),
      ),
      409,
      'The header changed since it was read: reload it and make the change again',
      'version',
    );
    const read = await t.request('GET', `/api/admin/documents/headers/${created.uuid}`, as('manager'));
    expect(read.body.payDate).toBe('2026-09-30');
  });

  it('another firm’s member is refused, and cannot see the header from their own firm; a non-admin is refused', async () => {
    const created = (await t.request('POST', '/api/admin/documents/headers', as('manager', dividend()))).body;
    expect((await t.request('GET', `/api/admin/documents/headers/${created.uuid}`, as('brook'))).status).toBe(403);
    expect(
      (await t.request('GET', `/api/admin/documents/headers/${created.uuid}`, as('brook', undefined, ORG.BRKF))).status,
    ).toBe(404);
    const theirs = await t.request(
      'GET',
      '/api/admin/documents/headers/search?documentTypeCode=CA&size=100',
      as('brook', undefined, ORG.BRKF),
    );
    expect(theirs.body.content.map((h: { uuid: string }) => h.uuid)).not.toContain(created.uuid);
    expect(
      (
        await t.request(
          'PUT',
          '/api/admin/documents/headers',
          as('brook', { ...dividend(), uuid: created.uuid, version: 1 }, ORG.BRKF),
        )
      ).status,
    ).toBe(404);
    expect((await t.request('GET', `/api/admin/documents/headers/${created.uuid}`, as('adviser'))).status).toBe(403);
  });
});

describe('deleting a header', () => {
  it('deletes a PENDING header’s candidates and keeps the header DELETED', async () => {
    // the client's second portfolio holds security 3, so a dividend on it has a holder
    const bought = await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', {
        portfolioUuid: ids.second,
        securityId: 3,
        transaction: {
          type: 'BUY',
          tradeDate: '2026-08-03',
          quantity: '10',
          price: '1',
          expenses: '0',
          currency: 'GBP',
        },
      }),
    );
    expect(bought.status).toBe(201);
    const layer3 = (await t.request('GET', '/api/admin/documents/layers/3', as('manager'))).body[0].uuid;
    const created = (
      await t.request(
        'POST',
        '/api/admin/documents/headers',
        as('manager', dividend({ securityId: 3, layerUuid: layer3 })),
      )
    ).body;
    const ready = await settled(created.uuid);
    expect(ready.status).toBe('PENDING');
    expect(ready.counts.candidates).toBeGreaterThan(0);
    const deleting = await t.request('POST', `/api/admin/documents/headers/${created.uuid}/delete`, as('manager'));
    expect(deleting.status, JSON.stringify(deleting.body)).toBe(200);
    const deleted = await settled(created.uuid, 'DELETING');
    expect(deleted.status).toBe('DELETED');
    expect(deleted.counts.candidates).toBe(0);
  });
});

describe('portfolio movement headers', () => {
  it('creates a transfer between a client’s own portfolios, naming each portfolio; refuses the rules of §5', async () => {
    const movement = (more: Record<string, unknown> = {}) => ({
      typeUuid: types.TRANSFER!.uuid,
      tradeDate: '2026-10-01',
      outPortfolios: [{ clientUuid: ids.client, portfolioUuid: ids.gia, transferPercentage: '50' }],
      inPortfolios: [{ clientUuid: ids.client, portfolioUuid: ids.second, transferPercentage: '100' }],
      ...more,
    });
    const created = await t.request('POST', '/api/admin/documents/headers', as('manager', movement()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: expect.stringMatching(/^PM-\d{6}$/), tradeDate: '2026-10-01' });
    expect(created.body.outPortfolios).toEqual([
      expect.objectContaining({ portfolioCode: 'DOC-1-A', clientCode: 'DOC-1', transferPercentage: '50' }),
    ]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tradeDate: '' }, 'tradeDate', 'Trade Date is required'],
      [
        { outPortfolios: [{ clientUuid: ids.client, portfolioUuid: '', transferPercentage: '50' }] },
        'outPortfolios[0].portfolioUuid',
        'Portfolio is required',
      ],
      [
        { inPortfolios: [{ clientUuid: ids.client, portfolioUuid: ids.second, transferPercentage: '' }] },
        'inPortfolios[0].transferPercentage',
        'Transfer percentage is required',
      ],
      [
        { inPortfolios: [{ clientUuid: ids.client, portfolioUuid: ids.second, transferPercentage: '60' }] },
        'inPortfolios',
        'In: the transfer percentages must add up to 100',
      ],
    ];
    for (const [change, field, message] of cases)
      expectError(
        await t.request('POST', '/api/admin/documents/headers', as('manager', movement(change))),
        400,
        message,
        field,
      );
  });
});

describe('a corporate action’s candidates and previews', () => {
  it('finds the holders at the ex-date and proposes each one’s takeover row, to the penny', async () => {
    // A security of its own, held by the two Ashworth portfolios (and one of Brookfield's, never Ashworth's holder)
    const target = (await newSecurity(t, 'BD0C01', 'Takeover Target')).id;
    const buy = (portfolioUuid: string, quantity: string, org = ORG.ASHW, persona: Persona = 'manager') =>
      t.request(
        'POST',
        '/api/customerAdmin/transactions',
        as(
          persona,
          {
            portfolioUuid,
            securityId: target,
            transaction: { type: 'BUY', tradeDate: '2026-08-03', quantity, price: '3', expenses: '0', currency: 'GBP' },
          },
          org,
        ),
      );
    expect((await buy(ids.gia, '1000')).status).toBe(201);
    expect((await buy(ids.second, '1003')).status).toBe(201);
    const brookClient = (
      await t.request(
        'POST',
        '/api/admin/clients',
        as('brook', { code: 'DOC-B', name: 'Brook Holder', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }, ORG.BRKF),
      )
    ).body.uuid;
    const brookPortfolio = (
      await t.request(
        'POST',
        '/api/admin/portfolios',
        as(
          'brook',
          {
            code: 'DOC-B-1',
            name: 'Brook',
            taxWrapper: 'GIA',
            owners: [{ clientUuid: brookClient, percentage: '100' }],
          },
          ORG.BRKF,
        ),
      )
    ).body.uuid;
    expect((await buy(brookPortfolio, '777', ORG.BRKF, 'brook')).status).toBe(201);
    // priced £3.10 on 28/08, £3.40 on the ex-date and £3.60 after it: the holders are valued at £3.10, the last
    // price before the ex-date (held at the end of 31/08), not at today's £3.60
    for (const [day, price] of [
      ['2026-08-28', '3.10'],
      ['2026-09-01', '3.40'],
      ['2026-09-05', '3.60'],
    ] as const) {
      const priced = await t.request('PUT', `/api/admin/securities/${target}/prices/${day}`, as('admin', { price }));
      expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    }
    const layerOf = (await t.request('GET', `/api/admin/documents/layers/${target}`, as('manager'))).body[0].uuid;

    // 1 new share of security 2 (worth £4.00) for every 2 held, and £1.50 a share in cash
    const [shares, cash] = types.TAKEOVER_SHARES_AND_CASH!.lineDefinitions;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        typeUuid: types.TAKEOVER_SHARES_AND_CASH!.uuid,
        securityId: target,
        exDate: '2026-09-01',
        payDate: '2026-09-15',
        layerUuid: layerOf,
        lines: [
          { lineDefinitionUuid: shares!.uuid, securityId: 2, rate: '1', perParent: '2', price: '4.00' },
          { lineDefinitionUuid: cash!.uuid, rate: '1.50' },
        ],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(['CREATING_CANDIDATES', 'PENDING']).toContain(created.body.status);
    const header = await settled(created.body.uuid);
    expect(header.status).toBe('PENDING');
    expect(header.counts).toMatchObject({ candidates: 2 });

    const candidates = (
      await t.request('GET', `/api/admin/documents/headers/${header.uuid}/candidates?size=100`, as('manager'))
    ).body;
    expect(candidates.totalSize).toBe(2);
    expect(
      candidates.content.map((c: Record<string, string>) => [
        c.portfolioCode,
        c.clientCode,
        c.holdingQuantity,
        c.price,
        c.marketValuation,
        c.status,
      ]),
    ).toEqual([
      // 1,000 x 3.10 = 3,100.00; 1,003 x 3.10 = 3,109.30
      ['DOC-1-A', 'DOC-1', '1000', '3.1', '3100', 'PENDING'],
      ['DOC-1-B', 'DOC-1', '1003', '3.1', '3109.3', 'PENDING'],
    ]);
    // 1,000: 500 new shares (£2,000.00) and £1,500.00; 1,003: 501 new shares (501.5 down), £2,004.00, £1,504.50
    const previews = (
      await t.request('GET', `/api/admin/documents/headers/${header.uuid}/previews?size=100`, as('manager'))
    ).body;
    expect(
      previews.content.map((p: Record<string, unknown>) => [
        p.portfolioCode,
        p.transactionType,
        p.quantity,
        p.newSecurityId,
        p.consideration,
        p.marketValue,
        p.tradeDate,
      ]),
    ).toEqual([
      ['DOC-1-A', 'TAKEOVER', '500', 2, '1500', '2000', '2026-09-15'],
      ['DOC-1-B', 'TAKEOVER', '501', 2, '1504.5', '2004', '2026-09-15'],
    ]);

    // Unticking a candidate excludes it and ticking includes it again; an edit of its holding remakes its row:
    // 998 held: 499 new shares (£1,996.00) and £1,497.00
    const [candA, candB] = candidates.content as { uuid: string; version: number }[];
    const candidateCall = (uuid: string, what: string, body?: unknown) =>
      t.request('POST', `/api/admin/documents/headers/${header.uuid}/candidates/${uuid}${what}`, as('manager', body));
    expect((await candidateCall(candB!.uuid, '/exclude')).status).toBe(200);
    expectError(
      await candidateCall(candB!.uuid, '/exclude'),
      412,
      'Only a PENDING or EDIT candidate can be excluded; it is EXCLUDED',
      'candidateId',
    );
    expect((await t.request('GET', `/api/admin/documents/headers/${header.uuid}`, as('manager'))).body.status).toBe(
      'EDIT',
    );
    expect((await candidateCall(candB!.uuid, '/include')).status).toBe(200);
    expect((await candidateCall(candA!.uuid, '', { version: candA!.version, holdingQuantity: '998' })).status).toBe(
      200,
    );
    expectError(
      await candidateCall(candA!.uuid, '', { version: candA!.version, holdingQuantity: '997' }),
      409,
      'The candidate changed since it was read: reload it and edit it again',
      'version',
    );
    expectError(
      await candidateCall(candA!.uuid, '', { version: candA!.version + 1, holdingQuantity: '-1' }),
      400,
      'Holding Quantity must not be negative',
      'holdingQuantity',
    );
    const edited = (
      await t.request('GET', `/api/admin/documents/headers/${header.uuid}/previews?size=100`, as('manager'))
    ).body.content.find((p: { portfolioCode: string }) => p.portfolioCode === 'DOC-1-A');
    expect(edited).toMatchObject({ quantity: '499', consideration: '1497', marketValue: '1996', edited: true });

    // Create transactions: each holder's TAKEOVER row goes to the ledger, and the new shares are held
    expectError(
      await t.request('POST', `/api/admin/documents/headers/${header.uuid}/process`, as('brook', undefined, ORG.BRKF)),
      404,
      'The header was not found',
      'id',
    );
    const processing = await t.request('POST', `/api/admin/documents/headers/${header.uuid}/process`, as('manager'));
    expect(processing.status, JSON.stringify(processing.body)).toBe(200);
    expect(['CREATING_TRANSACTIONS', 'RUN']).toContain(processing.body.status);
    const run = await settled(header.uuid, 'CREATING_TRANSACTIONS');
    expect(run.status).toBe('RUN');
    expect(run.counts).toMatchObject({ successes: 2, failures: 0, postedTransactions: 2, runs: 1 });
    const holdings = async (portfolioUuid: string) =>
      (await t.request('POST', '/api/holdings/summary', as('manager', { portfolioUuid, clientUuid: ids.client })))
        .body as {
        securityId: number;
        quantity: string;
      }[];
    // the old shares are gone; 500 and 501 new shares of security 2 are held
    const heldA = await holdings(ids.gia);
    expect(heldA.find((h) => h.securityId === target)?.quantity ?? '0').toMatch(/^0(\.0+)?$/);
    expect(heldA.find((h) => h.securityId === 2)?.quantity).toMatch(/^499(\.0+)?$/);
    expect((await holdings(ids.second)).find((h) => h.securityId === 2)?.quantity).toMatch(/^501(\.0+)?$/);
    // The tax engine computes the holders' new pool: the client's 1,000 + 1,003 old shares cost £6,009.00; each
    // portfolio's takeover brings cash of at most £3,000 (£1,497.00 and £1,504.50), small, so deducted from the new
    // holding's cost with no disposal (s122, CG57836): £6,009.00 - £3,001.50 = £3,007.50 for 499 + 501 new shares.
    const calculated = Date.now() + 90_000;
    let newCost = '';
    while (Date.now() < calculated) {
      const status = (await t.request('GET', `/api/clients/calculation-status/${ids.client}`, as('manager'))).body;
      const costs = [...(await holdings(ids.gia)), ...(await holdings(ids.second))]
        .filter((h) => h.securityId === 2)
        .map((h) => (h as { cgtCost?: string | null }).cgtCost);
      if (status.status !== 'PENDING' && costs.length === 2 && costs.every((c) => c !== null && c !== undefined)) {
        newCost = sumDecimals(costs as string[]);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(compareDecimal(newCost || '0', '3007.50'), `the new holdings' CGT cost, ${newCost}`).toBe(0);

    // Delete is for PENDING headers only; Reverse takes the rows back out of the ledger
    expectError(
      await t.request('POST', `/api/admin/documents/headers/${header.uuid}/delete`, as('manager')),
      412,
      'Delete is allowed only while the header is PENDING; it is RUN',
      'status',
    );
    const reversing = await t.request('POST', `/api/admin/documents/headers/${header.uuid}/reverse`, as('manager'));
    expect(reversing.status, JSON.stringify(reversing.body)).toBe(200);
    const reversed = await settled(header.uuid, 'REVERSING');
    expect(reversed.status).toBe('REVERSED');
    const afterA = await holdings(ids.gia);
    expect(afterA.find((h) => h.securityId === target)?.quantity).toMatch(/^1000(\.0+)?$/);
    expect(afterA.find((h) => h.securityId === 2)?.quantity ?? '0').toMatch(/^0(\.0+)?$/);
    expectError(
      await t.request('POST', `/api/admin/documents/headers/${header.uuid}/reverse`, as('manager')),
      412,
      'Reverse is allowed only while the header is RUN or COMPLETED; it is REVERSED',
      'status',
    );

    // another firm's member sees none of it
    expect(
      (
        await t.request(
          'GET',
          `/api/admin/documents/headers/${header.uuid}/candidates`,
          as('brook', undefined, ORG.BRKF),
        )
      ).status,
    ).toBe(404);
  });
});

describe('a candidate’s CGT cost', () => {
  it('is the cost at the ex-date: a holder who sold since is costed by the tax engine’s pool then, not today’s', async () => {
    const security = (await newSecurity(t, 'BD0C03', 'Costed Holding')).id;
    const manager = { persona: 'manager' as const, org: ORG.ASHW };
    const seller = await newClient(t, manager, 'DOC-COST-1', 'Sold Since');
    const keeper = await newClient(t, manager, 'DOC-COST-2', 'Kept Since');
    // 1,000 at £3.00 (£3,000.00) before the ex-date; 400 sold after it: today's pool is 600 costing £1,800.00
    expect(
      await buy(t, manager, seller.portfolios[0]!, security, { quantity: '1000', price: '3', tradeDate: '2026-08-03' }),
    ).toBe(201);
    expect(
      await buy(t, manager, seller.portfolios[0]!, security, {
        quantity: '400',
        price: '3.5',
        tradeDate: '2026-09-10',
        type: 'SELL',
      }),
    ).toBe(201);
    // 200 at £2.50 (£500.00), nothing since: today's cost is the cost at the ex-date
    expect(
      await buy(t, manager, keeper.portfolios[0]!, security, {
        quantity: '200',
        price: '2.5',
        tradeDate: '2026-08-03',
      }),
    ).toBe(201);
    const costToday = (client: { uuid: string; portfolios: string[] }) =>
      until('the holding’s computed CGT cost', 90_000, async () => {
        const held = (
          await t.request(
            'POST',
            '/api/holdings/summary',
            as('manager', { portfolioUuid: client.portfolios[0], clientUuid: client.uuid }),
          )
        ).body as { securityId: number; cgtCost?: string | null }[];
        const cost = held.find((h) => h.securityId === security)?.cgtCost;
        return cost === null || cost === undefined ? undefined : cost;
      });
    expect(
      compareDecimal(
        await until('the sale computed', 90_000, async () => {
          const cost = await costToday(seller);
          return compareDecimal(cost, '1800') === 0 ? cost : undefined;
        }),
        '1800',
      ),
    ).toBe(0);
    expect(compareDecimal(await costToday(keeper), '500')).toBe(0);

    const created = await cashDividendHeader(t, security, '0.10');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await settled(created.body.uuid)).status).toBe('PENDING');
    const candidates = (
      await t.request('GET', `/api/admin/documents/headers/${created.body.uuid}/candidates?size=100`, as('manager'))
    ).body.content as { clientCode: string; holdingQuantity: string; cgtCost: string | null }[];
    expect(
      candidates
        .map((c) => [c.clientCode, c.holdingQuantity, Number(c.cgtCost).toFixed(2)])
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual([
      // held 1,000 at the end of 31/08, costing £3,000.00 then (the 400 sold on 10/09 came later)
      ['DOC-COST-1', '1000', '3000.00'],
      ['DOC-COST-2', '200', '500.00'],
    ]);
  });
});
