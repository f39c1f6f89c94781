/**
 * The system document types (organisation_uuid null): what a wealth manager meets (issue 26). Each type's `effect`
 * says how a candidate's holding becomes ledger rows (candidate-previews.ts); its line definitions are the terms a
 * header carries (seed 001 §3), each posting a ledger transaction type whose effect the tax engine knows
 * (services/tax-engine/docs/ledger-format.md). Stable uuids, so seeding at every start is idempotent.
 */

export const DOCUMENT_EFFECTS = [
  'CASH_DIVIDEND',
  'SCRIP_DIVIDEND',
  'SPLIT',
  'CONSOLIDATION',
  'BONUS',
  'RIGHTS_TAKEN_UP',
  'RIGHTS_LAPSED',
  'RIGHTS_SOLD_NIL_PAID',
  'OPEN_OFFER',
  'TAKEOVER_SHARES',
  'TAKEOVER_CASH',
  'TAKEOVER_SHARES_AND_CASH',
  'DEMERGER',
  'CAPITAL_REPAYMENT',
  'EQUALISATION',
  'ERI',
  'REDEMPTION',
  'CONVERSION',
  'GIFT',
  'TRANSFER',
  'SPOUSE_TRANSFER',
] as const;
export type DocumentEffect = (typeof DOCUMENT_EFFECTS)[number];

/** A portfolio movement's effect: its candidates are the out portfolios' holdings (movement-previews.ts). */
export const isMovement = (effect: DocumentEffect): effect is 'GIFT' | 'TRANSFER' | 'SPOUSE_TRANSFER' =>
  effect === 'GIFT' || effect === 'TRANSFER' || effect === 'SPOUSE_TRANSFER';

/** How units sold in an equalisation's distribution period leave Group 1 and Group 2 (equalisation-groups.ts). */
export const GROUP_METHODS = ['FIFO', 'LIFO', 'AVERAGE'] as const;
export type GroupMethod = (typeof GROUP_METHODS)[number];

/** What a line's rate is per: each parent share held (1), each new share (2), the holding (3). */
export type RateAppliesTo = 1 | 2 | 3;

export interface LineDefinitionSeed {
  transactionTypeName: string;
  transactionTypeDescription: string;
  /** the line names a new security (a takeover's or demerger's shares) */
  newSecurity?: boolean;
  useParentSecurityPrice?: boolean;
  /** the line's price is the ledger row's price (a subscription price, a new share's value) */
  usePriceInTransaction?: boolean;
  apportionmentFactor?: boolean;
  mandatory?: boolean;
  multiple?: boolean;
  defaultPrice?: string;
  defaultIncomeReportLabel?: string;
  rateAppliesTo?: RateAppliesTo;
}

export interface DocumentTypeSeed {
  uuid: string;
  code: string;
  name: string;
  documentTypeCode: 'CA' | 'PM';
  effect: DocumentEffect;
  apportionmentFactorMethodId?: 1 | 2;
  parentSecurityPriceMandatory?: boolean;
  newSecurityPriceMandatory?: boolean;
  allowZeroRate?: boolean;
  apportionmentFactor?: boolean;
  smallCheck?: boolean;
  eri?: boolean;
  useG1G2?: boolean;
  /** with useG1G2; FIFO when not said */
  groupMethod?: GroupMethod;
  income?: boolean;
  lines: LineDefinitionSeed[];
}

/** A stable uuid for the n-th system type (and its lines: n * 100 + ord). */
const typeUuid = (n: number) => `5d0c7a3e-0000-4d00-8000-${n.toString(16).padStart(12, '0')}`;
export const lineDefinitionUuid = (typeIndex: number, ord: number) =>
  `5d0c7a3e-0001-4d00-8000-${(typeIndex * 100 + ord).toString(16).padStart(12, '0')}`;

