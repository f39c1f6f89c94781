import { describe, expect, it } from 'vitest';
import { parsePriceUpload, type PriceUploadLookup } from './price-upload-rules';

const securities: Record<string, { id: number; currency: string }> = {
  '0263494': { id: 1, currency: 'GBP' },
  GB0002634946: { id: 1, currency: 'GBP' },
  '2': { id: 2, currency: 'USD' },
};
const lookup: PriceUploadLookup = {
  security: (code) => securities[code],
  currencyExists: (iso) => ['GBP', 'USD', 'EUR'].includes(iso),
};
const TODAY = '2025-06-30';

describe('price upload', () => {
  it('when every line is good, then each is read, by SEDOL, ISIN or id, with prices canonical', () => {
    const csv =
      'security,date,price,currency\n0263494,2025-06-27,512.50,GBP\ngb0002634946,2025-06-30,"513",gbp\n2,2025-06-30,10.125,USD\n';
    expect(parsePriceUpload(csv, lookup, TODAY)).toEqual({
      ok: true,
      lines: [
        { line: 2, securityId: 1, date: '2025-06-27', price: '512.5', currency: 'GBP' },
        { line: 3, securityId: 1, date: '2025-06-30', price: '513', currency: 'GBP' },
        { line: 4, securityId: 2, date: '2025-06-30', price: '10.125', currency: 'USD' },
      ],
    });
  });

  it('when lines are bad, then every bad line is named with its field and rule, and none is accepted', () => {
    const csv = [
      'security,date,price,currency',
      '0263494,2025-06-27,512.50,GBP', // good
      '0263495,2025-06-27,1,GBP', // unknown code
      '0263494,2025-07-01,1,GBP', // future
      '0263494,2025-06-26,-3,GBP', // negative
      '0263494,2025-06-25,3,XXX', // unknown currency
      '2,2025-06-25,3,EUR', // not the security's currency
      '0263494,2025-06-24', // too few fields
      '0263494,2025-06-27,513,GBP', // a second, different price for line 2's day
    ].join('\n');
    const result = parsePriceUpload(csv, lookup, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.line, p.field])).toEqual([
      [3, 'security'],
      [4, 'date'],
      [5, 'price'],
      [6, 'currency'],
      [7, 'currency'],
      [8, 'line'],
      [9, 'line'],
    ]);
    expect(result.problems[2]!.message).toBe('price must not be negative');
    expect(result.problems[3]!.message).toBe('Unknown currency XXX');
  });

  it('when the header is missing or the file empty, then line 1 is named', () => {
    expect(parsePriceUpload('0263494,2025-06-27,1,GBP', lookup, TODAY)).toMatchObject({
      ok: false,
      problems: [{ line: 1, field: 'line' }],
    });
    expect(parsePriceUpload('security,date,price,currency\n', lookup, TODAY)).toMatchObject({ ok: false });
  });

  it('when the same price is given twice for a day, then it is read once', () => {
    const csv = 'security,date,price,currency\n0263494,2025-06-27,1.50,GBP\nGB0002634946,2025-06-27,1.5,GBP';
    const result = parsePriceUpload(csv, lookup, TODAY);
    expect(result.ok && result.lines.length).toBe(1);
  });
});
