import { describe, expect, it } from 'vitest';
import {
  AS_AT_IN_FUTURE,
  END_BEFORE_START,
  NO_CLIENT,
  RESTRICTED_PERIOD,
  RESTRICTED_YEAR,
  afterToday,
  caReportRequest,
  failuresRequest,
  holdingsRequest,
  incomeRequest,
  periodInOrder,
  reconciliationRequest,
  taxYearReportable,
  transactionsRequest,
} from './report-rules';

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

const TODAY = '2025-06-15';

describe('Holdings and Holdings (CA) requests (seed 000 §5, §7)', () => {
  it('when no client is selected, then there is nothing to ask', () => {
    expect(holdingsRequest(undefined, undefined, TODAY, TODAY)).toEqual({ ok: false, reason: NO_CLIENT });
  });
  it("when 'As at' is today or earlier, then it is sent as the day; a later day is refused", () => {
    expect(holdingsRequest(client, undefined, TODAY, TODAY)).toEqual({
      ok: true,
      body: { clientUuid: 'c', atDate: '2025-06-15' },
    });
    expect(holdingsRequest(client, undefined, '2025-06-16', TODAY)).toEqual({ ok: false, reason: AS_AT_IN_FUTURE });
    expect(afterToday('2025-06-16', TODAY)).toBe(true);
    expect(afterToday(TODAY, TODAY)).toBe(false);
  });
  it('when a security is selected, then its numeric id narrows the report; none selected, it is left out', () => {
    const asked = holdingsRequest(client, 42, '2025-01-31', TODAY);
    expect(asked.ok && asked.body).toEqual({ clientUuid: 'c', securityId: 42, atDate: '2025-01-31' });
    const all = holdingsRequest(client, undefined, '2025-01-31', TODAY);
    expect(all.ok && 'securityId' in all.body).toBe(false);
  });
});

describe('Reconciliations requests', () => {
  it('when a client is selected, then it asks with the client and the security if any', () => {
    expect(reconciliationRequest(undefined, 1).ok).toBe(false);
    expect(reconciliationRequest(client, 7)).toEqual({ ok: true, body: { clientUuid: 'c', securityId: 7 } });
    expect(reconciliationRequest(client, undefined)).toEqual({ ok: true, body: { clientUuid: 'c' } });
  });
});

describe('Transactions and Ops Transactions requests (seed 000 §5)', () => {
  it('when the period is in order, then it is sent from the start of its first day to the end of its last', () => {
    expect(transactionsRequest(client, undefined, '2024-04-06', '2025-04-05')).toEqual({
      ok: true,
      body: { clientUuid: 'c', startDate: '2024-04-06T00:00:00.000Z', endDate: '2025-04-05T23:59:59.999Z' },
    });
  });
  it('when the period is one day, then it is that whole day', () => {
    const asked = transactionsRequest(client, 3, '2025-01-01', '2025-01-01');
    expect(asked).toEqual({
      ok: true,
      body: {
        clientUuid: 'c',
        securityId: 3,
        startDate: '2025-01-01T00:00:00.000Z',
        endDate: '2025-01-01T23:59:59.999Z',
      },
    });
  });
  it('when the end is before the start, or either is missing, then it is refused and says why', () => {
    expect(transactionsRequest(client, undefined, '2025-02-01', '2025-01-31')).toEqual({
      ok: false,
      reason: END_BEFORE_START,
    });
    expect(transactionsRequest(client, undefined, undefined, '2025-01-31')).toEqual({
      ok: false,
      reason: 'Period start is required',
    });
    expect(transactionsRequest(client, undefined, '2025-01-31', undefined)).toEqual({
      ok: false,
      reason: 'Period end is required',
    });
    expect(transactionsRequest(undefined, undefined, '2025-01-01', '2025-01-31')).toEqual({
      ok: false,
      reason: NO_CLIENT,
    });
  });
  it('when only one end of a period is known, then the period is not out of order', () => {
    expect(periodInOrder(undefined, '2025-01-01')).toBe(true);
    expect(periodInOrder('2025-01-01', undefined)).toBe(true);
    expect(periodInOrder('2025-01-02', '2025-01-01')).toBe(false);
  });
});

