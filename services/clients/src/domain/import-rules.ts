import crypto from 'node:crypto';
import { DomainError } from '@gains/errors';
import { dateProblem } from './date-rules';
import { canonicalDecimal, compare, decimalProblem, fromScaled, toScaled } from './decimal-rules';
import { deriveHolding, type HoldingRow } from './holding-rules';
import type { ColumnSpec, CsvRow, RejectedRow } from './import-csv';
import { checkTransaction, withGbpAmounts, type LedgerRowValues, type RawTransaction } from './transaction-rules';
import type { TransactionTypeRecord } from './transaction-types';

/**
 * The rules of each kind of import file, pure: every row checked against lookups loaded once per file (never per
 * row), every problem a rejected row naming its line, column and rule, and each good row's natural key, so a row
 * already imported (from this file or another) posts nothing twice.
 */

export const IMPORT_KINDS = ['TRANSACTIONS', 'CLIENTS', 'PORTFOLIOS', 'PRICES', 'CUSTODIAN_HOLDINGS'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const isImportKind = (kind: string): kind is ImportKind => (IMPORT_KINDS as readonly string[]).includes(kind);

/** The kinds this service imports itself (prices go to the securities service's own upload). */
export const LEDGER_KINDS: readonly ImportKind[] = ['TRANSACTIONS', 'CUSTODIAN_HOLDINGS'];

/** 20 MB of text is accepted (about 200,000 ledger rows); more is refused naming the limit. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export const TRANSACTION_COLUMNS: readonly ColumnSpec[] = [
  { name: 'client', aliases: ['client_code'], required: true },
  { name: 'portfolio', aliases: ['portfolio_code'], required: true },
  { name: 'security', aliases: ['sedol', 'isin', 'security_code'], required: true },
  { name: 'date', aliases: ['trade_date'], required: true },
  { name: 'type', aliases: ['transaction_type'], required: true },
  { name: 'quantity' },
  { name: 'price' },
  { name: 'amount', aliases: ['consideration'] },
  { name: 'expenses' },
  { name: 'currency' },
  { name: 'fx_rate' },
  { name: 'state' },
  { name: 'acquired', aliases: ['original_acquisition_date'] },
  { name: 'ratio' },
  { name: 'market_value' },
  { name: 'timing' },
  { name: 'ref', aliases: ['reference', 'id', 'transaction_id', 'transaction_code'] },
  { name: 'notes', aliases: ['description', 'comment', 'memo', 'narrative'] },
];

export const CUSTODIAN_COLUMNS: readonly ColumnSpec[] = [
  { name: 'portfolio', aliases: ['portfolio_code'], required: true },
  { name: 'security', aliases: ['sedol', 'isin', 'security_code'], required: true },
  { name: 'quantity', aliases: ['holding'], required: true },
  { name: 'date', aliases: ['as_at', 'as_of'], required: true },
];

/** What a file's rows are checked against: the organisation's own records, loaded once. */
export interface ImportLookups {
  today: string;
  /** by code, upper case */
  clients: Map<string, { id: number; uuid: string }>;
  /** the organisation's portfolios by code, upper case, with their owners' codes */
  portfolios: Map<string, { id: number; code: string; ownerCodes: Set<string> }>;
  /** portfolio codes that are another organisation's (upper case), to say so rather than "unknown" */
  foreignPortfolios: Set<string>;
  /** security ids by SEDOL and by ISIN, upper case */
  securities: Map<string, number>;
  /** the types the organisation may post, by name without case, spaces, `_` or `-` */
  types: Map<string, TransactionTypeRecord>;
}

export const typeKey = (name: string) => name.toUpperCase().replace(/[\s_-]/g, '');

/** A transaction row ready to post. */
export interface PreparedTransaction {
  line: number;
  naturalKey: string;
  portfolioId: number;
  portfolioCode: string;
  securityId: number;
  securityCode: string;
  typeId: number;
  values: LedgerRowValues;
}

// checkTransaction names the ledger's fields; a file's rejected row names the file's column.
const COLUMN_OF: Record<string, string> = {
  tradeDate: 'date',
  reportDate: 'date',
  consideration: 'amount',
  transactionCode: 'ref',
  fxRate: 'fx_rate',
  originalAcquisitionDate: 'acquired',
  marketValue: 'market_value',
  newSecurityId: 'new_security',
};

const hashKey = (parts: readonly string[]) => crypto.hash('sha1', parts.join('\u0000'), 'hex');

function shared(row: CsvRow, lookups: ImportLookups, rejected: RejectedRow[]) {
  const reject = (column: string, reason: string) => rejected.push({ line: row.line, column, reason });
  const portfolioCode = row.cells.portfolio!.toUpperCase();
  const portfolio = lookups.portfolios.get(portfolioCode);
  if (!portfolioCode) reject('portfolio', 'portfolio is required');
  else if (!portfolio) {
    reject(
      'portfolio',
      lookups.foreignPortfolios.has(portfolioCode)
        ? `Portfolio ${row.cells.portfolio} belongs to another organisation: a file may only name this organisation's portfolios`
        : `Unknown portfolio ${row.cells.portfolio} in this organisation`,
    );
  }
  const securityCode = row.cells.security!.toUpperCase();
  const securityId = lookups.securities.get(securityCode);
  if (!securityCode) reject('security', 'security is required (a SEDOL or an ISIN)');
  else if (securityId === undefined)
    reject('security', `Unknown security ${row.cells.security} (not a known SEDOL or ISIN)`);
  return { portfolio, securityId, securityCode };
}

/**
 * The transactions of a file: each row's client, portfolio (owned by that client), security, the firm's type and
 * the ledger's own row rules (checkTransaction). All rows are checked; the bad ones are every rejected row.
 */
export function prepareTransactions(
  rows: readonly CsvRow[],
  lookups: ImportLookups,
  /** how often each row's figures were seen before (shared when a file is prepared in slices) */
  seen = new Map<string, number>(),
): { prepared: PreparedTransaction[]; rejected: RejectedRow[] } {
  const prepared: PreparedTransaction[] = [];
  const rejected: RejectedRow[] = [];
  for (const row of rows) {
    const c = row.cells;
    const before = rejected.length;
    // A push rather than a closure per row: 100,000 rows pass here.
    const clientCode = (c.client ?? '').toUpperCase();
    const client = lookups.clients.get(clientCode);
    if (!clientCode) rejected.push({ line: row.line, column: 'client', reason: 'client is required' });
    else if (!client) {
      rejected.push({ line: row.line, column: 'client', reason: `Unknown client ${c.client} in this organisation` });
    }
    const { portfolio, securityId, securityCode } = shared(row, lookups, rejected);
    if (client && portfolio && !portfolio.ownerCodes.has(clientCode)) {
      rejected.push({
        line: row.line,
        column: 'portfolio',
        reason: `Portfolio ${portfolio.code} is not owned by client ${c.client}`,
      });
    }
    const typeName = c.type ?? '';
    const type = lookups.types.get(typeKey(typeName));
    if (!typeName) rejected.push({ line: row.line, column: 'type', reason: 'type is required' });
    else if (!type)
      rejected.push({
        line: row.line,
        column: 'type',
        reason: `Unknown transaction type ${typeName} for this organisation`,
      });
    else if (!type.active)
      rejected.push({ line: row.line, column: 'type', reason: `Transaction type ${type.name} is not active` });
    if (!type || !type.active) continue;
    const currency = (c.currency ?? '').toUpperCase() || 'GBP';
    if (currency !== 'GBP' && !(c.fx_rate ?? '')) {
      rejected.push({
        line: row.line,
        column: 'fx_rate',
        reason: `fx_rate (units of ${currency} per GBP) is required for a row not in GBP`,
      });
      continue;
    }
    const raw: RawTransaction = {
      state: c.state ?? '',
      transactionCode: c.ref ?? '',
      tradeDate: c.date ?? '',
      exDate: '',
      payDate: '',
      reportDate: '',
      quantity: c.quantity ?? '',
      price: c.price ?? '',
      consideration: c.amount ?? '',
      expenses: c.expenses ?? '',
      currency,
      fxRate: c.fx_rate ?? '',
      originalAcquisitionDate: c.acquired ?? '',
      counterpartyClientUuid: '',
      counterpartyName: '',
      holdoverReliefClaimed: '',
      newSecurityId: 0,
      marketValue: c.market_value ?? '',
      ratio: c.ratio ?? '',
      timing: c.timing ?? '',
      incomeType: '',
      taxDeducted: '',
      notes: c.notes ?? '',
    };
    let values: LedgerRowValues;
    try {
      const checked = checkTransaction(raw, type, { today: lookups.today, at: 'row', securityId: securityId ?? -1 });
      // Sterling (most rows): the GBP amounts are the amounts, without dividing by 1 a hundred thousand times.
      if (checked.fxRate === '1') {
        // Sterling: the checked row (made for this row alone) takes its GBP amounts in place.
        values = checked as LedgerRowValues;
        values.considerationGbp = checked.consideration;
        values.expensesGbp = checked.expenses;
      } else values = withGbpAmounts(checked, { unitsPerGbp: checked.fxRate ?? '1' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const field = (error.field ?? '').replace(/^row\./, '');
      rejected.push({ line: row.line, column: COLUMN_OF[field] ?? field, reason: error.message });
      continue;
    }
    if (rejected.length > before || !portfolio || securityId === undefined) continue;
    // The natural key: the row's own reference when it has one, else its figures and which repeat of them it is.
    let naturalKey: string;
    if (values.transactionCode) naturalKey = hashKey(['ref', clientCode, portfolio.code, values.transactionCode]);
    else {
      const baseKey = [
        'row',
        clientCode,
        portfolio.code,
        String(securityId),
        type.name,
        values.tradeDate,
        values.quantity,
        values.price ?? '',
        values.consideration,
      ].join('\u0000');
      const ordinal = (seen.get(baseKey) ?? 0) + 1;
      seen.set(baseKey, ordinal);
      naturalKey = hashKey([baseKey, String(ordinal)]);
    }
    prepared.push({
      line: row.line,
      naturalKey,
      portfolioId: portfolio.id,
      portfolioCode: portfolio.code,
      securityId,
      securityCode,
      typeId: type.id,
      values,
    });
  }
  return { prepared, rejected };
}

/** A custodian's holding of a security in a portfolio on a date. */
export interface CustodianHolding {
  line: number;
  portfolioId: number;
  portfolioCode: string;
  securityId: number;
  securityCode: string;
  date: string;
  quantity: string;
}

export function prepareCustodianHoldings(
  rows: readonly CsvRow[],
  lookups: ImportLookups,
): { prepared: CustodianHolding[]; rejected: RejectedRow[] } {
  const prepared: CustodianHolding[] = [];
  const rejected: RejectedRow[] = [];
  for (const row of rows) {
    const before = rejected.length;
    const reject = (column: string, reason: string) => rejected.push({ line: row.line, column, reason });
    const { portfolio, securityId, securityCode } = shared(row, lookups, rejected);
    const date = row.cells.date ?? '';
    const dateIssue = date ? dateProblem('date', date, lookups.today) : 'date is required';
    if (dateIssue) reject('date', dateIssue);
    const quantity = row.cells.quantity ?? '';
    const quantityIssue = quantity ? decimalProblem('quantity', quantity, 8, 'not-negative') : 'quantity is required';
    if (quantityIssue) reject('quantity', quantityIssue);
    if (rejected.length > before || !portfolio || securityId === undefined) continue;
    prepared.push({
      line: row.line,
      portfolioId: portfolio.id,
      portfolioCode: portfolio.code,
      securityId,
      securityCode,
      date,
      quantity: canonicalDecimal(quantity),
    });
  }
  return { prepared, rejected };
}

/** A custodian's figure that differs from the ledger's holding on its date. */
export interface HoldingDifference {
  holding: CustodianHolding;
  ledgerQuantity: string;
  /** custodian - ledger */
  difference: string;
  message: string;
}

/**
 * The ledger's holding on the custodian's date (its settled rows traded on or before it, deriveHolding) against
 * the custodian's quantity: equal, nothing; otherwise a difference.
 */
export function reconcileHolding(holding: CustodianHolding, rows: readonly HoldingRow[]): HoldingDifference | null {
  const ledgerQuantity = canonicalDecimal(
    deriveHolding(
      holding.securityId,
      rows.filter((r) => r.tradeDate <= holding.date),
    ).quantity,
  );
  if (compare(ledgerQuantity, holding.quantity) === 0) return null;
  const difference = subtract(holding.quantity, ledgerQuantity);
  return {
    holding,
    ledgerQuantity,
    difference,
    message:
      `Custodian holds ${holding.quantity} of ${holding.securityCode} in ${holding.portfolioCode} on ${holding.date}; ` +
      `the ledger holds ${ledgerQuantity} (difference ${difference})`,
  };
}

function subtract(a: string, b: string): string {
  return canonicalDecimal(fromScaled(toScaled(a, 8) - toScaled(b, 8), 8));
}
