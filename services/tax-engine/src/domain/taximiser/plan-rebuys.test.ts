import { describe, expect, it } from 'vitest';
import type { PlannedDisposal } from './plan-on-ledger';
import { planRebuys, type RebuyPlace } from './plan-rebuys';

const sale = (code: string, quantity: string, price: string, clientQuantity = quantity): PlannedDisposal => ({
  securityId: code.charCodeAt(0),
  code,
  sedol: `${code}0001`,
  isin: '',
  name: `${code} plc`,
  portfolioCode: 'C1-01',
  quantity,
  price,
  cgtCost: '0.00',
  proceeds: '0.00',
  capitalGainLoss: '0.00',
  incomeGain: '0.00',
  exemptGainLoss: '0.00',
  matchedBy: ['section-104'],
  formula: { cgtCost: '0.00', proceeds: '0.00', gain: '0.00' },
  difference: '',
  reason: '',
  clientQuantity,
});

const isa = (subscribed: string, basis: 'ENTERED' | 'LEDGER' = 'ENTERED'): RebuyPlace => ({
  where: 'ISA',
  portfolioUuid: 'isa-uuid',
  portfolioCode: 'C1-ISA',
  taxYear: '2026-27',
  taxYearStart: '2026-04-06',
  subscribed,
  subscribedBasis: basis,
});

describe('bed and ISA: the sales bought back within the ISA allowance left', () => {
  it('buys back in the plan’s order until the allowance runs out, the last in the whole units it buys', () => {
    // £20,000 - £15,000 subscribed = £5,000 left.
    // AAA: 1,000 x £2.50 = £2,500.00, fits; £2,500.00 left.
    // BBB: 400 x £7.30 = £2,920.00 does not; £2,500.00 / £7.30 = 342.47 -> 342 shares, £2,496.60; £3.40 left.
    // CCC: £3.40 buys no share at £12.00.
    const planned = planRebuys(
      [sale('AAA', '1000.0000', '2.5000'), sale('BBB', '400.0000', '7.3000'), sale('CCC', '10.0000', '12.0000')],
      isa('15000'),
    );
    expect(planned.rebuys.map((r) => [r.code, r.quantity, r.cost, r.portfolioCode, r.where])).toEqual([
      ['AAA', '1000.0000', '2500.00', 'C1-ISA', 'ISA'],
      ['BBB', '342.0000', '2496.60', 'C1-ISA', 'ISA'],
    ]);
    expect(planned.rebuys[1]!.reason).toBe(
      'buy back 342 of BBB in the ISA (C1-ISA) for about £2,496.60: the ISA allowance left buys no more',
    );
    expect(planned.isa).toEqual({
      taxYear: '2026-27',
      allowance: '20000.00',
      subscribed: '15000.00',
      subscribedBasis: 'ENTERED',
      left: '5000.00',
      rebuyCost: '4996.60',
      leftAfter: '3.40',
    });
    expect(planned.rebuyNote).toContain('the 30-day rule does not match them with these sales');
    expect(planned.rebuyNote).toContain('Not bought back: CCC.');
  });

  it('buys nothing back when the year’s subscriptions (the ledger’s) have used the allowance', () => {
    const planned = planRebuys([sale('AAA', '10.0000', '1.0000')], isa('25000', 'LEDGER'));
    expect(planned.rebuys).toEqual([]);
    expect(planned.isa).toMatchObject({ left: '0.00', rebuyCost: '0.00', leftAfter: '0.00' });
    expect(planned.rebuyNote).toContain('since 06/04/2026, as the ledger records it');
  });
});

describe('bed and spouse: the sales bought back by the spouse or civil partner', () => {
  it('buys back the client’s part of a joint account’s sale, in whole shares, without a limit', () => {
    // A 50% account sells 101 shares: 50.5 are the client's; the spouse buys 50 at £3.00 = £150.00.
    // 2,000 x £4.125 = £8,250.00 in full.
    const planned = planRebuys([sale('DDD', '101.0000', '3.0000', '50.5000'), sale('EEE', '2000.0000', '4.1250')], {
      where: 'SPOUSE',
      portfolioUuid: 'spouse-uuid',
      portfolioCode: 'C2-01',
      spouseCode: 'C2',
    });
    expect(planned.rebuys.map((r) => [r.code, r.quantity, r.cost, r.portfolioCode])).toEqual([
      ['DDD', '50.0000', '150.00', 'C2-01'],
      ['EEE', '2000.0000', '8250.00', 'C2-01'],
    ]);
    expect(planned.isa).toBeUndefined();
    expect(planned.rebuyNote).toContain('the 30-day rule matches only the seller’s own purchases');
    expect(planned.rebuyNote).toContain('£8,400.00');
  });
});
