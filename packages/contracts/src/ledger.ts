import type { clients, ledger } from '@gains/proto';
import type { Wire } from './calculations';

/**
 * The REST shapes of client maintenance and the ledger (issue 21), derived from clients.proto and ledger.proto as
 * every answer is (see calculations.ts): the BFF answers `Wire<message>`, proto3 JSON in camelCase, optional
 * figures absent until computed (the BFF writes them as null so every row has every column).
 */
export type CodedItem = Wire<clients.ReferenceItem>;
export type Client = Wire<clients.Client>;
export type ClientInput = Wire<clients.ClientInput>;
export type ClientListItem = Wire<clients.ClientListItem>;
export type ClientAddress = Wire<clients.Address>;
export type ClientRelationship = Wire<clients.Relationship>;
export type TaxOverride = Wire<clients.TaxOverride>;
export type ClientTaxYear = Wire<clients.TaxYear>;
export type LookupClientAnswer = Wire<clients.LookupClientResponse>;

export type Portfolio = Wire<ledger.Portfolio>;
export type PortfolioOwner = Wire<ledger.PortfolioOwner>;
export type PortfolioInput = Wire<ledger.PortfolioInput>;
export type LedgerHolding = Wire<ledger.Holding>;
export type LedgerTransaction = Wire<ledger.Transaction>;
export type TransactionInput = Wire<ledger.TransactionInput>;
export type TransactionType = Wire<ledger.TransactionType>;
export type TransactionState = Wire<ledger.TransactionStateRef>;
export type TransactionMetadata = Wire<ledger.TransactionMetadata>;

/** PUT /api/admin/clients/{id}: the client's fields and the version read. */
export type UpdateClientBody = ClientInput & { version: number };
/** POST /api/portfolios/summary */
export interface PortfoliosSummaryBody {
  ids: string[];
}
/** POST /api/holdings/summary */
export interface HoldingsSummaryBody {
  portfolioUuid: string;
  clientUuid: string;
}
/** POST /api/transactions/summary: a holding's transactions, server-driven (page from 1; size 10/25/50/100). */
export interface TransactionsSummaryBody {
  portfolioUuid: string;
  clientUuid: string;
  securityId: number;
  page?: number;
  size?: number;
  term?: string;
  /** "column,direction" pairs */
  sort?: string[];
}
/** POST /api/customerAdmin/transactions */
export interface PostTransactionBody {
  portfolioUuid: string;
  securityId: number;
  transaction: Partial<TransactionInput> & Pick<TransactionInput, 'type' | 'tradeDate'>;
}
/** PUT /api/customerAdmin/transactions: all or nothing. */
export interface UpdateTransactionsBody {
  portfolioUuid: string;
  securityId: number;
  transactions: (Partial<TransactionInput> & Pick<TransactionInput, 'uuid' | 'version'>)[];
}

/** The states a ledger row may be in; only SETTLED counts. */
export const TRANSACTION_STATES = ['PENDING', 'SETTLED', 'CANCELLED', 'REVERSED'] as const;
/** Portfolio tax wrappers: ISA and pension portfolios are valued but outside CGT. */
export const TAX_WRAPPERS = ['GIA', 'ISA', 'PENSION'] as const;

/** How a transaction moves a holding: adds shares, removes them, none, or multiplies them by a ratio. */
export type TransactionDirection = 'IN' | 'OUT' | 'NONE' | 'RATIO';

/**
 * The tax engine's ledger types (services/tax-engine/docs/ledger-format.md) a transaction type may map onto, and
 * how each moves a holding. A type without an effect is an income type.
 */
export const LEDGER_EFFECT_DIRECTIONS: Readonly<Record<string, TransactionDirection>> = {
  BUY: 'IN',
  SELL: 'OUT',
  TRANSFER_IN: 'IN',
  TRANSFER_OUT: 'OUT',
  GIFT_OUT: 'OUT',
  SPOUSE_IN: 'IN',
  SPOUSE_OUT: 'OUT',
  SPLIT: 'RATIO',
  CONSOLIDATION: 'RATIO',
  BONUS: 'RATIO',
  RIGHTS_ISSUE: 'IN',
  OPEN_OFFER: 'IN',
  CAPITAL_RETURN: 'NONE',
  EQUALISATION: 'NONE',
  NOTIONAL_INCOME: 'NONE',
  TAKEOVER: 'OUT',
  DEMERGER: 'NONE',
  REDEMPTION: 'OUT',
};

/** The input fields a transaction type may require of its rows. */
export const REQUIRABLE_FIELDS = [
  'quantity',
  'price',
  'consideration',
  'expenses',
  'ex_date',
  'pay_date',
  'original_acquisition_date',
  'counterparty',
  'new_security_id',
  'market_value',
  'ratio',
  'income_type',
  'tax_deducted',
] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];

/**
 * The clients service's answers to the reports service (issue 27): a portfolio's holding of a security at the end
 * of a day, and a custodian file's line against the ledger. The clients service builds them and the report kinds
 * read them, so both name one shape.
 */
export type ClientHoldingAt = Wire<ledger.ClientHoldingAt>;
export type ReconciliationLine = Wire<ledger.ReconciliationLine>;

/**
 * A ledger row's computed figures as the clients service stores and answers them (exact decimal text; null until a
 * calculation sets them): what the tax engine's run writes back and what the reports show.
 */
export interface LedgerRowFigures {
  cgtCost: string | null;
  proceeds: string | null;
  capitalGainLoss: string | null;
  incomeGain: string | null;
  exemptGainLoss: string | null;
  holdoverRelief: string | null;
  cloggedLoss: string | null;
  indexation: string | null;
}
