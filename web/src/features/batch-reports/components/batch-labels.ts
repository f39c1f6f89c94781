import { REPORT_TYPES } from '@gains/contracts';

/** Seed 000 §2.9's words for a print's status. */
const STATUS_WORDS: Record<string, string> = {
  IDENTIFYING: 'Identifying candidates',
  IDENTIFIED: 'Identified',
  PUBLISHING: 'Publishing',
  PARTIALLY_RUN: 'Partially Run',
  COMPLETE: 'Complete',
  FAILED: 'Failed',
};
export const statusWords = (status: string) => STATUS_WORDS[status] ?? status;
export const candidateStatusWords = (status: string) => (status === 'COMPLETE' ? 'Complete' : 'Pending');
export const reportTypeWords = (code: string) => REPORT_TYPES.find((t) => t.code === code)?.name ?? code;

/** A job's progress as a whole percentage (0 before it has a total). */
export function progressPercent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}

/** The last `count` UK tax years, newest first, ending with the one `today` (YYYY-MM-DD) is in. */
export function recentTaxYears(today: string, count = 6): string[] {
  const year = Number(today.slice(0, 4));
  const current = today.slice(5) >= '04-06' ? year : year - 1;
  return Array.from({ length: count }, (_, i) => {
    const first = current - i;
    return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
  });
}
