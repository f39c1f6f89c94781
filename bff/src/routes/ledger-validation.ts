import { z } from 'zod';
import { INT32_MAX, isUuid, TERM_MAX_LENGTH } from '@gains/access';
import type {
  HoldingsSummaryBody,
  PortfolioInput,
  PortfoliosSummaryBody,
  PostTransactionBody,
  TransactionInput,
  TransactionsSummaryBody,
  TransactionType,
  UpdateTransactionsBody,
} from '@gains/contracts';
import { field, type Reads } from '../validation';
import { decimalText, sortQuery } from './securities-validation';

/** The edge's checks of the ledger calls; the service checks rules, existence and the organisation again. */

const uuidOrEmpty = (name: string) =>
  z
    .string({ error: `${name} must be a uuid` })
    .max(36, `${name} must be a uuid`)
    .refine((v) => v === '' || isUuid(v), `${name} must be a uuid (8-4-4-4-12 hexadecimal digits)`)
    .default('');

/** A security id as a JSON number or a numeric string: 1 to 2147483647. */
export function securityIdField(name = 'securityId') {
  const message = `${name} must be a whole number from 1 to ${INT32_MAX}`;
  return z.union([z.number(), z.string()], { error: message }).transform((raw, ctx) => {
    const value = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!(Number.isInteger(value) && value >= 1 && value <= INT32_MAX)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

const version = field.int32('version', 0);
const dateText = (name: string) => field.text(name, 10);

const transactionFields = {
  type: field.text('type', 100),
  state: field.text('state', 20),
  transactionCode: field.text('transactionCode', 50),
  tradeDate: dateText('tradeDate'),
  exDate: dateText('exDate'),
  payDate: dateText('payDate'),
  reportDate: dateText('reportDate'),
  quantity: decimalText('quantity', '100'),
  price: decimalText('price', '2.5'),
  consideration: decimalText('consideration'),
  expenses: decimalText('expenses'),
  currency: field.text('currency', 3),
  fxRate: decimalText('fxRate', '1.25'),
  originalAcquisitionDate: dateText('originalAcquisitionDate'),
  counterpartyClientUuid: uuidOrEmpty('counterpartyClientUuid'),
  counterpartyName: field.text('counterpartyName', 200),
  holdoverReliefClaimed: decimalText('holdoverReliefClaimed'),
  newSecurityId: z
    .union([securityIdField('newSecurityId'), z.literal(0), z.literal('')], {
      error: `newSecurityId must be a whole number from 1 to ${INT32_MAX}`,
    })
    .nullable()
    .transform((v) => (typeof v === 'number' ? v : 0))
    .default(0),
  marketValue: decimalText('marketValue'),
  ratio: field.text('ratio', 40),
  timing: field.text('timing', 20),
  incomeType: field.text('incomeType', 40),
  taxDeducted: decimalText('taxDeducted'),
  notes: field.text('notes', 2000),
};

// A post may carry the uuid and version of the form it came from: read, and ignored by the service.
const transactionSchema = z.object(
  { uuid: field.text('uuid', 36), version: version.default(0), ...transactionFields },
  { error: 'transaction must be an object' },
);
const postSchema = z.object({
  portfolioUuid: field.uuid('portfolioUuid'),
  securityId: securityIdField(),
  transaction: transactionSchema,
});
export const postTransactionBody: Reads<typeof postSchema, PostTransactionBody> = postSchema;

const editSchema = z.object(
  { uuid: field.uuid('uuid'), version: version, ...transactionFields },
  { error: 'Each transaction must be an object' },
);
const updateSchema = z.object({
  portfolioUuid: field.uuid('portfolioUuid'),
  securityId: securityIdField(),
  transactions: z
    .array(editSchema, { error: 'transactions must be a list' })
    .min(1, 'transactions must name at least one transaction')
    .max(500, 'transactions may name at most 500 transactions'),
});
export const updateTransactionsBody: Reads<typeof updateSchema, UpdateTransactionsBody> = updateSchema;

/** The JSON input of one transaction must be readable whole (the compiler holds the schema to the contract). */
export const transactionInputKeys: Reads<typeof editSchema, TransactionInput> = editSchema;

const summarySchema = z.object({
  ids: z
    .array(field.uuid('ids'), { error: 'ids must be a list of client uuids' })
    .max(1000, 'ids may name at most 1000 clients'),
});
export const portfoliosSummaryBody: Reads<typeof summarySchema, PortfoliosSummaryBody> = summarySchema;

const ownerSchema = z.object(
  {
    clientUuid: field.uuid('clientUuid'),
    clientCode: field.text('clientCode', 100),
    clientName: field.text('clientName', 400),
    percentage: decimalText('percentage', '50'),
  },
  { error: 'Each owner must be an object' },
);
const portfolioSchema = z.object({
  code: field.text('code', 40),
  name: field.text('name', 200),
  type: field.text('type', 40),
  state: field.text('state', 20),
  currency: field.text('currency', 3),
  taxWrapper: field.text('taxWrapper', 20),
  owners: z.array(ownerSchema, { error: 'owners must be a list' }).max(20, 'A portfolio may have at most 20 owners'),
});
export const portfolioBody: Reads<typeof portfolioSchema, PortfolioInput> = portfolioSchema;
export const portfolioUpdateBody = portfolioSchema.extend({ version });

const holdingsSchema = z.object({ portfolioUuid: field.uuid('portfolioUuid'), clientUuid: uuidOrEmpty('clientUuid') });
export const holdingsSummaryBody: Reads<typeof holdingsSchema, HoldingsSummaryBody> = holdingsSchema;

const transactionsSummarySchema = z.object({
  portfolioUuid: field.uuid('portfolioUuid'),
  clientUuid: uuidOrEmpty('clientUuid'),
  securityId: securityIdField(),
  page: field.int32('page', 1).max(1_000_000, 'page must be a whole number from 1 to 1000000').default(1),
  size: field.int32('size', 0).max(10_000, 'size must be a whole number from 0 (all) to 10000').default(10),
  term: field.text('term', TERM_MAX_LENGTH),
  sort: z
    .array(
      z.string({ error: 'sort must be a list of "column,direction"' }).max(100, 'sort must be at most 100 characters'),
      {
        error: 'sort must be a list of "column,direction"',
      },
    )
    .max(10, 'At most 10 sort columns')
    .default([])
    .transform((values) =>
      values.filter(Boolean).map((value) => {
        const [column = '', direction = 'asc'] = value.split(',');
        return { column: column.trim(), direction: direction.trim() };
      }),
    ),
});
export const transactionsSummaryBody: Reads<typeof transactionsSummarySchema, TransactionsSummaryBody> =
  transactionsSummarySchema;

export const holdingTransactionsQuery = z.object({
  portfolioUuid: field.queryUuid('portfolioUuid').refine((v) => v !== '', 'portfolioUuid is required'),
  securityId: field.queryText('securityId', 10).transform((raw, ctx) => {
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= INT32_MAX)) {
      ctx.addIssue({ code: 'custom', message: `securityId must be a whole number from 1 to ${INT32_MAX}` });
      return z.NEVER;
    }
    return value;
  }),
});

export const typesQuery = z.object({ portfolioUuid: field.queryUuid('portfolioUuid') });

export const metadataQuery = z.object({
  transactionTypeUuid: field.queryUuid('transactionTypeUuid'),
  securityId: field.queryText('securityId', 10).transform((raw, ctx) => {
    if (raw === '') return 0;
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= INT32_MAX)) {
      ctx.addIssue({ code: 'custom', message: `securityId must be a whole number from 1 to ${INT32_MAX}` });
      return z.NEVER;
    }
    return value;
  }),
  type: field.queryText('type', 100),
  transactionCcyCode: field.queryText('transactionCcyCode', 3),
});

