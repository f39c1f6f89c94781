import { assertMember, type Caller } from '@gains/auth';
import { cgtRatesShown, type CgtRatesShown, type ReferenceData } from '../engine';
import type { AddedAnnualExemptAmount } from './annual-exempt-amounts';

export interface TaxYearReference {
  label: string;
  startDate: string;
  endDate: string;
  annualExemptAmount: string;
  basicRate: string;
  higherRate: string;
  ratesNote: string;
  /** Who set the amount and when, for a year a provider admin added; '' for the statutory years. */
  amountSetBy: string;
  amountSetAt: string;
}

/**
 * The engine's reference data as the Reference Data page shows it: each tax year from the first with an
 * annual exempt amount to the current one (a year after the last listed uses the last amount, as the
 * engine does), with its CGT rates (individuals'); and the RPI series. Pure: today is passed in.
 */
export function taxReference(
  caller: Caller,
  organisationUuid: string,
  data: ReferenceData,
  today: string,
  options: {
    /** The amounts a provider admin set for the years after the statutory ones. */
    added?: readonly AddedAnnualExemptAmount[];
    /** The engine's own rates, with which it works out the tax due; a test may pass others. */
    rates?: (taxYear: string) => CgtRatesShown | null;
  } = {},
): { taxYears: TaxYearReference[]; rpi: { month: string; value: string }[] } {
  assertMember(caller, organisationUuid);
  const { added = [], rates = cgtRatesShown } = options;
  const addedByYear = new Map(added.map((a) => [a.taxYear, a]));
  const amounts = { ...Object.fromEntries(added.map((a) => [a.taxYear, a.amount])), ...data.annualExemptAmounts };
  const starts = Object.keys(amounts).map((l) => Number(l.slice(0, 4)));
  const first = Math.min(...starts);
  const current = today >= `${today.slice(0, 4)}-04-06` ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const taxYears: TaxYearReference[] = [];
  let amount = '';
  for (let y = first; y <= Math.max(current, Math.max(...starts)); y++) {
    const label = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    amount = amounts[label] ?? amount;
    const r = rates(label);
    const set = data.annualExemptAmounts[label] === undefined ? addedByYear.get(label) : undefined;
    taxYears.push({
      label,
      startDate: `${y}-04-06`,
      endDate: `${y + 1}-04-05`,
      annualExemptAmount: amount,
      basicRate: r?.basic ?? '',
      higherRate: r?.higher ?? '',
      ratesNote: r?.note ?? '',
      amountSetBy: set?.setBy ?? '',
      amountSetAt: set?.setAt ?? '',
    });
  }
  const rpi = Object.entries(data.rpi)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, value]) => ({ month, value }));
  return { taxYears: taxYears.reverse(), rpi };
}
