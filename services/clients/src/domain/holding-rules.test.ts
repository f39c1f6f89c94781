import { describe, expect, it } from 'vitest';
import { deriveHolding, periodMoves, type HoldingRow } from './holding-rules';

const row = (r: Partial<HoldingRow> & Pick<HoldingRow, 'effect' | 'quantity' | 'tradeDate'>): HoldingRow => ({
  securityId: 1,
  ...r,
});

describe('deriveHolding', () => {
  it('adds purchases and takes sales, to 4 places', () => {
    const h = deriveHolding(1, [
      row({ effect: 'BUY', quantity: '100.12345', tradeDate: '2020-01-01' }),
      row({ effect: 'SELL', quantity: '40', tradeDate: '2021-01-01' }),
      row({ effect: 'BUY', quantity: '5', tradeDate: '2020-06-01', securityId: 2 }),
    ]);
    // 100.12345 - 40 = 60.12345, shown rounded down to 60.1234
    expect(h).toMatchObject({ quantity: '60.1234', recBreak: false, transactionCount: 2 });
  });

  it('applies a split before the day trades, and a bonus as 1 + new:old', () => {
    const h = deriveHolding(1, [
      row({ effect: 'BUY', quantity: '100', tradeDate: '2020-01-01' }),
      row({ effect: 'SELL', quantity: '150', tradeDate: '2020-02-01' }),
      row({ effect: 'SPLIT', quantity: '0', ratio: '2:1', tradeDate: '2020-02-01' }),
      row({ effect: 'BONUS', quantity: '0', ratio: '1:10', tradeDate: '2020-03-01' }),
    ]);
    // (100 x 2 - 150) = 50, then 50 x 1.1 = 55
    expect(h.quantity).toBe('55.0000');
    expect(h.recBreak).toBe(false);
  });

  it('moves a takeover from the old security to the new one', () => {
    const rows = [
      row({ effect: 'BUY', quantity: '200', tradeDate: '2020-01-01' }),
      row({ effect: 'TAKEOVER', quantity: '100', newSecurityId: 9, tradeDate: '2021-01-01' }),
    ];
    expect(deriveHolding(1, rows).quantity).toBe('0.0000');
    expect(deriveHolding(9, rows).quantity).toBe('100.0000');
  });

  it('flags a sale larger than the holding and keeps the rest at zero', () => {
    const h = deriveHolding(1, [
      row({ effect: 'BUY', quantity: '100', tradeDate: '2020-01-01' }),
      row({ effect: 'SELL', quantity: '150', tradeDate: '2025-06-01' }),
    ]);
    expect(h.quantity).toBe('0.0000');
    expect(h.recBreak).toBe(true);
    expect(h.warnings).toEqual([
      { index: 1, message: 'Sale of 150.0000 exceeds the holding of 100.0000 on 2025-06-01' },
    ]);
  });

  it('leaves cash and income rows alone', () => {
    const h = deriveHolding(1, [
      row({ effect: 'BUY', quantity: '10', tradeDate: '2020-01-01' }),
      row({ effect: '', quantity: '0', tradeDate: '2020-05-01' }),
      row({ effect: 'CAPITAL_RETURN', quantity: '0', tradeDate: '2020-06-01' }),
    ]);
    expect(h.quantity).toBe('10.0000');
  });
});

describe('periodMoves', () => {
  it('when an equalisation period starts, then the holding before it and the buys and sales from it are given in trade order', () => {
    const rows = [
      row({ effect: 'BUY', quantity: '1000', tradeDate: '2025-01-10' }),
      row({ effect: 'SELL', quantity: '300', tradeDate: '2025-08-01' }),
      row({ effect: 'BUY', quantity: '400', tradeDate: '2025-07-01' }),
      row({ effect: 'DIVIDEND', quantity: '0', tradeDate: '2025-07-15' }),
    ];
    // before 1 June: the 1,000 bought in January; from it: the July buy, then the August sale
    expect(periodMoves(1, rows, '2025-06-01')).toEqual({
      heldAtStart: '1000.0000',
      moves: [
        { tradeDate: '2025-07-01', quantity: '400.0000' },
        { tradeDate: '2025-08-01', quantity: '-300.0000' },
      ],
    });
  });
});
