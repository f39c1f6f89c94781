import { parseIsoDate } from './dates';
import type {
  CorporateActionTiming,
  GainClass,
  Ledger,
  LedgerTransaction,
  PortfolioInfo,
  SecurityInfo,
} from './ledger';
import { isTransactionType, TRANSACTION_TYPES } from './ledger';
import { parseRatio } from './row-parsers';
import { Rational } from './arithmetic';

/**
 * The ledger CSV (documented in services/tax-engine/README.md): a header row, then one transaction a
 * row in any order. Pure text in, ledger rows out; a malformed cell is an error naming its line and
 * column. The clients service's transaction import takes the same file.
 */

export interface CsvError {
  line: number;
  column: string;
  message: string;
}

export interface ParsedLedgerCsv {
  transactions: LedgerTransaction[];
  securities: Record<string, SecurityInfo>;
  portfolios: Record<string, PortfolioInfo>;
  errors: CsvError[];
}

/** The field of a free-text column (notes, description): accepted and ignored. */
const NOTE = '-';

/** Header name (case, spaces, '_' and '-' ignored) -> field. */
const COLUMNS: Record<string, string> = {
  date: 'date',
  type: 'type',
  security: 'security',
  quantity: 'quantity',
  price: 'price',
  amount: 'amount',
  expenses: 'expenses',
  portfolio: 'portfolio',
  acquired: 'acquired',
  counterparty: 'counterparty',
  connected: 'connected',
  holdover: 'holdoverRelief',
  holdoverrelief: 'holdoverRelief',
  newsecurity: 'newSecurity',
  marketvalue: 'marketValue',
  class: 'class',
  gainclass: 'class',
  ownership: 'ownership',
  timing: 'timing',
  // The row's own reference, echoed with its line in matches and failures.
  ref: 'ref',
  reference: 'ref',
  id: 'ref',
  transactionid: 'ref',
  // Free text, read and not used (it cannot change a figure).
  notes: NOTE,
  note: NOTE,
  description: NOTE,
  comment: NOTE,
  comments: NOTE,
  memo: NOTE,
  narrative: NOTE,
};

const MONEY_COLUMNS = ['price', 'amount', 'expenses', 'holdoverRelief', 'marketValue'] as const;
/** The row fields a transaction takes as written (after the checks); formatLedgerCsv writes each in snake_case. */
const TEXT_FIELDS = [
  'quantity',
  'price',
  'amount',
  'expenses',
  'portfolio',
  'acquired',
  'counterparty',
  'holdoverRelief',
  'newSecurity',
  'marketValue',
] as const;
const RATIO_TYPES = new Set(['SPLIT', 'CONSOLIDATION', 'BONUS']);
const CLASSES: Record<string, GainClass> = { CAPITAL: 'capital', EXEMPT: 'exempt', INCOME: 'income' };
/** A corporate action's `timing` (case, spaces, '_' and '-' ignored). */
const TIMINGS: Record<string, CorporateActionTiming> = {
  BEFORETRADES: 'before-trades',
  BEFORE: 'before-trades',
  AFTERTRADES: 'after-trades',
  AFTER: 'after-trades',
};
const TRADE_TYPES = new Set([
  'BUY',
  'SELL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'GIFT_OUT',
  'SPOUSE_IN',
  'SPOUSE_OUT',
  'REDEMPTION',
]);

/** One CSV record: its cells and the line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /**
   * A quote opened (on `line`, in cell `cell`) and never closed: the rest of the text was read into that cell,
   * so the record is not what its writer meant.
   */
  unclosedQuote?: { line: number; cell: number };
}

/** Split CSV text into records of cells (RFC 4180 quoting), with the line each record starts on. */
export function splitCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  // Where the next quote and carriage return are, found again only once passed (one scan of the text each).
  let quote = text.indexOf('"');
  let cr = text.indexOf('\r');
  while (i < text.length) {
    if (quote >= 0 && quote < i) quote = text.indexOf('"', i);
    if (cr >= 0 && cr < i) cr = text.indexOf('\r', i);
    let end = text.indexOf('\n', i);
    if (end < 0) end = text.length;
    const stop = end > i && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if ((quote < 0 || quote >= end) && (cr < 0 || cr >= stop)) {
      // The usual line: no quotes and no lone carriage return, so its cells are what lies between commas.
      const record = text.slice(i, stop);
      if (record.includes(',') || record.trim() !== '') records.push({ line, cells: record.split(',') });
      i = end + 1;
      line++;
    } else {
      const read = readCsvRecord(text, i, line);
      if (read.keep)
        records.push(
          read.unclosedQuote
            ? { line, cells: read.cells, unclosedQuote: read.unclosedQuote }
            : { line, cells: read.cells },
        );
      i = read.next;
      line = read.line;
    }
  }
  return records;
}

