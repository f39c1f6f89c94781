import { describe, expect, it } from 'vitest';
import {
  batchParameters,
  deliveriesOf,
  parseNewBatchPrint,
  receivesReport,
  type BatchClientFacts,
} from './batch-rules';

const KINDS = ['cgt-realised', 'holding', 'income-report'];
const client = (over: Partial<BatchClientFacts> = {}): BatchClientFacts => ({
  serviceLevel: '',
  overrideReportTypeMapping: false,
  reportTypeMappings: [],
  electronicReport: false,
  paperlessReport: false,
  printedReport: false,
  clientPortalReport: false,
  ...over,
});

describe('batch print rules', () => {
  it('when a print is asked for, then each field is checked and named', () => {
    expect(
      parseNewBatchPrint({ taxYear: '2024-25', reportType: 'cgt-realised', reportingPeriod: 'annual' }, KINDS),
    ).toEqual({
      taxYear: '2024-25',
      reportType: 'cgt-realised',
      reportingPeriod: 'ANNUAL',
      clientState: '',
      relationshipManager: '',
    });
    expect(() => parseNewBatchPrint({ reportType: 'cgt-realised' }, KINDS)).toThrow('Tax year is required');
    expect(() => parseNewBatchPrint({ taxYear: '2024-26', reportType: 'cgt-realised' }, KINDS)).toThrow(
      'taxYear must be a UK tax year such as 2024-25',
    );
    // 1999-00 is a tax year: the second half wraps to 00
    expect(parseNewBatchPrint({ taxYear: '1999-00', reportType: 'holding' }, KINDS).taxYear).toBe('1999-00');
    expect(() => parseNewBatchPrint({ taxYear: '2024-25', reportType: 'ca-candidates' }, KINDS)).toThrow(
      'reportType must be one of cgt-realised, holding, income-report',
    );
    expect(() => parseNewBatchPrint({ taxYear: '2024-25', reportType: 'holding', clientState: 7 }, KINDS)).toThrow(
      'clientState must be text',
    );
  });

  it('when a client’s mappings are read, then its own win when it overrides, none means it gets the firm’s print', () => {
    const levels = new Map([
      ['GOLD', [{ reportTypeId: 1, generate: true }]],
      ['BRONZE', [{ reportTypeId: 1, generate: false }]],
    ]);
    expect(receivesReport(client(), levels, 'cgt-realised')).toBe(true);
    expect(receivesReport(client({ serviceLevel: 'GOLD' }), levels, 'cgt-realised')).toBe(true);
    expect(receivesReport(client({ serviceLevel: 'BRONZE' }), levels, 'cgt-realised')).toBe(false);
    // GOLD maps CGT only: holdings (id 2) are not generated for it
    expect(receivesReport(client({ serviceLevel: 'GOLD' }), levels, 'holding')).toBe(false);
    const own = { overrideReportTypeMapping: true, reportTypeMappings: [{ reportTypeId: 1, generate: true }] };
    expect(receivesReport(client({ serviceLevel: 'BRONZE', ...own }), levels, 'cgt-realised')).toBe(true);
  });

  it('when deliveries are read, then each chosen one in order, and printed when none is', () => {
    expect(deliveriesOf(client({ electronicReport: true, clientPortalReport: true }))).toEqual([
      'ELECTRONIC',
      'PORTAL',
    ]);
    expect(deliveriesOf(client())).toEqual(['PRINTED']);
  });

  it('when a kind’s parameters are made for a year, then the year, its end (or today) or its days are given', () => {
    expect(batchParameters('cgt-realised', '2024-25', '2026-11-28')).toEqual({ taxYear: '2024-25' });
    expect(batchParameters('holding', '2024-25', '2026-11-28')).toEqual({ atDate: '2025-04-05' });
    // the current year's holdings are today's
    expect(batchParameters('holding', '2026-27', '2026-11-28')).toEqual({ atDate: '2026-11-28' });
    expect(batchParameters('income-report', '2024-25', '2026-11-28')).toEqual({
      startDate: '2024-04-06',
      endDate: '2025-04-05',
    });
  });
});
