import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnnualExemptAmountsJson, parseRpiCsv, type ReferenceData } from '../engine';

/** services/tax-engine/reference-data, beside src/ (the engine itself does no I/O: callers read it here and pass it in). */
export const REFERENCE_DATA_DIR = fileURLToPath(new URL('../../reference-data/', import.meta.url));

/** Read the annual exempt amounts and RPI series the engine needs (the engine itself does no I/O). */
export function loadReferenceData(dir: string = REFERENCE_DATA_DIR): ReferenceData {
  const aea = JSON.parse(readFileSync(join(dir, 'annual-exempt-amounts.json'), 'utf8'));
  return {
    annualExemptAmounts: parseAnnualExemptAmountsJson(aea),
    rpi: parseRpiCsv(readFileSync(join(dir, 'rpi-monthly.csv'), 'utf8')),
  };
}

/** CGT rates for individuals by tax year (display data; the engine computes gains, not tax). */
export function loadCgtRates(
  dir: string = REFERENCE_DATA_DIR,
): Record<string, { basic: string; higher: string; note?: string }> {
  return JSON.parse(readFileSync(join(dir, 'cgt-rates.json'), 'utf8')).individual;
}
