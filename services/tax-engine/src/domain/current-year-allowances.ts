import { annualExemptAmount, prepareReferenceData, type ReferenceData, type Taxpayer } from '../engine';
import type { CurrentYearAllowances } from './calculation-figures';

/**
 * The allowances a client has in the current tax year when its computation has no entry for that year (no
 * disposal yet): the full annual exempt amount for its kind and the year, as the engine would give it (a client
 * override wins; a trust half, with a vulnerable beneficiary all; personal representatives all for the year of death
 * and the two following; a company none, ''), and the losses it brought into the ledger. Pure: the reference data
 * and the amounts a provider admin added are given.
 */
export function currentYearAllowances(
  taxpayer: Taxpayer,
  taxYear: string,
  referenceData: ReferenceData,
  annualExemptAmountsAdded: Record<string, string> = {},
): CurrentYearAllowances {
  const lossesBroughtForward = taxpayer.lossesBroughtForward || '0';
  if (taxpayer.kind === 'company') return { annualExemptAmount: '', lossesBroughtForward };
  // The statutory years win, as in the compute worker: an added year is always one after them.
  // Only the amounts are read here, so the RPI series is left out (it would be parsed again for every client).
  const ref = prepareReferenceData({
    annualExemptAmounts: { ...annualExemptAmountsAdded, ...referenceData.annualExemptAmounts },
    rpi: {},
  });
  return {
    annualExemptAmount: annualExemptAmount(taxpayer, Number(taxYear.slice(0, 4)), ref).toFixed(2),
    lossesBroughtForward,
  };
}
