import type { Context } from 'hono';
import { z } from 'zod';
import { INT32_MAX, TERM_MAX_LENGTH } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { field } from '../validation';

/** The edge's checks of the securities calls; the service checks codes, lists and existence again. */

/** A decimal that must travel as a string (never a JSON number, which would lose exactness). */
export function decimalText(name: string, example = '12.34') {
  return z
    .string({ error: `${name} must be a decimal string such as "${example}"` })
    .max(40, `${name} must be at most 40 characters`)
    .default('');
}

/** A whole-number path parameter (a security id): 1 to 2147483647. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= INT32_MAX))
    throw invalidArgument(name, `${name} must be a whole number from 1 to ${INT32_MAX}`);
  return value;
}

/** A uuid path parameter. */
export function uuidParam(c: Context, name = 'uuid'): string {
  const raw = c.req.param(name) ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) {
    throw invalidArgument(name, `${name} must be a uuid (8-4-4-4-12 hexadecimal digits)`);
  }
  return raw.toLowerCase();
}

/** `sort=column,direction` pairs, repeated for multi-sort. */
export const sortQuery = z
  .union([z.string(), z.array(z.string())], { error: 'sort must be text' })
  .optional()
  .transform((sort, ctx) => {
    const values = sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];
    if (values.length > 20) ctx.addIssue({ code: 'custom', message: 'At most 20 sort columns' });
    else if (values.some((v) => v.length > 100))
      ctx.addIssue({ code: 'custom', message: 'sort must be at most 100 characters' });
    return values.filter(Boolean).map((value) => {
      const [column = '', direction = 'asc'] = value.split(',');
      return { column: column.trim(), direction: direction.trim() };
    });
  });

export const securityBody = z.object({
  sedol: field.text('sedol', 20, 'sedol must be text'),
  isin: field.text('isin', 20, 'isin must be text'),
  issuer: field.text('issuer', 36, 'issuer must be the issuer uuid as text'),
  securityName: field.text('securityName', 200),
  reportingName: field.text('reportingName', 200),
  securityDescription: field.text('securityDescription', 500),
  securityLongDescription: field.text('securityLongDescription', 4000),
  currency: field.text('currency', 10),
  assetClass: field.text('assetClass', 40),
  cgtClass: field.text('cgtClass', 40),
  quantityDecimalPlaces: field.int32('quantityDecimalPlaces', 0).default(0),
  status: field.text('status', 20),
});

export const classificationBody = z.object({
  updates: z
    .array(
      z.object(
        {
          id: field.id('id'),
          assetClass: field.optionalText('assetClass', 40).optional(),
          cgtClass: field.optionalText('cgtClass', 40).optional(),
          status: field.optionalText('status', 20).optional(),
          quantityDecimalPlaces: field.int32('quantityDecimalPlaces', 0).optional(),
        },
        { error: 'Each update must be an object' },
      ),
      { error: 'updates must be a list' },
    )
    .min(1, 'updates must name at least one security')
    .max(500, 'updates may name at most 500 securities'),
});

export const issuerBody = z.object({
  name: field.text('name', 200),
  longName: field.text('longName', 500),
});

export const priceBody = z.object({
  price: decimalText('price'),
  currency: field.text('currency', 10),
});

export const uploadBody = z.object({
  csv: z
    .string({ error: 'csv must be the file as text' })
    .min(1, 'csv is required: the file as text')
    .max(4 * 1024 * 1024, 'csv must be at most 4194304 characters'),
});

export const fxRateBody = z.object({
  currency: field.text('currency', 10),
  date: field.text('date', 10),
  gbpPerUnit: decimalText('gbpPerUnit', '0.79'),
});

export const rejectBody = z.object({ note: field.text('note', 500) });

export const gridQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 10, 100),
  term: field.queryText('term', TERM_MAX_LENGTH),
  sort: sortQuery,
});

export const dateRangeQuery = z.object({ from: field.queryText('from', 10), to: field.queryText('to', 10) });
