import { invalidArgument } from '@gains/errors';

/**
 * The parameters the Singular Reports tabs send (seed 000 §7 bodies, less clientUuid), checked and named when wrong.
 * Pure: today is given.
 */

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** Today in London, YYYY-MM-DD. */
export const londonToday = (now: Date = new Date()): string => LONDON_DAY.format(now);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function realDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text && text >= '1900-01-01';
}

/**
 * A day: YYYY-MM-DD as it is, or an ISO timestamp read as the London day it falls on (the page sends a day's start
 * as a timestamp: 2025-04-05T23:00:00Z is 06/04/2025 in London).
 */
export function parseDay(field: string, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalidArgument(field, `${field} is required`);
  const text = raw.trim();
  if (realDate(text)) return text;
  if (ISO_INSTANT.test(text) && realDate(text.slice(0, 10))) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return londonToday(at);
  }
  throw invalidArgument(field, `${field} must be a date as YYYY-MM-DD or an ISO timestamp`);
}

/** An optional security: absent, null or 0 is every security. */
export function parseSecurityId(raw: unknown): number {
  if (raw === undefined || raw === null || raw === 0) return 0;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 2_147_483_647)
    throw invalidArgument('securityId', 'securityId must be a positive whole number');
  return raw;
}

export interface Period {
  startDate: string;
  endDate: string;
}

/** startDate and endDate, the end not before the start (seed 000 §5). */
export function parsePeriod(raw: Record<string, unknown>): Period {
  const startDate = parseDay('startDate', raw.startDate);
  const endDate = parseDay('endDate', raw.endDate);
  if (endDate < startDate) throw invalidArgument('endDate', 'endDate cannot be before startDate');
  return { startDate, endDate };
}

/** 'As at': a day not in the future (London today). */
export function parseAtDate(raw: Record<string, unknown>, today: string): string {
  const atDate = parseDay('atDate', raw.atDate);
  if (atDate > today) throw invalidArgument('atDate', 'atDate cannot be in the future');
  return atDate;
}
