/**
 * The limits every edge applies to what callers send: the BFF's schemas, the services' own checks and
 * the web app's forms. Pure: no deps. Bad input is refused by name before it reaches a database.
 */

/** The longest address a mail system accepts (RFC 5321: a 254-character forward path). */
export const EMAIL_MAX_LENGTH = 254;
/** Ids and counts travel as int32 on the wire (proto) and `integer` in PostgreSQL. */
export const INT32_MAX = 2_147_483_647;
/** The largest page number of any paged list. */
export const PAGE_MAX = 1_000_000;
/** Search terms are cut to this length. */
export const TERM_MAX_LENGTH = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A whole number an int32 field can carry, from `min` (1 for ids) up. */
export function isInt32(value: unknown, min = -INT32_MAX - 1): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= INT32_MAX;
}
