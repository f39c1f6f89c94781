import type { Caller } from '@gains/auth';
import { DomainError } from '@gains/errors';
import { describe, expect, it } from 'vitest';
import type { FirmSubject } from '../report-kind';
import type { CaFilters, ReportCaCandidateRow, ReportCaHeader } from '../report-sources';
import { CANDIDATE_COLUMNS, createCaCandidatesReport } from './ca-candidates';
import { createCaHeadersReport, HEADER_COLUMNS, parseCaFilters } from './ca-headers';
import { calculationFailuresReport, FAILURES_CSV_COLUMNS } from './calculation-failures';
import { parseCsv } from '@gains/testing/csv';
import { fixedSources, pdfOf, SUBJECT } from './kind-test-support';

const ORG = SUBJECT.organisationUuid;
const FIRM: FirmSubject = { organisationUuid: ORG, firm: SUBJECT.firm };
const RUN = 'c0000000-0000-4000-8000-0000000000aa';

function refusal(act: () => unknown): DomainError {
  try {
    act();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
}

const caller = (roles: string[], organisationUuids = [ORG]): Caller => ({
  userUuid: 'u1',
  email: 'u@example.com',
  name: 'U',
  roles,
  organisationUuids,
  sessionId: 's1',
  token: 't',
});

describe('calculation-failures report', () => {
  // The run's two failures as the engine stored them, one with its ledger row and one without.
  const figures = {
    runId: RUN,
    status: 'PARTIAL',
    startedAt: '2025-06-02T10:00:00.000Z',
    failures: [
      { security: 'B0YBKJ7', date: '2025-05-01', ref: 'row-17', message: 'Disposal of 10 more than held (0)' },
      { security: 'GB00ALPHA011', date: '2025-05-09', ref: '', message: 'No price for "Alpha, plc"' },
    ],
  };

  it('when a run is named, then it is read; left out, the latest; a runId not a uuid is named', () => {
    expect(calculationFailuresReport.parse({})).toEqual({ runId: '' });
    expect(calculationFailuresReport.parse({ runId: RUN.toUpperCase() })).toEqual({ runId: RUN });
    expect(refusal(() => calculationFailuresReport.parse({ runId: 'latest' })).field).toBe('runId');
  });

  it('when gathered, then the tax engine is asked for the client and the run', async () => {
    const asked: unknown[] = [];
    const { sources } = fixedSources([], {
      calculationFailures: async (...args) => {
        asked.push(args);
        return figures;
      },
    });
    expect(await calculationFailuresReport.gather(sources, SUBJECT, { runId: RUN })).toBe(figures);
    expect(asked).toEqual([[ORG, SUBJECT.client.uuid, RUN]]);
  });

  it('when written as CSV, then one row a failure: client code, run, security, ISO date, ref, message', () => {
    const rows = parseCsv(calculationFailuresReport.csv(SUBJECT, { runId: '' }, figures));
    expect(rows).toEqual([
      FAILURES_CSV_COLUMNS,
      ['C0001', RUN, 'B0YBKJ7', '2025-05-01', 'row-17', 'Disposal of 10 more than held (0)'],
      ['C0001', RUN, 'GB00ALPHA011', '2025-05-09', '', 'No price for "Alpha, plc"'],
    ]);
    expect(FAILURES_CSV_COLUMNS).toEqual(['Client Code', 'Run', 'Security', 'Date', 'Ref', 'Message']);
  });

  it('when written as PDF, then the dates read DD/MM/YYYY with the client and the run', async () => {
    const text = await pdfOf(calculationFailuresReport, { runId: '' }, figures);
    expect(text).toContain('Calculation Failures');
    expect(text).toContain('Ann Example');
    expect(text).toContain(RUN);
    expect(text).toContain('01/05/2025');
    expect(text).toContain('09/05/2025');
    expect(text).toContain('Disposal of 10 more than held (0)');
  });

  it('when asked by an adviser, then refused: it is the Calculations page roles', () => {
    expect(() => calculationFailuresReport.authorise!(caller(['ROLE_CUSTOMER_ADMIN']), ORG)).not.toThrow();
    expect(refusal(() => calculationFailuresReport.authorise!(caller(['ROLE_CUSTOMER_NON_ADMIN']), ORG)).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('the CA firm reports', () => {
  const headers = createCaHeadersReport(() => '2026-11-28');
  const candidates = createCaCandidatesReport(() => '2026-11-28');

  it('when the filters are wrong, then each refusal names its field before anything is read', () => {
    const cases: [Record<string, unknown>, 'headers' | 'candidates', string, string | RegExp][] = [
      [
        {},
        'headers',
        'searchDateType',
        'searchDateType is required: PAY_DATE, EX_DATE, CREATED_DATE or LAST_MODIFIED_DATE',
      ],
      [{ searchDateType: 'SOMETIME' }, 'headers', 'searchDateType', /^searchDateType must be one of/],
      // a trade date belongs to portfolio movements
      [{ searchDateType: 'TRADE_DATE' }, 'headers', 'searchDateType', /^searchDateType must be one of/],
      [{ searchDateType: 'PAY_DATE', from: '15/09/2026' }, 'headers', 'from', 'from must be a date as YYYY-MM-DD'],
      [{ searchDateType: 'PAY_DATE', from: '2026-02-30' }, 'headers', 'from', 'from must be a date as YYYY-MM-DD'],
      [
        { searchDateType: 'PAY_DATE', from: '2026-09-16', to: '2026-09-15' },
        'headers',
        'to',
        'To must not be before From',
      ],
      [{ searchDateType: 'PAY_DATE', status: 'HAPPY' }, 'headers', 'status', /^status must be one of/],
      [{ searchDateType: 'PAY_DATE', type: 'x' }, 'headers', 'type', 'type must be a uuid'],
      [{ searchDateType: 'PAY_DATE', security: -1 }, 'headers', 'security', /^security must be/],
      [{ documentTypeCode: 'XX' }, 'candidates', 'documentTypeCode', 'documentTypeCode must be CA or PM'],
      [
        { startDate: '2026-09-15', endDate: '2026-09-14' },
        'candidates',
        'endDate',
        'End Date must not be before Start Date',
      ],
    ];
    for (const [raw, report, field, message] of cases) {
      const error = refusal(() => parseCaFilters(raw, report));
      expect(error.field, JSON.stringify(raw)).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  it('when the filters are good, then they are as the documents service takes them', () => {
    expect(headers.parse({ searchDateType: 'pay_date', from: '2026-09-01', to: '2026-09-30', security: 7 })).toEqual({
      filters: {
        documentTypeCode: 'CA',
        typeUuid: '',
        status: '',
        securityId: 7,
        layerUuid: '',
        searchDateType: 'PAY_DATE',
        from: '2026-09-01',
        to: '2026-09-30',
      } satisfies CaFilters,
    });
    expect(candidates.parse({ startDate: '2026-09-01' }).filters).toMatchObject({ from: '2026-09-01', to: '' });
    expect(headers.scope).toBe('firm');
    expect(
      headers.subject(headers.parse({ searchDateType: 'PAY_DATE', from: '2026-09-01', to: '2026-09-30' }), {
        day: '2026-11-28',
        rows: [],
      }),
    ).toBe('CA PAY_DATE 01/09/2026 to 30/09/2026');
  });

  it('when gathered, then every page is read in turn and the CSV keeps the columns, one row each', async () => {
    const header = (code: string): ReportCaHeader => ({
      code,
      name: `${code} name`,
      typeName: 'Takeover',
      status: 'PENDING',
      securityName: 'Target, "Ordinary" plc',
      sedol: 'B0YBKJ7',
      isin: 'GB00B0YBKJ71',
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      tradeDate: '',
      layerName: 'Main event',
      counts: {
        candidates: 2,
        successes: 0,
        failures: 0,
        runCandidates: 0,
        runSuccesses: 0,
        runFailures: 0,
        runs: 0,
        candidatesEdited: 1,
        previewsEdited: 1,
        postedTransactions: 0,
      },
      createdByName: 'Manager',
      createdDate: '2026-08-20T09:30:05.123Z',
      lastModifiedByName: 'Manager',
      lastModifiedDate: '2026-08-21T10:00:00.000Z',
      version: 3,
      orgName: 'Ashworth Wealth',
    });
    const cursors: string[] = [];
    const { sources } = fixedSources([], {
      caHeaders: async (org, _filters, cursor) => {
        expect(org).toBe(ORG);
        cursors.push(cursor);
        return cursor === ''
          ? { rows: [header('CA-000001')], nextCursor: 'p2' }
          : { rows: [header('CA-000002')], nextCursor: '' };
      },
    });
    const params = headers.parse({ searchDateType: 'PAY_DATE' });
    const figures = await headers.gather(sources, FIRM, params);
    expect(cursors).toEqual(['', 'p2']);
    expect(headers.fileStem(FIRM, params, figures)).toBe('2026-11-28-document-list');
    const [columns, ...rows] = parseCsv(headers.csv(FIRM, params, figures));
    expect(columns).toEqual(HEADER_COLUMNS);
    expect(rows.map((r) => r[0])).toEqual(['CA-000001', 'CA-000002']);
    const row = Object.fromEntries(columns!.map((c, i) => [c, rows[0]![i]]));
    expect(row).toMatchObject({
      Security: 'Target, "Ordinary" plc',
      Candidates: '2',
      'Candidates Edited': '1',
      // timestamps to the second, UTC
      'Created At': '2026-08-20 09:30:05',
      Version: '3',
      Organisation: 'Ashworth Wealth',
    });
  });

  it('when candidates are written, then their figures are the exact text kept', async () => {
    const candidate: ReportCaCandidateRow = {
      headerCode: 'CA-000001',
      headerTypeName: 'Takeover',
      headerStatus: 'EDIT',
      securityName: 'Target plc',
      sedol: 'B0YBKJ7',
      isin: 'GB00B0YBKJ71',
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      candidate: Object.fromEntries(CANDIDATE_COLUMNS.slice(8).map((c) => [c, ''])) as never,
    };
    candidate.candidate = {
      ...candidate.candidate!,
      clientCode: 'REP-1',
      portfolioCode: 'REP-1-B',
      holdingQuantity: '1003',
      cgtCost: '3009.75',
      status: 'EDIT',
    };
    const { sources } = fixedSources([], { caCandidates: async () => ({ rows: [candidate], nextCursor: '' }) });
    const params = candidates.parse({});
    const [columns, ...rows] = parseCsv(candidates.csv(FIRM, params, await candidates.gather(sources, FIRM, params)));
    expect(columns).toEqual(CANDIDATE_COLUMNS);
    const row = Object.fromEntries(columns!.map((c, i) => [c, rows[0]![i]]));
    expect(row).toMatchObject({
      'Header Code': 'CA-000001',
      'Client Code': 'REP-1',
      'Portfolio Code': 'REP-1-B',
      'Holding Quantity': '1003',
      'CGT Cost': '3009.75',
      Status: 'EDIT',
    });
  });

  it("when asked by an adviser or another firm's member, then refused", () => {
    expect(() => headers.authorise!(caller(['ROLE_CUSTOMER_ADMIN']), ORG)).not.toThrow();
    expect(refusal(() => headers.authorise!(caller(['ROLE_CUSTOMER_NON_ADMIN']), ORG)).code).toBe('PERMISSION_DENIED');
    expect(refusal(() => candidates.authorise!(caller(['ROLE_CUSTOMER_ADMIN'], ['someone-else']), ORG)).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});
