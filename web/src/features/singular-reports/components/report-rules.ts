/**
 * Seed 000 §5: the CGT and income tabs are disabled without a client, or when the tax year starts before the
 * client's reportingRestrictionFrom. Dates are YYYY-MM-DD, so they compare as text.
 */
export function taxYearReportable(
  client: { uuid: string } | undefined,
  taxYear: { startDate: string } | undefined,
  reportingRestrictionFrom: string | null | undefined,
): boolean {
  if (!client || !taxYear) return false;
  return !reportingRestrictionFrom || taxYear.startDate >= reportingRestrictionFrom.slice(0, 10);
}
