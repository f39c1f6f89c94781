import type { ColDef } from 'ag-grid-community';
import { REPORT_TYPES, type ClientReport } from '@gains/contracts';
import { numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatDateTime } from '@/lib/format';

export type ReportRow = ClientReport & { id: string };

const TYPE_NAMES: Record<string, string> = {
  ...Object.fromEntries(REPORT_TYPES.map((t) => [t.code, t.name])),
  // a singular report only (no batch prints it, so it has no report type id)
  'calculation-failures': 'Calculation failures',
};
const GENERATIONS: Record<number, string> = { 1: 'Singular', 2: 'Batch' };

/** Seed 000 §2.5 reports list: report date, type, generation, batch id, user, version, link, delivery. */
export const reportColumns: ColDef<ReportRow>[] = [
  textColumn<ReportRow>('reportDate', 'Report Date', {
    valueFormatter: (p) => formatDateTime(p.value as string),
    width: 150,
    sort: 'desc',
  }),
  textColumn<ReportRow>('reportType', 'Report Type', {
    valueGetter: (p) => {
      const r = p.data;
      return r ? `${TYPE_NAMES[r.reportType] ?? r.reportType}${r.subject ? ` ${r.subject}` : ''}` : '';
    },
    // 'Corporate action holdings 28/11/2026', 'Ops transactions 06/04/2024 to 05/04/2025': shown whole
    width: 280,
    tooltipValueGetter: (p) => p.value as string,
  }),
  textColumn<ReportRow>('generation', 'Generation', {
    width: 110,
    valueGetter: (p) => (p.data ? (GENERATIONS[p.data.generation] ?? String(p.data.generation)) : ''),
  }),
  textColumn<ReportRow>('batchId', 'Batch Id'),
  textColumn<ReportRow>('user', 'User', { width: 140 }),
  numberColumn<ReportRow>('versionControl', 'Version Control', { width: 110 }),
  textColumn<ReportRow>('report', 'Report', {
    valueGetter: (p) => p.data?.fileName ?? '',
    // the link is signed for minutes: opened in a new window, as every report is (seed 000 §2.6)
    cellRenderer: (p: { data?: ReportRow }) =>
      p.data ? (
        <a href={p.data.report} target="_blank" rel="noopener noreferrer">
          {p.data.fileName}
        </a>
      ) : null,
    width: 270,
  }),
  textColumn<ReportRow>('delivery', 'Delivery', {
    width: 110,
    valueFormatter: (p) => (p.value ? String(p.value) : 'Download'),
  }),
];