const ca = (
  n: number,
  code: string,
  name: string,
  effect: DocumentEffect,
  lines: LineDefinitionSeed[],
  flags: Partial<DocumentTypeSeed> = {},
): DocumentTypeSeed => ({ uuid: typeUuid(n), code, name, documentTypeCode: 'CA', effect, lines, ...flags });
const pm = (n: number, code: string, name: string, effect: DocumentEffect, lines: LineDefinitionSeed[]) => ({
  uuid: typeUuid(n),
  code,
  name,
  documentTypeCode: 'PM' as const,
  effect,
  lines,
});
const newShares = (type: string, description: string, extra: Partial<LineDefinitionSeed> = {}) => ({
  transactionTypeName: type,
  transactionTypeDescription: description,
  newSecurity: true,
  usePriceInTransaction: true,
  ...extra,
});

export const SYSTEM_DOCUMENT_TYPES: readonly DocumentTypeSeed[] = [
  ca(
    1,
    'CASH_DIVIDEND',
    'Cash dividend',
    'CASH_DIVIDEND',
    [
      {
        transactionTypeName: 'DIVIDEND',
        transactionTypeDescription: 'Dividend per share, GBP',
        defaultIncomeReportLabel: 'Dividend',
      },
    ],
    { income: true },
  ),
  ca(
    2,
    'SCRIP_DIVIDEND',
    'Scrip dividend',
    'SCRIP_DIVIDEND',
    [
      {
        transactionTypeName: 'BUY',
        transactionTypeDescription: 'New shares per parent share, at the cash equivalent per new share',
        usePriceInTransaction: true,
        defaultIncomeReportLabel: 'Scrip dividend',
      },
    ],
    { income: true },
  ),
  ca(3, 'STOCK_SPLIT', 'Stock split', 'SPLIT', [
    { transactionTypeName: 'SPLIT', transactionTypeDescription: 'New shares for every perParent held' },
  ]),
  ca(4, 'CONSOLIDATION', 'Share consolidation', 'CONSOLIDATION', [
    { transactionTypeName: 'CONSOLIDATION', transactionTypeDescription: 'New shares for every perParent held' },
  ]),
  ca(5, 'BONUS_ISSUE', 'Bonus issue', 'BONUS', [
    { transactionTypeName: 'BONUS', transactionTypeDescription: 'Bonus shares for every perParent held' },
  ]),
  ca(6, 'RIGHTS_TAKEN_UP', 'Rights issue: taken up', 'RIGHTS_TAKEN_UP', [
    {
      transactionTypeName: 'RIGHTS_ISSUE',
      transactionTypeDescription: 'New shares for every perParent held, at the subscription price',
      usePriceInTransaction: true,
    },
  ]),
  ca(
    7,
    'RIGHTS_LAPSED',
    'Rights issue: lapsed',
    'RIGHTS_LAPSED',
    [
      {
        transactionTypeName: 'CAPITAL_RETURN',
        transactionTypeDescription: 'Lapse proceeds per parent share paid to the holder (0 when none)',
      },
    ],
    { allowZeroRate: true, smallCheck: true },
  ),
  ca(
    8,
    'RIGHTS_SOLD_NIL_PAID',
    'Rights issue: sold nil paid',
    'RIGHTS_SOLD_NIL_PAID',
    [
      {
        transactionTypeName: 'CAPITAL_RETURN',
        transactionTypeDescription: 'Proceeds per parent share of the rights sold',
      },
    ],
    { smallCheck: true },
  ),
  ca(9, 'OPEN_OFFER', 'Open offer', 'OPEN_OFFER', [
    {
      transactionTypeName: 'OPEN_OFFER',
      transactionTypeDescription: 'New shares for every perParent held, at the offer price',
      usePriceInTransaction: true,
    },
  ]),
  ca(10, 'TAKEOVER_SHARES', 'Takeover for shares', 'TAKEOVER_SHARES', [
    newShares('TAKEOVER', 'New shares for every perParent held, valued at the price'),
  ]),
  ca(11, 'TAKEOVER_CASH', 'Takeover for cash', 'TAKEOVER_CASH', [
    { transactionTypeName: 'SELL', transactionTypeDescription: 'Cash per share held, GBP' },
  ]),
  ca(
    12,
    'TAKEOVER_SHARES_AND_CASH',
    'Takeover for shares and cash',
    'TAKEOVER_SHARES_AND_CASH',
    [
      newShares('TAKEOVER', 'New shares for every perParent held, valued at the price'),
      { transactionTypeName: 'TAKEOVER', transactionTypeDescription: 'Cash per share held, GBP' },
    ],
    { smallCheck: true, newSecurityPriceMandatory: true },
  ),
  ca(
    13,
    'DEMERGER',
    'Demerger (apportionment method 1)',
    'DEMERGER',
    [newShares('DEMERGER', 'New shares for every perParent held, valued at the price', { apportionmentFactor: true })],
    {
      apportionmentFactorMethodId: 1,
      apportionmentFactor: true,
      parentSecurityPriceMandatory: true,
      newSecurityPriceMandatory: true,
    },
  ),
  ca(
    14,
    'DEMERGER_METHOD_2',
    'Demerger (apportionment method 2)',
    'DEMERGER',
    [newShares('DEMERGER', 'New shares for every perParent held, valued at the price', { apportionmentFactor: true })],
    {
      apportionmentFactorMethodId: 2,
      apportionmentFactor: true,
      parentSecurityPriceMandatory: true,
      newSecurityPriceMandatory: true,
    },
  ),
  ca(
    15,
    'CAPITAL_REPAYMENT',
    'Capital repayment',
    'CAPITAL_REPAYMENT',
    [{ transactionTypeName: 'CAPITAL_RETURN', transactionTypeDescription: 'Capital repaid per share, GBP' }],
    { smallCheck: true },
  ),
  ca(
    16,
    'EQUALISATION',
    'Distribution with equalisation',
    'EQUALISATION',
    [
      {
        transactionTypeName: 'DISTRIBUTION',
        transactionTypeDescription: 'Income per unit, GBP (every unit)',
        defaultIncomeReportLabel: 'Distribution',
      },
      { transactionTypeName: 'EQUALISATION', transactionTypeDescription: 'Equalisation per Group 2 unit, GBP' },
    ],
    { useG1G2: true, groupMethod: 'FIFO', income: true },
  ),
  ca(
    17,
    'ERI',
    'Excess reportable income (reporting fund)',
    'ERI',
    [{ transactionTypeName: 'NOTIONAL_INCOME', transactionTypeDescription: 'Excess reportable income per unit, GBP' }],
    { eri: true, income: true },
  ),
  ca(18, 'REDEMPTION', 'Redemption', 'REDEMPTION', [
    { transactionTypeName: 'REDEMPTION', transactionTypeDescription: 'Redemption price per unit, GBP' },
  ]),
  ca(19, 'CONVERSION', 'Conversion', 'CONVERSION', [newShares('TAKEOVER', 'New securities for every perParent held')]),
  pm(20, 'GIFT', 'Gift to another client', 'GIFT', [
    { transactionTypeName: 'GIFT_OUT', transactionTypeDescription: 'Given at market value' },
    { transactionTypeName: 'TRANSFER_IN', transactionTypeDescription: 'Received at market value' },
  ]),
  pm(21, 'TRANSFER', "Transfer between a client's own portfolios", 'TRANSFER', [
    { transactionTypeName: 'TRANSFER_OUT', transactionTypeDescription: 'Moved out at cost' },
    { transactionTypeName: 'TRANSFER_IN', transactionTypeDescription: 'Moved in at cost, acquisition dates kept' },
  ]),
  pm(22, 'SPOUSE_TRANSFER', 'Transfer to a spouse or civil partner', 'SPOUSE_TRANSFER', [
    { transactionTypeName: 'SPOUSE_OUT', transactionTypeDescription: 'No gain, no loss' },
    { transactionTypeName: 'SPOUSE_IN', transactionTypeDescription: 'At the giver’s cost' },
  ]),
];
