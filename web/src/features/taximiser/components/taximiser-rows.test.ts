import { describe, expect, it } from 'vitest';
import type { LedgerHolding } from '@gains/contracts';
import {
  planInput,
  runPercent,
  selectedProblems,
  toTaximiserRows,
  withDisposalAmount,
  withPlannedAmounts,
  withPrice,
  type TaximiserRow,
} from './taximiser-rows';

function holding(securityId: number, quantity: string, extra: Partial<LedgerHolding> = {}): LedgerHolding {
  return {
    securityId,
    portfolioUuid: 'p-1',
    portfolioCode: 'GIA1',
    sedol: `S${securityId}`,
    isin: `GB${securityId}`,
    issuerName: 'Issuer',
    securityName: `Security ${securityId}`,
    quantity,
    price: '2.5000',
    value: '0',
    cgtCost: '100.00',
    unrealisedCapitalGainLoss: '0',
    unrealisedIncomeGain: '0',
    calculationStatus: 'SUCCEEDED',
    recBreak: false,
    cgtClass: 'CAPITAL',
    transactionCount: 1,
    thirtyDayDisposalCounter: 0,
    ...extra,
  } as LedgerHolding;
}

const rows = (): TaximiserRow[] =>
  toTaximiserRows([holding(1, '1234.5678'), holding(2, '0'), holding(3, '333'), holding(4, '-5')]);

describe('the Taximiser holdings rows', () => {
  it('when holdings arrive, then only those with quantity above 0 become rows', () => {
    expect(rows().map((r) => r.id)).toEqual(['1', '3']);
  });

  it('when a price is edited, then market value is quantity x price and the gain is value - CGT cost', () => {
    const [first] = rows();
    // 1,234.5678 x 3.21 = 3,962.962638; 3,962.962638 - 100.00 = 3,862.962638
    const edited = withPrice(first, '3.21');
    expect(edited.marketValue).toBe('3962.962638');
    expect(edited.unrealisedCapitalGainLoss).toBe('3862.962638');
    expect(edited.priceEdited).toBe(true);
    // an income holding's gain moves its income column
    const income = withPrice({ ...first, cgtClass: 'INCOME' }, '0');
    expect(income.marketValue).toBe('0.0000');
    expect(income.unrealisedIncomeGain).toBe('-100.0000');
    expect(income.unrealisedCapitalGainLoss).toBe(first.unrealisedCapitalGainLoss);
  });

  it('when a price is not a number of 0 or more, then it is kept as typed and no figure moves', () => {
    const [first] = rows();
    const edited = withPrice(first, '-1');
    expect(edited.price).toBe('-1');
    expect(edited.marketValue).toBe(first.marketValue);
  });

  it('when a non-zero disposal amount is typed, then the row is to be selected; zero or text does not select', () => {
    const [first] = rows();
    expect(withDisposalAmount(first, '12.5')).toEqual({ row: { ...first, disposalAmount: '12.5' }, select: true });
    expect(withDisposalAmount(first, '0').select).toBe(false);
    expect(withDisposalAmount(first, 'abc').select).toBe(false);
  });

  it('when the percent planner runs with 10, then each amount is quantity / 10 to 4 places, rounded down', () => {
    const original = rows();
    const edited = [withPrice(original[0], '9'), original[1]];
    const result = runPercent(original, '10');
    // 123.45678 -> 123.4567; 33.3 -> 33.3000; and the edited price is back to the original
    expect(result.rows?.map((r) => r.disposalAmount)).toEqual(['123.4567', '33.3000']);
    expect(result.rows?.[0].price).toBe(original[0].price);
    expect(edited[0].price).toBe('9');
  });

  it('when the percent breaks its rule, then nothing changes and the rule is named', () => {
    expect(runPercent(rows(), '0')).toEqual({ rows: undefined, problem: 'Disposal percent must be at least 0.000001' });
    expect(runPercent(rows(), '100.5').problem).toBe('Disposal percent must not be more than 100');
    expect(runPercent(rows(), '').problem).toBe('Disposal percent is required');
  });

  it('when rows break a rule, then only the selected rows report it', () => {
    const [first, second] = rows();
    const table = [
      { ...first, disposalAmount: '2000' },
      { ...second, disposalAmount: '' },
    ];
    expect(selectedProblems(table, new Set())).toEqual([]);
    expect(selectedProblems(table, new Set(['1']))).toEqual([
      { id: '1', field: 'disposalAmount', message: 'Disposal amount must not be more than the 1,234.5678 held' },
    ]);
    expect(selectedProblems(table, new Set(['3'])).map((p) => p.message)).toEqual(['Disposal amount is required']);
    expect(selectedProblems([{ ...first, disposalAmount: '1', price: '' }], new Set(['1']))).toEqual([
      { id: '1', field: 'price', message: 'Price per share is required' },
    ]);
  });

  it('when disposals are calculated, then the selected amounts and the changed prices are sent', () => {
    const [first, second] = rows();
    const table = [withPrice({ ...first, disposalAmount: '10' }, '3.5'), { ...second, disposalAmount: '5' }];
    expect(planInput(table, new Set(['3']))).toEqual({
      quantities: [{ securityId: 3, quantity: '5.0000' }],
      prices: { 1: '3.5' },
    });
  });

  it('when a plan answers, then its quantities fill the rows it sells and select them', () => {
    const result = withPlannedAmounts(rows(), [{ securityId: 3, quantity: '12.34567' }]);
    expect(result.rows.map((r) => r.disposalAmount)).toEqual(['', '12.3456']);
    expect([...result.selected]).toEqual(['3']);
  });
});
