/**
 * The report types a service level (or a client's override) maps, with whether each is generated (spec seed 000
 * §3: the report kinds). Ids are stable: they are stored in service level mappings.
 */
export const REPORT_TYPES = [
  { id: 1, code: 'cgt-realised', name: 'CGT realised gains' },
  { id: 2, code: 'holding', name: 'Holdings' },
  { id: 3, code: 'ca-holding', name: 'Corporate action holdings' },
  { id: 4, code: 'reconciliation', name: 'Reconciliation' },
  { id: 5, code: 'stock-transactions', name: 'Stock transactions' },
  { id: 6, code: 'ops-transactions', name: 'Operations transactions' },
  { id: 7, code: 'income-report', name: 'Income statement' },
  { id: 8, code: 'ca-candidates', name: 'Corporate action candidates' },
] as const;

export type ReportTypeId = (typeof REPORT_TYPES)[number]['id'];

export function isReportTypeId(id: number): id is ReportTypeId {
  return REPORT_TYPES.some((t) => t.id === id);
}

/** The report type's name, or its id where it is not one we know. */
export function reportTypeName(id: number): string {
  return REPORT_TYPES.find((t) => t.id === id)?.name ?? `Report type ${id}`;
}
