import { describe, expect, it } from 'vitest';
import { progressPercent, recentTaxYears, statusWords } from './batch-labels';

describe('batch print labels', () => {
  it('names the statuses as the seed does', () => {
    expect(statusWords('PARTIALLY_RUN')).toBe('Partially Run');
    expect(statusWords('COMPLETE')).toBe('Complete');
  });
  it('works out progress and the tax years offered', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
    // 28 November 2026 is in 2026-27; 5 April 2026 still in 2025-26; 1999-00 wraps
    expect(recentTaxYears('2026-11-28', 3)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(recentTaxYears('2026-04-05', 1)).toEqual(['2025-26']);
    expect(recentTaxYears('2000-01-01', 1)).toEqual(['1999-00']);
  });
});