describe('Income Statement requests (seed 000 §5, §7)', () => {
  const y2425 = { uuid: 'y', startDate: '2024-04-06' };
  it('when no period is given, then the tax year is asked for', () => {
    expect(incomeRequest(client, y2425, null, {}, 'pdf')).toEqual({
      ok: true,
      body: { clientUuid: 'c', taxYearUuid: 'y', format: 'pdf' },
    });
    // half a period is not a period: the year still decides
    expect(incomeRequest(client, y2425, null, { start: '2024-05-01' }, 'csv')).toEqual({
      ok: true,
      body: { clientUuid: 'c', taxYearUuid: 'y', format: 'csv' },
    });
  });
  it('when both ends of the period are given, then the period is asked for, start of day to end of day', () => {
    expect(incomeRequest(client, y2425, null, { start: '2024-05-01', end: '2024-05-31' }, 'csv')).toEqual({
      ok: true,
      body: {
        clientUuid: 'c',
        startDate: '2024-05-01T00:00:00.000Z',
        endDate: '2024-05-31T23:59:59.999Z',
        format: 'csv',
      },
    });
  });
  it('when there is no client, or the year or period starts before the restriction, then it is disabled', () => {
    expect(incomeRequest(undefined, y2425, null, {}, 'pdf')).toEqual({ ok: false, reason: NO_CLIENT });
    expect(incomeRequest(client, y2425, '2024-04-07', {}, 'pdf')).toEqual({ ok: false, reason: RESTRICTED_YEAR });
    expect(incomeRequest(client, y2425, '2024-05-02', { start: '2024-05-01', end: '2024-05-31' }, 'pdf')).toEqual({
      ok: false,
      reason: RESTRICTED_PERIOD,
    });
    expect(incomeRequest(client, y2425, null, { start: '2024-06-01', end: '2024-05-31' }, 'pdf')).toEqual({
      ok: false,
      reason: END_BEFORE_START,
    });
    expect(incomeRequest(client, undefined, null, {}, 'pdf').ok).toBe(false);
  });
});

describe('CA Headers and CA Candidates requests', () => {
  const filters = { status: 'RUN', searchDateType: 'PAY_DATE', from: '2025-01-01', to: '2025-01-31' };
  it('when the headers report is asked, then From and To are sent as days with the status and date type', () => {
    expect(caReportRequest('headers', filters)).toEqual({
      ok: true,
      body: { documentTypeCode: 'CA', status: 'RUN', searchDateType: 'PAY_DATE', from: '2025-01-01', to: '2025-01-31' },
    });
  });
  it('when the candidates report is asked, then From and To are its start and end dates', () => {
    expect(caReportRequest('candidates', { ...filters, status: '' })).toEqual({
      ok: true,
      body: {
        documentTypeCode: 'CA',
        status: '',
        searchDateType: 'PAY_DATE',
        startDate: '2025-01-01',
        endDate: '2025-01-31',
      },
    });
  });
  it('when To is before From, or either is missing, then it is refused', () => {
    expect(caReportRequest('headers', { ...filters, to: '2024-12-31' })).toEqual({
      ok: false,
      reason: 'To cannot be before From',
    });
    expect(caReportRequest('candidates', { ...filters, from: '' }).ok).toBe(false);
  });
});

describe('Calculation Failures requests', () => {
  it('when a client is selected, then its latest run is asked for; otherwise nothing', () => {
    expect(failuresRequest(client)).toEqual({ ok: true, body: { clientUuid: 'c' } });
    expect(failuresRequest(undefined)).toEqual({ ok: false, reason: NO_CLIENT });
  });
});
