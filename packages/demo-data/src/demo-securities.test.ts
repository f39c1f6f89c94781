import { describe, expect, it } from 'vitest';
import { businessDays, DEMO_CORPORATE_EVENTS, DEMO_EPOCH, demoPrices, generateDemoSecurities } from './demo-securities';
import { isValidIsin, isValidSedol } from '@gains/contracts/security-codes';

describe('the demo securities', () => {
  const { issuers, securities } = generateDemoSecurities();

  it('when generated, then 300 securities of the asked mix, every code valid and unique, the same every time', () => {
    expect(securities).toHaveLength(300);
    const count = (c: string) => securities.filter((s) => s.assetClass === c).length;
    expect([count('GILT'), count('QUALIFYING_CORPORATE_BOND'), count('NON_REPORTING_OFFSHORE_FUND')]).toEqual([
      10, 2, 2,
    ]);
    expect(count('UNIT_TRUST_INCOME')).toBe(count('UNIT_TRUST_ACCUMULATION'));
    expect(securities.every((s) => isValidSedol(s.sedol) && isValidIsin(s.isin))).toBe(true);
    expect(new Set(securities.map((s) => s.sedol)).size).toBe(300);
    expect(new Set(securities.map((s) => s.isin)).size).toBe(300);
    expect(new Set(securities.map((s) => s.securityName)).size).toBe(300);
    expect(securities.every((s) => issuers.some((i) => i.key === s.issuerKey))).toBe(true);
    expect(generateDemoSecurities()).toEqual({ issuers, securities });
  });

  it('when prices are walked, then they stay positive, move plausibly day to day, and do not depend on the end date', () => {
    const days = businessDays(DEMO_EPOCH, '2026-06-30');
    const equity = securities[0]!;
    const prices = demoPrices(equity, days, '2021-06-30').map((p) => Number(p.price));
    expect(prices.every((p) => p > 0)).toBe(true);
    const moves = prices.slice(1).map((p, i) => Math.abs(Math.log(p / prices[i]!)));
    expect(Math.max(...moves)).toBeLessThan(0.15);
    const shorter = demoPrices(equity, businessDays(DEMO_EPOCH, '2025-12-31'), '2021-06-30');
    expect(shorter).toEqual(demoPrices(equity, days, '2021-06-30').slice(0, shorter.length));
  });

  it('when the takeover target is walked, then it stops on its last day and is delisted', () => {
    const { takeover } = DEMO_CORPORATE_EVENTS;
    const target = securities[takeover.targetN - 1]!;
    const prices = demoPrices(target, businessDays(DEMO_EPOCH, '2026-06-30'), DEMO_EPOCH, () => 10);
    expect(prices.at(-1)!.date).toBe(takeover.lastPriceDate);
    // 98.5% of (0.5 x 10 + 1.20) = 6.107
    expect(prices.at(-1)!.price).toBe('6.1070');
    expect(target.status).toBe('DELISTED');
  });
});