const typeSchema = z.object({
  uuid: field.text('uuid', 36),
  name: field.text('name', 100),
  description: field.text('description', 500),
  direction: field.text('direction', 10),
  requiredFields: z
    .array(
      z
        .string({ error: 'requiredFields must be a list of field names' })
        .max(40, 'requiredFields: each at most 40 characters'),
      {
        error: 'requiredFields must be a list of field names',
      },
    )
    .max(20, 'requiredFields may name at most 20 fields')
    .default([]),
  effect: field.text('effect', 40),
  incomeType: field.text('incomeType', 40),
  corporateAction: field.bool('corporateAction').default(false),
  allowZeroQuantity: field.bool('allowZeroQuantity').default(false),
  system: field.bool('system').default(false),
  active: field.bool('active').default(true),
  version: version.default(0),
  lastModifiedDate: field.text('lastModifiedDate', 40),
  lastModifiedByName: field.text('lastModifiedByName', 200),
});
export const transactionTypeBody: Reads<typeof typeSchema, TransactionType> = typeSchema;

export const ghostGridQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 10, 1000),
  term: field.queryText('term', TERM_MAX_LENGTH),
  sort: sortQuery,
});

export const repairBody = z.object({
  version,
  portfolioUuid: uuidOrEmpty('portfolioUuid'),
  securityId: z
    .union([securityIdField(), z.literal(0), z.literal('')], {
      error: `securityId must be a whole number from 1 to ${INT32_MAX}`,
    })
    .nullable()
    .transform((v) => (typeof v === 'number' ? v : 0))
    .default(0),
});

export const cancelBody = z.object({ version });
