import type { Prisma } from './generated/client';

/** Between Prisma's column types and the domain's plain text: exact decimals, "YYYY-MM-DD" dates, ISO instants. */

/** A DATE column from "YYYY-MM-DD" (midnight UTC, the day itself). */
export function dateColumn(text: string): Date;
export function dateColumn(text: string | null): Date | null;
export function dateColumn(text: string | null): Date | null {
  return text === null ? null : new Date(`${text}T00:00:00.000Z`);
}

export function dateText(value: Date): string;
export function dateText(value: Date | null): string | null;
export function dateText(value: Date | null): string | null {
  return value === null ? null : value.toISOString().slice(0, 10);
}

/** Decimal text at the column's scale: money "12.30", quantities "100.00000000" trimmed when `trim`. */
export function decimalText(value: Prisma.Decimal, scale: number, trim?: boolean): string;
export function decimalText(value: Prisma.Decimal | null, scale: number, trim?: boolean): string | null;
export function decimalText(value: Prisma.Decimal | null, scale: number, trim = false): string | null {
  if (value === null) return null;
  const text = value.toFixed(scale);
  return trim && text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Escapes LIKE wildcards so a search for "50%" means the characters typed. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
