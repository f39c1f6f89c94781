// Cash in lieu of fractions through the BFF (issue 26): a 1-for-3 consolidation of 1,000 shares with the header's
// Fraction Price issues 333 new shares and pays the third of a new share not issued in cash, shown in the Previews
// and Proposed Transactions and posted as the CAPITAL_RETURN the tax engine knows (a small capital distribution,
// deducted from the pool's cost, CG57836); every figure worked by hand below. The Fraction Price's rules name the
// field, and another firm cannot read the header's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';
import { buy, managerCalls, newClient, newSecurity, until } from './documents-fixtures';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const types: Record<string, { uuid: string; lineDefinitions: { uuid: string }[] }> = {};
const get = (path: string) => managerCalls(t).get(path);
const post = (path: string, body?: unknown, status?: number) => managerCalls(t).post(path, body, status);

const settled = (uuid: string, inProgress: string) =>
  until(`the header to leave ${inProgress}`, 60_000, async () => {
    const header = await get(`/admin/documents/headers/${uuid}`);
    return header.status === inProgress ? undefined : header;
  });

/** The engine's pools for the client's ledger as it now stands, and its disposals. */
async function figures(clientUuid: string) {
  const { ledgerVersion } = await get(`/admin/calculations/ledger-csv?clientUUID=${clientUuid}`);
  await until('the calculation of the ledger as it stands', 60_000, async () => {
    const status = await get(`/clients/calculation-status/${clientUuid}`);
    return status.status !== 'PENDING' && status.ledgerVersion === ledgerVersion ? status : undefined;
  });
  const runs = await get(`/admin/calculations?clientUUID=${clientUuid}`);
  const run = runs.content.find((r: any) => r.ledgerVersion === ledgerVersion);
  const stored = await get(`/admin/calculations/${run.id}`);
  expect(stored.failures, JSON.stringify(stored.failures)).toEqual([]);
  const disposals = (await get(`/admin/calculations/${run.id}/transactions?size=100`)).content;
  return {
    pools: Object.fromEntries(
      stored.holdings.map((h: any) => [h.security, { quantity: h.pool.quantity, cost: h.pool.cost }]),
    ),
    disposals: disposals.length as number,
  };
}

beforeAll(async () => {
  t = await startTestSystem({ password: 'Cash-in-lieu-2026!' });
  for (const type of await get('/admin/documents/headers/types')) types[type.code] = type;
}, 240_000);

afterAll(async () => t?.stop());

describe('cash in lieu of fractions', () => {
  it('when 1,000 shares are consolidated 1 for 3 with fractions sold at £9.00, then 333 shares and £3.00 are posted', async () => {
    const security = await newSecurity(t, 'BF1L01', 'Fractions');
    const who = { persona: 'manager' as const, org: ORG.ASHW };
    const holder = await newClient(t, who, 'FRAC-1', 'Fraction Holder');
    const portfolio = holder.portfolios[0]!;
    // bought 1,000 at £3.00: a pool of 1,000 costing £3,000.00
    expect(await buy(t, who, portfolio, security.id, { quantity: '1000', price: '3', tradeDate: '2026-06-01' })).toBe(
      201,
    );
    const before = await figures(holder.uuid);
    expect(before.pools).toEqual({ [security.sedol]: { quantity: '1000', cost: '3000.00' } });

    const layerUuid = (await get(`/admin/documents/layers/${security.id}`))[0].uuid;
    const terms = {
      typeUuid: types.CONSOLIDATION!.uuid,
      securityId: security.id,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerUuid,
      lines: [{ lineDefinitionUuid: types.CONSOLIDATION!.lineDefinitions[0]!.uuid, rate: '1', perParent: '3' }],
    };
    // the Fraction Price's rules name the field, and nothing is stored
    expectError(
      await t.request('POST', '/api/admin/documents/headers', as('manager', { ...terms, fractionPrice: '0' })),
      400,
      'Fraction Price must be more than 0',
      'fractionPrice',
    );
    expectError(
      await t.request(
        'POST',
        '/api/admin/documents/headers',
        as('manager', {
          ...terms,
          typeUuid: types.CASH_DIVIDEND!.uuid,
          lines: [{ lineDefinitionUuid: types.CASH_DIVIDEND!.lineDefinitions[0]!.uuid, rate: '0.1' }],
          fractionPrice: '9',
        }),
      ),
      400,
      'Fraction Price applies only to a scrip dividend, split, consolidation, bonus issue, takeover for shares, conversion or demerger',
      'fractionPrice',
    );

    const created = await post('/admin/documents/headers', { ...terms, fractionPrice: '9.00' }, 201);
    expect(created.fractionPrice).toBe('9');
    expect((await settled(created.uuid, 'CREATING_CANDIDATES')).status).toBe('PENDING');

    // 1,000 x 1 / 3 = 333 1/3: 333 new shares; the fraction (1,000 x 1 - 333 x 3) / 3 = 1/3 of a new share, sold at
    // £9.00: £3.00 in cash. The holding after is worth 333 x £9.00 = £2,997.00 (B, for the engine's small test)
    const rows = (list: any[]) =>
      list.map((p) => [p.transactionType, p.tradeDate, p.ratio, p.consideration, p.proceeds, p.price, p.marketValue]);
    const expected = [
      ['CONSOLIDATION', '2026-09-01', '1:3', '', '', '', ''],
      ['CAPITAL_RETURN', '2026-09-15', '', '3', '3', '9', '2997'],
    ];
    expect(rows((await get(`/admin/documents/headers/${created.uuid}/previews`)).content)).toEqual(expected);
    expect(rows((await get(`/admin/documents/headers/${created.uuid}/preview-transactions`)).content)).toEqual(
      expected,
    );
    // another firm's member cannot read the rows
    expect(
      (
        await t.request(
          'GET',
          `/api/admin/documents/headers/${created.uuid}/preview-transactions`,
          as('brook', undefined, ORG.BRKF),
        )
      ).status,
    ).toBe(404);

    await post(`/admin/documents/headers/${created.uuid}/process`);
    expect((await settled(created.uuid, 'CREATING_TRANSACTIONS')).status).toBe('RUN');
    const posted = (await get(`/admin/documents/headers/${created.uuid}/transactions`)).content;
    expect(posted.map((p: any) => [p.transactionType, p.transactionState])).toEqual([
      ['CONSOLIDATION', 'SETTLED'],
      ['CAPITAL_RETURN', 'SETTLED'],
    ]);

    // The engine: the consolidation issues 333 shares, the pool's £3,000.00 staying with them; the £3.00 is a small
    // capital distribution (at most £3,000), deducted from cost with no disposal: 333 costing £2,997.00
    const after = await figures(holder.uuid);
    expect(after.pools).toEqual({ [security.sedol]: { quantity: '333', cost: '2997.00' } });
    expect(after.disposals).toBe(0);

    // Reverse: 1,000 costing £3,000.00 again
    await post(`/admin/documents/headers/${created.uuid}/reverse`);
    expect((await settled(created.uuid, 'REVERSING')).status).toBe('REVERSED');
    expect((await figures(holder.uuid)).pools).toEqual(before.pools);
  });
});
