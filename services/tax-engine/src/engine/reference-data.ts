import { Rational } from './arithmetic';

/**
 * Reference data the caller loads (the engine does no I/O) and passes in: annual exempt amounts and the
 * RPI series. The text parsers here are pure so the CLI, the service and tests share them.
 */

export interface ReferenceData {
  /** Individual annual exempt amount by tax year, GBP ("2024-25": "3000"). */
  annualExemptAmounts: Record<string, string>;
  /** Monthly RPI by "YYYY-MM" (January 1987 = 100). */
  rpi: Record<string, string>;
}

/** Parsed once per reference-data object and cached. */
export interface PreparedReferenceData {
  aea: Map<number, Rational>;
  aeaLastYear: number;
  rpi: Map<string, Rational>;
}

const prepared = new WeakMap<ReferenceData, PreparedReferenceData>();

export function prepareReferenceData(ref: ReferenceData): PreparedReferenceData {
  const cached = prepared.get(ref);
  if (cached) return cached;
  const aea = new Map<number, Rational>();
  let last = -1;
  for (const [label, amount] of Object.entries(ref.annualExemptAmounts)) {
    const start = Number(label.slice(0, 4));
    aea.set(start, Rational.parse(amount));
    if (start > last) last = start;
  }
  const rpi = new Map<string, Rational>();
  for (const [month, value] of Object.entries(ref.rpi)) rpi.set(month, Rational.parse(value));
  const result = { aea, aeaLastYear: last, rpi };
  prepared.set(ref, result);
  return result;
}

/** "month,rpi" CSV text (header row first) to a month -> value record. */
export function parseRpiCsv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const [month, value] = line.split(',');
    if (!/^\d{4}-\d{2}$/.test(month) || Rational.tryParse(value ?? '') === null) {
      throw new Error(`RPI line ${i + 1}: expected "YYYY-MM,value", got "${line}"`);
    }
    out[month] = value.trim();
  }
  return out;
}

/** The annual-exempt-amounts.json document to the record the engine takes. */
export function parseAnnualExemptAmountsJson(doc: unknown): Record<string, string> {
  const individual = (doc as { individual?: Record<string, string> })?.individual;
  if (!individual || typeof individual !== 'object') throw new Error('annual exempt amounts: missing "individual"');
  return { ...individual };
}
