/** The FX rate form's rules (the server checks them again and names the field). */
export const FX_MESSAGES = {
  currencyRequired: 'Currency is required',
  currencyGbp: 'Currency must not be GBP (GBP is always 1)',
  dateRequired: 'Date is required',
  dateFuture: 'Date cannot be in the future',
  rateRequired: 'GBP per unit is required',
  rateFormat: 'GBP per unit must be a number greater than 0 with at most 10 decimal places',
} as const;

const RATE = /^\d+(\.\d{1,10})?$/;

/** What is wrong with a typed rate; undefined when it is good. Checked as text, never as a float. */
export function fxRateProblem(raw: string | undefined): string | undefined {
  const rate = (raw ?? '').trim();
  if (!rate) return FX_MESSAGES.rateRequired;
  if (!RATE.test(rate) || /^0*(\.0*)?$/.test(rate)) return FX_MESSAGES.rateFormat;
  return undefined;
}
