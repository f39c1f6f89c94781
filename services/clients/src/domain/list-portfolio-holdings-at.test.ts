import { describe, expect, it } from 'vitest';
import { firstAcquiredDate } from './list-portfolio-holdings-at';

describe('when a portfolio first acquired a security', () => {
  it('when it bought, received from a spouse and transferred in, then the earliest date counts, a transfer in by its original date', () => {
    const rows = [
      { securityId: 1, effect: 'BUY', tradeDate: '2024-05-01' },
      { securityId: 1, effect: 'SELL', tradeDate: '2023-01-01' },
      { securityId: 1, effect: 'TRANSFER_IN', tradeDate: '2025-02-01', acquired: '2019-04-06' },
      { securityId: 2, effect: 'BUY', tradeDate: '2010-01-01' },
      { securityId: 1, effect: 'SPOUSE_IN', tradeDate: '2022-03-03' },
    ];
    // the transfer in was first acquired on 2019-04-06, before the buy and the spouse transfer; security 2 and the
    // sale do not count
    expect(firstAcquiredDate(1, rows)).toBe('2019-04-06');
    expect(firstAcquiredDate(1, rows.slice(0, 2))).toBe('2024-05-01');
    expect(firstAcquiredDate(3, rows)).toBe('');
  });
});
