import type { ColDef } from 'ag-grid-community';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import { textColumn } from '@/components/grid/grid-defaults';

/** The securities grid of the Singular Reports tabs (seed 000 §2.6): SEDOL, ISIN, Reporting Name, Issuer Name. */
export const reportSecuritiesColumns: ColDef<SecuritySearchResult>[] = [
  textColumn<SecuritySearchResult>('sedol', 'SEDOL', { width: 120 }),
  textColumn<SecuritySearchResult>('isin', 'ISIN', { width: 150 }),
  textColumn<SecuritySearchResult>('reportingName', 'Reporting Name', { width: 240 }),
  textColumn<SecuritySearchResult>('issuerName', 'Issuer Name', { width: 220 }),
];
