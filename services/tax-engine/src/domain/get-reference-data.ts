import { assertMember, type Caller } from '@gains/auth';
import type { ReferenceData } from '../engine';

/** CGT rates for individuals by tax year (reference-data/cgt-rates.json): display data beside the engine's own. */
export type CgtRates = Record<string, { basic: string; higher: string; note?: string }>;

export interface TaxYearReference {
  label: string;
  startDate: string;
  endDate: string;
  annualExemptAmount: string;
  basicRate: string;
  higherRate: string;
  ratesNote: string;
}

/**
 * The engine's reference data as the Reference Data page shows it: each tax year from the first with an
 * annual exempt amount to the current one (a year after the last listed uses the last amount, as the
 * engine does), with its CGT rates; and the RPI series. Pure: today is passed in.
 */
export function taxReference(
  caller: Caller,
  organisationUuid: string,
  data: ReferenceData,
  rates: CgtRates,
  today: string,
): { taxYears: TaxYearReference[]; rpi: { month: string; value: string }[] } {
  assertMember(caller, organisationUuid);
  const starts = Object.keys(data.annualExemptAmounts).map((l) => Number(l.slice(0, 4)));
  const first = Math.min(...starts);
  const current = today >= `${today.slice(0, 4)}-04-06` ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const taxYears: TaxYearReference[] = [];
  let amount = '';
  for (let y = first; y <= Math.max(current, Math.max(...starts)); y++) {
    const label = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    amount = data.annualExemptAmounts[label] ?? amount;
    const r = rates[label];
    taxYears.push({
      label,
      startDate: `${y}-04-06`,
      endDate: `${y + 1}-04-05`,
      annualExemptAmount: amount,
      basicRate: r?.basic ?? '',
      higherRate: r?.higher ?? '',
      ratesNote: r?.note ?? '',
    });
  }
  const rpi = Object.entries(data.rpi)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, value]) => ({ month, value }));
  return { taxYears: taxYears.reverse(), rpi };
}
