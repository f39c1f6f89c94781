import type { TaxYearReference } from '@gains/contracts';

/** The year after `label` ("2026-27" → "2027-28"). */
export function nextTaxYear(label: string): string {
  const start = Number(label.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The years whose amount a provider admin may set: the next after the last held, or one set before (the
 * statutory years are the engine's reference data). The tax engine checks again and names the field.
 */
export function settableTaxYears(taxYears: readonly TaxYearReference[]): string[] {
  const last = [...taxYears].sort((a, b) => a.label.localeCompare(b.label)).at(-1)?.label;
  const setBefore = taxYears.filter((y) => y.amountSetBy).map((y) => y.label);
  return [...new Set([...(last ? [nextTaxYear(last)] : []), ...setBefore])].sort().reverse();
}
