/**
 * UK tax years (6 April to 5 April), labelled "2025-26". Pure: "today" is passed in. A tax year's uuid is derived
 * from its label, so every service and every call names the same year the same way.
 */
export interface TaxYearView {
  uuid: string;
  label: string;
  startDate: string;
  endDate: string;
  /** The start year: 2025 for 2025-26. */
  id: number;
}

/** The first year overrides and ledgers go back to. */
export const FIRST_TAX_YEAR = 2008;

/** The tax year a date falls in, by its start year. */
export function taxYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= '04-06' ? year : year - 1;
}

export function taxYear(startYear: number): TaxYearView {
  const label = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
  return {
    uuid: taxYearUuid(startYear),
    label,
    startDate: `${startYear}-04-06`,
    endDate: `${startYear + 1}-04-05`,
    id: startYear,
  };
}

/** The years from `from` to the one `today` is in, newest first. */
export function taxYearsBetween(fromDate: string, today: string): TaxYearView[] {
  const first = Math.max(FIRST_TAX_YEAR, taxYearOf(fromDate));
  const years: TaxYearView[] = [];
  for (let y = taxYearOf(today); y >= first; y--) years.push(taxYear(y));
  return years;
}

/** "2025-26" -> 2025, or undefined when it is not a tax year label. */
export function startYearOf(label: string): number | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(label.trim());
  if (!m) return undefined;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : undefined;
}

/** A name-based uuid (version 5 layout) of the tax year, stable across releases. */
function taxYearUuid(startYear: number): string {
  const hex = startYear.toString(16).padStart(8, '0');
  return `7a0e5000-0000-5000-8000-0000${hex}`;
}
