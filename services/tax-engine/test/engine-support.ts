import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeLedger, type ComputeOptions } from '../src/engine/compute-ledger';
import type { Computation, Disposal, TaxYearSummary } from '../src/engine/computation';
import type { Ledger, LedgerTransaction, Taxpayer } from '../src/engine/ledger';
import { parseAnnualExemptAmountsJson, parseRpiCsv, type ReferenceData } from '../src/engine/reference-data';

/** The engine's test helpers: ledgers from rows, and the committed reference data (read from files, so kept out of the pure engine). */

const dir = fileURLToPath(new URL('../reference-data/', import.meta.url));
export const referenceData: ReferenceData = {
  annualExemptAmounts: parseAnnualExemptAmountsJson(
    JSON.parse(readFileSync(dir + 'annual-exempt-amounts.json', 'utf8')),
  ),
  rpi: parseRpiCsv(readFileSync(dir + 'rpi-monthly.csv', 'utf8')),
};

type Row = [
  date: string,
  type: LedgerTransaction['type'],
  security: string,
  quantity?: string,
  price?: string,
  expenses?: string,
];

export function tx(...[date, type, security, quantity, price, expenses]: Row): LedgerTransaction {
  const t: LedgerTransaction = { date, type, security };
  if (quantity !== undefined) t.quantity = quantity;
  if (price !== undefined) t.price = price;
  if (expenses !== undefined) t.expenses = expenses;
  return t;
}

export function compute(
  transactions: LedgerTransaction[],
  taxpayer: Taxpayer = { kind: 'individual' },
  extra: Partial<Ledger> = {},
  options: ComputeOptions = {},
): Computation {
  return computeLedger({ taxpayer, transactions, ...extra }, referenceData, options);
}

export const pence = (r: { toFixed(dp: number): string }) => r.toFixed(2);

export function year(c: Computation, label: string): TaxYearSummary {
  const y = c.taxYears.find((t) => t.taxYear === label);
  if (!y) throw new Error(`no tax year ${label}`);
  return y;
}

export function disposalOn(c: Computation, date: string, security?: string): Disposal {
  const d = c.disposals.find((x) => x.date === date && (security === undefined || x.security === security));
  if (!d) throw new Error(`no disposal on ${date}`);
  return d;
}

export function pool(c: Computation, security: string) {
  const h = c.holdings.find((x) => x.security === security);
  if (!h) throw new Error(`no holding ${security}`);
  return h.pool;
}
