import { describe, expect, it } from 'vitest';
import { taxYearReportable } from './report-rules';

const client = { uuid: 'c' };
const year = { startDate: '2024-04-06' };

describe('taxYearReportable (seed 000 §5)', () => {
  it('when no client is selected, then the report cannot be asked for', () => {
    expect(taxYearReportable(undefined, year, null)).toBe(false);
  });
  it('when the client has no restriction, then any of its years can', () => {
    expect(taxYearReportable(client, year, null)).toBe(true);
  });
  it('when the year starts on or after the restriction, then it can; before it, it cannot', () => {
    expect(taxYearReportable(client, year, '2024-04-06')).toBe(true);
    expect(taxYearReportable(client, year, '2024-04-07')).toBe(false);
    expect(taxYearReportable(client, year, '2023-01-01T00:00:00Z')).toBe(true);
  });
});
