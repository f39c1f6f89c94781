import { csvText } from '@gains/access';
import type { FirmSubject, ReportKind } from '../report-kind';
import type { ReportCaCandidateRow, ReportSources } from '../report-sources';
import {
  assertCaReportUser,
  caSubject,
  everyPage,
  parseCaFilters,
  type CaReportFigures,
  type CaReportParams,
} from './ca-headers';
import { londonToday } from './report-params';

/**
 * CA Candidates (seed 000 §2.6, seed 001 §7; POST admin/documents/headers/candidates/report-csv {startDate,
 * endDate, ...}): every candidate of the headers the filters find, by header then portfolio, each with its header's
 * code, type and security, figures as the documents service keeps them (exact decimal text). A firm report, like
 * CA Headers (ca-headers.ts: filters, roles, paging).
 */

export const CANDIDATE_COLUMNS = [
  'Header Code',
  'Header Type',
  'Header Status',
  'Security',
  'SEDOL',
  'ISIN',
  'Ex Date',
  'Pay Date',
  'Client Code',
  'Client Name',
  'Portfolio Code',
  'Portfolio Name',
  'As At Date',
  'Holding Quantity',
  'CGT Cost',
  'Valuation Cost',
  'Price',
  'Market Valuation',
  'Transfer Quantity',
  'Transfer Percentage',
  'Group 1 Quantity',
  'Group 2 Quantity',
  'Group 1 FIFO',
  'Group 2 FIFO',
  'Group 1 LIFO',
  'Group 2 LIFO',
  'Group 1 Average',
  'Group 2 Average',
  'Status',
  'Failure Reason',
];

export function candidateRow(r: ReportCaCandidateRow): string[] {
  const c = r.candidate;
  return [
    r.headerCode,
    r.headerTypeName,
    r.headerStatus,
    r.securityName,
    r.sedol,
    r.isin,
    r.exDate,
    r.payDate,
    c?.clientCode ?? '',
    c?.clientName ?? '',
    c?.portfolioCode ?? '',
    c?.portfolioName ?? '',
    c?.asAtDate ?? '',
    c?.holdingQuantity ?? '',
    c?.cgtCost ?? '',
    c?.valuationCost ?? '',
    c?.price ?? '',
    c?.marketValuation ?? '',
    c?.transferQuantity ?? '',
    c?.transferPercentage ?? '',
    c?.group1Quantity ?? '',
    c?.group2Quantity ?? '',
    c?.group1Fifo ?? '',
    c?.group2Fifo ?? '',
    c?.group1Lifo ?? '',
    c?.group2Lifo ?? '',
    c?.group1Average ?? '',
    c?.group2Average ?? '',
    c?.status ?? '',
    c?.failureReason ?? '',
  ];
}

export function createCaCandidatesReport(
  today: () => string = londonToday,
): ReportKind<CaReportParams, CaReportFigures<ReportCaCandidateRow>, FirmSubject> {
  return {
    kind: 'ca-candidates',
    scope: 'firm',
    authorise: assertCaReportUser,
    formats: ['csv'],
    parse: (raw) => ({ filters: parseCaFilters(raw, 'candidates') }),
    async gather(sources: ReportSources, subject, params) {
      const rows = await everyPage((cursor) => sources.caCandidates(subject.organisationUuid, params.filters, cursor));
      return { day: today(), rows };
    },
    subject: caSubject,
    fileStem: (_subject, _params, figures) => `${figures.day}-candidates`,
    csv: (_subject, _params, figures) => csvText([CANDIDATE_COLUMNS, ...figures.rows.map(candidateRow)]),
  };
}

export const caCandidatesReport = createCaCandidatesReport();
