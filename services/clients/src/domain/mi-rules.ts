import { canUseRoute } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';
import { isIsoDate } from './date-rules';

/** The MI Dashboard's figures: its route's roles (ADMIN, CUSTOMER_ADMIN; seed 000 §6) of the organisation. */
export function assertMiReader(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!canUseRoute(caller.roles, 'MIDashboard')) {
    throw permissionDenied('You do not have permission to see the MI Dashboard');
  }
}

export const MAX_MI_DATES = 24;

/** The dates quantities are held at: real dates, 1 to 24 of them, each once and in order. */
export function parseMiDates(dates: readonly string[]): string[] {
  if (dates.length === 0) throw invalidArgument('dates', 'dates must name at least one date');
  if (dates.length > MAX_MI_DATES) throw invalidArgument('dates', `dates must name at most ${MAX_MI_DATES} dates`);
  for (const d of dates) {
    if (!isIsoDate(d)) throw invalidArgument('dates', `dates must be dates as YYYY-MM-DD (${d.slice(0, 20)})`);
  }
  return [...new Set(dates)].sort();
}

/**
 * AE-remaining bands over the clients grid's AE Remaining (annual exemption remaining): the upper bound of each
 * band, inclusive. A client the tax engine has not computed yet has no figure and is 'Not calculated'. The bounds
 * follow the £3,000 exempt amount of 2024-25 on: a third used, two thirds used, and so on.
 */
export const AE_BAND_BOUNDS = ['0', '1000', '2000', '3000'] as const;
export const AE_BAND_LABELS = [
  '£0 (used up)',
  '£0.01 to £1,000',
  '£1,000.01 to £2,000',
  '£2,000.01 to £3,000',
  'Over £3,000',
] as const;
export const AE_NOT_CALCULATED = 'Not calculated';

/** The label of band `index` (0 .. bounds), or 'Not calculated' for -1. */
export function aeBandLabel(index: number): string {
  return index < 0 ? AE_NOT_CALCULATED : AE_BAND_LABELS[index]!;
}

/** "2025-26" for the UK tax year starting 6 April of `startYear`. */
export function taxYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}
