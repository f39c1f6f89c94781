import type { imports } from '@gains/proto';
import type { Wire } from './calculations';

/**
 * The REST shapes of imports (Interface Logging, issue 22), derived from imports.proto: the BFF answers
 * `Wire<message>`, optional dates written as null when unset.
 */
export type ImportTask = Wire<imports.ImportTask>;
export type ImportRejectedRow = Wire<imports.RejectedRow>;

export const IMPORT_KIND_NAMES = {
  TRANSACTIONS: 'Transactions',
  CUSTODIAN_HOLDINGS: 'Custodian holdings',
  PRICES: 'Prices',
  CLIENTS: 'Clients',
  PORTFOLIOS: 'Portfolios',
} as const;
export type ImportKind = keyof typeof IMPORT_KIND_NAMES;

/** POST /api/interface-logging/imports: the file's text, read in the browser. */
export interface StartImportBody {
  kind: ImportKind;
  fileName: string;
  content: string;
}
