import { describe, expect, it } from 'vitest';
import { calculationStatusFor, checkPortfolio, type RawPortfolio } from './portfolio-rules';

const A = 'a1000000-0000-4000-8000-000000000001';
const B = 'a1000000-0000-4000-8000-000000000002';
const portfolio = (owners: [string, string][], fields: Partial<RawPortfolio> = {}): RawPortfolio => ({
  code: 'P1',
  name: 'Main',
  type: '',
  state: '',
  currency: '',
  taxWrapper: '',
  owners: owners.map(([clientUuid, percentage]) => ({ clientUuid, percentage })),
  ...fields,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { field: (error as { field?: string }).field, message: (error as Error).message };
  }
  return undefined;
};

describe('a portfolio', () => {
  it('when joint shares sum to exactly 100, then it is accepted with defaults', () => {
    expect(
      checkPortfolio(
        portfolio([
          [A, '62.5'],
          [B, '37.50'],
        ]),
      ),
    ).toMatchObject({
      type: 'ADVISORY',
      state: 'LIVE',
      currency: 'GBP',
      taxWrapper: 'GIA',
      owners: [
        { clientUuid: A, percentage: '62.5' },
        { clientUuid: B, percentage: '37.5' },
      ],
    });
  });

  it('when shares do not sum to 100, or an owner repeats, then the owners are named', () => {
    expect(
      refusal(() =>
        checkPortfolio(
          portfolio([
            [A, '50'],
            [B, '49.999999'],
          ]),
        ),
      ),
    ).toEqual({
      field: 'portfolio.owners',
      message: 'Ownership percentages must sum to 100',
    });
    expect(
      refusal(() =>
        checkPortfolio(
          portfolio([
            [A, '50'],
            [A, '50'],
          ]),
        ),
      )?.field,
    ).toBe('portfolio.owners.1.clientUuid');
    expect(refusal(() => checkPortfolio(portfolio([])))?.field).toBe('portfolio.owners');
    expect(refusal(() => checkPortfolio(portfolio([[A, '100']], { code: ' ' })))?.field).toBe('portfolio.code');
  });

  it('when the wrapper is ISA or pension, then its holdings are excluded from CGT', () => {
    expect([calculationStatusFor('ISA'), calculationStatusFor('PENSION'), calculationStatusFor('GIA')]).toEqual([
      'EXCLUDED',
      'EXCLUDED',
      'PENDING',
    ]);
  });
});