/**
 * One record from `from`, character by character: quoted cells (with commas, doubled quotes and line breaks
 * inside) and a lone carriage return as a line break. Returns where the next record starts and on which line,
 * and where a quote left open at the end of the text was opened.
 */
export function readCsvRecord(
  text: string,
  from: number,
  startLine: number,
): { cells: string[]; keep: boolean; next: number; line: number; unclosedQuote?: { line: number; cell: number } } {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = startLine;
  let any = false;
  let line = startLine;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"') {
      quoted = true;
      quoteLine = line;
      any = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      any = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      return { cells, keep: any || cells.some((x) => x.trim() !== ''), next: i + 1, line: line + 1 };
    } else {
      cell += c;
      if (c.trim() !== '') any = true;
    }
  }
  const unclosedQuote = quoted ? { line: quoteLine, cell: cells.length } : undefined;
  cells.push(cell);
  const keep = any || cells.some((x) => x.trim() !== '');
  return unclosedQuote
    ? { cells, keep, next: text.length, line, unclosedQuote }
    : { cells, keep, next: text.length, line };
}

/**
 * What is wrong with a record's shape, or null: a quote never closed (every later line was read into one
 * cell), or fewer cells than the header names (a cell missing shifts every one after it). `columns` are the
 * header's names; empty ones past the last named column (a trailing comma) need no cell.
 */
function recordProblem(record: CsvRecord, columns: string[]): CsvError | null {
  const name = (cell: number) => columns[cell] || '-';
  if (record.unclosedQuote) {
    const { line, cell } = record.unclosedQuote;
    return {
      line,
      column: name(cell),
      message: 'a quote opened here is never closed, so every line after it would be read into this cell',
    };
  }
  let needed = columns.length;
  while (needed > 0 && columns[needed - 1] === '') needed--;
  if (record.cells.length < needed)
    return {
      line: record.line,
      column: name(record.cells.length),
      message: `${record.cells.length} ${record.cells.length === 1 ? 'cell' : 'cells'} but the header has ${needed}: "${columns[record.cells.length]}" and the columns after it are missing`,
    };
  return null;
}

