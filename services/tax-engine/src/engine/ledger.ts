import type { TaxpayerKind } from '@gains/contracts';

/**
 * The engine's input: one taxpayer's ledger as plain data (decimal strings, ISO dates), exactly as the
 * clients service stores it and the CLI reads it from CSV.
 */

export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'GIFT_OUT',
  'SPOUSE_IN',
  'SPOUSE_OUT',
  'SPLIT',
  'CONSOLIDATION',
  'BONUS',
  'RIGHTS_ISSUE',
  'OPEN_OFFER',
  'CAPITAL_RETURN',
  'EQUALISATION',
  'NOTIONAL_INCOME',
  'TAKEOVER',
  'DEMERGER',
  'REDEMPTION',
] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const TYPE_SET: ReadonlySet<string> = new Set(TRANSACTION_TYPES);

export function isTransactionType(s: string): s is TransactionType {
  return TYPE_SET.has(s);
}

export interface LedgerTransaction {
  /** Trade date "YYYY-MM-DD". */
  date: string;
  type: TransactionType;
  security: string;
  /** Shares; for SPLIT / CONSOLIDATION / BONUS the ratio ("2", "1:10", "3:2"). */
  quantity?: string;
  /** Per share, GBP (market value per share for GIFT_OUT, TAKEOVER and DEMERGER new shares). */
  price?: string;
  /** Total GBP: cash for CAPITAL_RETURN, EQUALISATION, NOTIONAL_INCOME, TAKEOVER; cost for TRANSFER_IN, SPOUSE_IN. */
  amount?: string;
  /** Incidental costs, total GBP. */
  expenses?: string;
  portfolio?: string;
  /** Original acquisition date of a TRANSFER_IN. */
  acquired?: string;
  /** GIFT_OUT (and any disposal): who received it, and whether connected with the taxpayer. */
  counterparty?: string;
  connected?: boolean;
  /** GIFT_OUT: gain held over (s165 / s260), GBP. */
  holdoverRelief?: string;
  /** TAKEOVER / DEMERGER: the security received. */
  newSecurity?: string;
  /**
   * Total market value, GBP: CAPITAL_RETURN the holding after the distribution (B in A/(A+B); or give `price`,
   * the value per share after it, with `quantity` the shares held or without it for the whole pool);
   * DEMERGER the retained holding; GIFT_OUT the shares given (instead of price); TAKEOVER the new shares.
   */
  marketValue?: string;
  /** Caller's reference (CSV line, transaction id); echoed in matches and failures. */
  ref?: string;
}

export type { TaxpayerKind };

export interface Taxpayer {
  kind: TaxpayerKind;
  /** Trust with a vulnerable beneficiary: full annual exempt amount. */
  vulnerableBeneficiaryTrust?: boolean;
  /** Personal representatives: full annual exempt amount in the tax year of death and the two following. */
  dateOfDeath?: string;
  /** Client overrides of the annual exempt amount, by tax year ("2024-25": "1500"). */
  annualExemptAmountOverrides?: Record<string, string>;
  /** Unused losses brought into the first tax year of the ledger, GBP. */
  lossesBroughtForward?: string;
}

export type GainClass = 'capital' | 'exempt' | 'income';

export interface SecurityInfo {
  /** capital (default); exempt (gilts, qualifying corporate bonds); income (offshore non-reporting fund). */
  gainClass?: GainClass;
}

export interface PortfolioInfo {
  /** The taxpayer's share of a joint portfolio, percent ("50"). Default 100. */
  ownershipPercent?: string;
}

export interface Ledger {
  taxpayer: Taxpayer;
  transactions: LedgerTransaction[];
  securities?: Record<string, SecurityInfo>;
  portfolios?: Record<string, PortfolioInfo>;
}
