import type { taxEngine } from '@gains/proto';

/**
 * The tax computation's answer, declared once: in tax_engine.proto. These types are derived from the messages
 * protoc-gen-es generates, so the engine (which writes the answer), the BFF (which passes it on) and the web app
 * (which shows it) cannot drift from the proto or from each other. A new figure is added to the proto message
 * and to the engine's presenter (services/tax-engine/src/engine/present.ts), which the compiler then holds to it.
 *
 * Every call added later follows the same rule: its answer shape is a proto message, and the REST contract is
 * `Wire<message>`.
 */

/** A protobuf-es message type: its fields plus `$typeName` (and `$unknown`). */
type AnyMessage = { readonly $typeName: string };

/**
 * A message as its proto3 JSON, as the services write it (every implicit field present): the message's fields
 * without protobuf-es's `$` members, nested messages likewise. Scalars and `repeated` fields are always
 * present; `optional` scalars and message fields may be absent.
 */
export type Wire<T> = T extends AnyMessage
  ? { [K in keyof T as K extends `$${string}` ? never : K]: Wire<T[K]> }
  : T extends readonly (infer E)[]
    ? Wire<E>[]
    : T;

/**
 * What a presenter builds before it is written as JSON: the wire shape, except that a field which may be absent
 * may also be null (the CLI prints nulls; the service's JSON leaves them out).
 */
export type Presented<T> = T extends AnyMessage
  ? {
      [K in keyof T as K extends `$${string}` ? never : K]: undefined extends T[K]
        ? Presented<T[K]> | null
        : Presented<T[K]>;
    }
  : T extends readonly (infer E)[]
    ? Presented<E>[]
    : T;

/** Money is a decimal string to the penny ("329.33"); quantities are exact decimal strings. */
export type Money = string;

export const TAXPAYER_KINDS = ['individual', 'trust', 'personal-representatives', 'company'] as const;
export type TaxpayerKind = (typeof TAXPAYER_KINDS)[number];

/** The identification rules, in the order HMRC applies them (TCGA 1992 s105, s106A). */
export const MATCH_RULES = ['same-day', 'thirty-day', 'ten-day', 'section-104'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export type Computation = Wire<taxEngine.Computation>;
export type DisposalsPage = Wire<taxEngine.DisposalsPage>;
/**
 * POST /api/calculations/ledger answers a LedgerCalculation. Proto3 gives every message field presence; the
 * service always sets these two (services/tax-engine/src/rpc/ledger-calculation-json.ts).
 */
export type LedgerCalculation = Wire<taxEngine.LedgerCalculation> & {
  computation: Computation;
  disposalsPage: DisposalsPage;
};
export type TaxYear = Wire<taxEngine.TaxYear>;
export type Sa108 = Wire<taxEngine.Sa108>;
export type GainsLosses = Wire<taxEngine.GainsLosses>;
export type Disposal = Wire<taxEngine.Disposal>;
export type DisposalPart = Wire<taxEngine.DisposalPart>;
export type Match = Wire<taxEngine.Match>;
export type Pool = Wire<taxEngine.PoolState>;
export type Holding = Wire<taxEngine.Holding>;
export type HoldingValue = Wire<taxEngine.HoldingValue>;
export type PortfolioFigures = Wire<taxEngine.PortfolioFigures>;
export type PortfolioRealised = Wire<taxEngine.PortfolioRealised>;
export type CalculationFailure = Wire<taxEngine.CalculationFailure>;

/**
 * The body of POST /api/calculations/ledger: the request message's fields in JSON, all but the ledger optional
 * (the organisation is the request's `X-Organisation-Uuid`). `disposalsPage` is from 1.
 */
export type LedgerCalculationRequest = Partial<
  Omit<Wire<taxEngine.ComputeLedgerRequest>, 'organisationUuid' | 'ledgerCsv' | 'taxpayer'>
> & {
  ledgerCsv: string;
  taxpayer?: Partial<Wire<taxEngine.Taxpayer>>;
};