export function parseLedgerCsv(text: string): ParsedLedgerCsv {
  const result: ParsedLedgerCsv = { transactions: [], securities: {}, portfolios: {}, errors: [] };
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  if (records.length === 0) {
    result.errors.push({ line: 1, column: '', message: 'empty file: expected a header row' });
    return result;
  }
  const header = records[0].cells.map((h) => h.trim());
  if (records[0].unclosedQuote) {
    result.errors.push(recordProblem(records[0], header)!);
    return result;
  }
  const fields = header.map((h) => COLUMNS[h.toLowerCase().replace(/[\s_-]/g, '')]);
  header.forEach((h, i) => {
    if (!fields[i] && h !== '')
      result.errors.push({ line: records[0].line, column: h, message: `unknown column "${h}"` });
  });
  for (const required of ['date', 'type', 'security']) {
    if (!fields.includes(required))
      result.errors.push({ line: records[0].line, column: required, message: `missing column "${required}"` });
  }
  if (result.errors.length) return result;

  // Per file, not per row: each field's column as the header writes it (named in errors), the columns read,
  // and each way of writing a type seen so far ("buy", "Transfer In" and "transfer-in" are BUY and TRANSFER_IN).
  const colName: Record<string, string> = {};
  const read: { field: string; index: number }[] = [];
  fields.forEach((f, index) => {
    if (!f || f === NOTE) return;
    colName[f] = header[index];
    read.push({ field: f, index });
  });
  const types = new Map<string, string>();
  let line = 0;
  const err = (field: string, message: string) =>
    result.errors.push({ line, column: colName[field] ?? field, message });

  for (let r = 1; r < records.length; r++) {
    const cells = records[r].cells;
    line = records[r].line;
    const problem = recordProblem(records[r], header);
    if (problem) {
      result.errors.push(problem);
      continue;
    }
    const row: Record<string, string> = {};
    // Empty cells past the header (a trailing comma) are nothing; anything else there is an error.
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== '')) {
      result.errors.push({ line, column: '', message: `${cells.length} cells but the header has ${header.length}` });
      continue;
    }
    for (const { field, index } of read) {
      const v = (cells[index] ?? '').trim();
      if (v !== '') row[field] = v;
    }
    const errorsBefore = result.errors.length;

    const rawType = row.type ?? '';
    let type = types.get(rawType);
    if (type === undefined) types.set(rawType, (type = rawType.toUpperCase().replace(/[\s-]+/g, '_')));
    if (!row.date) err('date', 'date is required');
    else if (parseIsoDate(row.date) === null) err('date', `"${row.date}" is not a date (YYYY-MM-DD)`);
    if (!type) err('type', 'type is required');
    else if (!isTransactionType(type))
      err('type', `unknown type "${row.type}" (expected one of ${TRANSACTION_TYPES.join(', ')})`);
    if (!row.security) err('security', 'security is required');
    if (row.quantity !== undefined) {
      if (RATIO_TYPES.has(type)) {
        if (parseRatio(row.quantity) === null)
          err('quantity', `"${row.quantity}" is not a ratio new:old (e.g. 2 or 1:10)`);
      } else {
        const q = Rational.tryParse(row.quantity);
        if (q === null || q.isNegative()) err('quantity', `"${row.quantity}" is not a quantity`);
      }
    }
    for (const f of MONEY_COLUMNS) {
      const v = row[f];
      if (v === undefined) continue;
      const amount = v.charCodeAt(0) === 0xa3 ? v.slice(1) : v; // a leading £
      const n = Rational.tryParse(amount);
      if (n === null || n.isNegative()) err(f, `"${v}" is not an amount`);
      else row[f] = amount;
    }
    if (row.acquired !== undefined && parseIsoDate(row.acquired) === null)
      err('acquired', `"${row.acquired}" is not a date (YYYY-MM-DD)`);
    let connected: boolean | undefined;
    if (row.connected !== undefined) {
      const v = row.connected.toUpperCase();
      if (['Y', 'YES', 'TRUE', '1'].includes(v)) connected = true;
      else if (['N', 'NO', 'FALSE', '0'].includes(v)) connected = false;
      else err('connected', `"${row.connected}" is not Y or N`);
    }
    if (row.class !== undefined) {
      const cls = CLASSES[row.class.toUpperCase()];
      if (!cls) err('class', `"${row.class}" is not CAPITAL, EXEMPT or INCOME`);
      else if (row.security) result.securities[row.security] = { gainClass: cls };
    }
    if (row.ownership !== undefined) {
      const pct = Rational.tryParse(row.ownership.replace(/%$/, ''));
      if (pct === null || !pct.isPositive() || pct.gt(Rational.fromInt(100)))
        err('ownership', `"${row.ownership}" is not a percentage above 0 and at most 100`);
      else result.portfolios[row.portfolio ?? ''] = { ownershipPercent: row.ownership.replace(/%$/, '') };
    }
    let timing: CorporateActionTiming | undefined;
    if (row.timing !== undefined) {
      timing = TIMINGS[row.timing.toUpperCase().replace(/[\s_-]+/g, '')];
      if (!timing) err('timing', `"${row.timing}" is not before-trades or after-trades`);
      else if (TRADE_TYPES.has(type))
        err('timing', `timing is for corporate actions; a ${type} is one of the day's trades`);
    }
    if (result.errors.length > errorsBefore) continue;

    const tx: LedgerTransaction = {
      date: row.date,
      type: type as LedgerTransaction['type'],
      security: row.security,
      ref: row.ref ? `line ${line} (${row.ref})` : `line ${line}`,
    };
    for (const f of TEXT_FIELDS) if (row[f] !== undefined) tx[f] = row[f];
    // A gift to a named person is taken to be to a connected person unless the row says otherwise.
    if (connected !== undefined) tx.connected = connected;
    else if (type === 'GIFT_OUT' && row.counterparty) tx.connected = true;
    if (timing !== undefined) tx.timing = timing;
    result.transactions.push(tx);
  }
  return result;
}

