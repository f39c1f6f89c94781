import { TAXPAYER_KINDS } from '@gains/contracts';
import { parseIsoDate } from './dates';
import type { Taxpayer } from './ledger';
import { parseTaxYear } from './tax-years';

// The kinds are part of the answer's contract (the web app lists them), so they are declared there.
export { TAXPAYER_KINDS };

export interface TaxpayerProblem {
  /** The field, e.g. `dateOfDeath` or `annualExemptAmountOverrides.2024-25`. */
  field: string;
  message: string;
}

/** Pounds and pence, not negative: "1500", "1500.5", "1500.50". */
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * What the engine cannot read in a taxpayer: it would take an unparseable figure as nothing, so every caller
 * (the CLI, the service) checks a taxpayer here first and refuses it naming the field and the rule.
 */
export function taxpayerProblems(t: Taxpayer): TaxpayerProblem[] {
  const problems: TaxpayerProblem[] = [];
  if (!TAXPAYER_KINDS.includes(t.kind))
    problems.push({ field: 'kind', message: `kind must be one of ${TAXPAYER_KINDS.join(', ')}` });
  // A date of death is needed only to be read: personal representatives without one get the full amount
  // in every year (the engine's documented reading), and details another kind does not use are ignored.
  if (t.dateOfDeath && parseIsoDate(t.dateOfDeath) === null)
    problems.push({ field: 'dateOfDeath', message: 'date of death must be a date, YYYY-MM-DD' });
  for (const [year, amount] of Object.entries(t.annualExemptAmountOverrides ?? {})) {
    const field = `annualExemptAmountOverrides.${year}`;
    if (parseTaxYear(year) === null)
      problems.push({ field, message: `"${year}" is not a tax year; write it as 2024-25` });
    else if (!MONEY.test(amount))
      problems.push({ field, message: 'an annual exempt amount must be pounds and pence, not negative (1500.00)' });
  }
  if (t.lossesBroughtForward !== undefined && t.lossesBroughtForward !== '' && !MONEY.test(t.lossesBroughtForward))
    problems.push({
      field: 'lossesBroughtForward',
      message: 'losses brought forward must be pounds and pence, not negative (2500.00)',
    });
  return problems;
}