/**
 * A ledger as the CSV this module reads (the inverse of ledgerFromCsv for its rows, securities' classes and
 * portfolios' ownership): so a ledger held anywhere can be computed again with `pnpm cgt` or uploaded to the
 * Calculations page. Only the optional columns some row uses are written; a cell holding a comma, quote or line
 * break is quoted. Refs are not written (the reader makes its own from the line).
 */
export function formatLedgerCsv(ledger: Omit<Ledger, 'taxpayer'>): string {
  const rows = ledger.transactions;
  const used = TEXT_FIELDS.filter((f) => rows.some((t) => t[f] !== undefined && t[f] !== ''));
  const connected = rows.some((t) => t.connected !== undefined);
  const classes = ledger.securities ?? {};
  const withClass = rows.some((t) => classes[t.security]?.gainClass !== undefined);
  const portfolios = ledger.portfolios ?? {};
  const withOwnership = rows.some((t) => portfolios[t.portfolio ?? '']?.ownershipPercent !== undefined);
  const withTiming = rows.some((t) => t.timing !== undefined);
  const header = ['date', 'type', 'security', ...used.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))];
  if (connected) header.push('connected');
  if (withClass) header.push('class');
  if (withOwnership) header.push('ownership');
  if (withTiming) header.push('timing');
  const lines = [header.join(',')];
  for (const t of rows) {
    const cells = [t.date, t.type, t.security, ...used.map((f) => t[f] ?? '')];
    if (connected) cells.push(t.connected === undefined ? '' : t.connected ? 'Y' : 'N');
    if (withClass) cells.push(classes[t.security]?.gainClass?.toUpperCase() ?? '');
    if (withOwnership) cells.push(portfolios[t.portfolio ?? '']?.ownershipPercent ?? '');
    if (withTiming) cells.push(t.timing ?? '');
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Convenience: the CSV as a Ledger for a taxpayer (throws nothing; errors are returned). */
export function ledgerFromCsv(text: string, taxpayer: Ledger['taxpayer']): { ledger: Ledger; errors: CsvError[] } {
  const parsed = parseLedgerCsv(text);
  return {
    ledger: {
      taxpayer,
      transactions: parsed.transactions,
      securities: parsed.securities,
      portfolios: parsed.portfolios,
    },
    errors: parsed.errors,
  };
}

/** "security,price" CSV (header row first) to a price record. */
export function parsePricesCsv(text: string): { prices: Record<string, string>; errors: CsvError[] } {
  const prices: Record<string, string> = {};
  const errors: CsvError[] = [];
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  const columns = (records[0]?.cells ?? []).map((h) => h.trim());
  const header = columns.map((h) => h.toLowerCase());
  const headerLine = records[0]?.line ?? 1;
  if (records[0]?.unclosedQuote) return { prices, errors: [recordProblem(records[0], columns)!] };
  // Only the two columns: another one (a market value, a date) would be read as nothing, silently.
  header.forEach((h, i) => {
    if (h !== '' && h !== 'security' && h !== 'price')
      errors.push({
        line: headerLine,
        column: columns[i],
        message: `unknown column "${columns[i]}" (a prices file has columns "security" and "price")`,
      });
  });
  const si = header.indexOf('security');
  const pi = header.indexOf('price');
  if (si < 0 || pi < 0)
    errors.push({
      line: headerLine,
      column: si < 0 ? 'security' : 'price',
      message: 'prices need columns "security" and "price"',
    });
  if (errors.length) return { prices, errors };
  for (const record of records.slice(1)) {
    const { line, cells } = record;
    const problem = recordProblem(record, columns);
    if (problem) {
      errors.push(problem);
      continue;
    }
    if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.trim() !== '')) {
      errors.push({ line, column: '', message: `${cells.length} cells but the header has ${columns.length}` });
      continue;
    }
    const security = (cells[si] ?? '').trim();
    const price = (cells[pi] ?? '').trim().replace(/^£/, '');
    if (!security) errors.push({ line, column: 'security', message: 'security is required' });
    else if (Rational.tryParse(price) === null)
      errors.push({ line, column: 'price', message: `"${price}" is not a price` });
    else prices[security] = price;
  }
  return { prices, errors };
}
