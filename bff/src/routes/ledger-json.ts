import type { Presented } from '@gains/contracts';
import type { ledger } from '@gains/proto';

/**
 * Proto answers of the ledger service to the JSON of packages/contracts/src/ledger.ts: the message's own fields,
 * unset optional figures written as null so every row has every column. Cheap per row (grids of thousands): one
 * copy without protobuf-es's `$` members and a fixed list of optional keys, no per-key reflection.
 */
type Json<M> = Presented<M>;

function plain<M extends { $typeName: string }>(message: M, optional: readonly string[]): Json<M> {
  const { $typeName: _type, $unknown: _unknown, ...fields } = message as M & { $unknown?: unknown };
  const out = fields as Record<string, unknown>;
  for (const key of optional) if (out[key] === undefined) out[key] = null;
  return out as Json<M>;
}

const FIGURES = [
  'ytdCapitalGainLoss',
  'ytdIncomeGain',
  'ytdExemptGainLoss',
  'unrealisedCapitalGainLoss',
  'unrealisedIncomeGain',
  'unrealisedExemptGainLoss',
  'indexation',
  'holdoverRelief',
  'cloggedLoss',
] as const;
const PORTFOLIO_OPTIONAL = ['marketValue', ...FIGURES] as const;
const HOLDING_OPTIONAL = [
  'price',
  'priceDate',
  'value',
  'averageCost',
  'cgtCost',
  'lastTransactionDate',
  'lastCalculatedAt',
  ...FIGURES,
];
const TRANSACTION_OPTIONAL = [
  'exDate',
  'payDate',
  'price',
  'originalAcquisitionDate',
  'counterpartyClientUuid',
  'holdoverReliefClaimed',
  'newSecurityId',
  'marketValue',
  'ratio',
  'taxDeducted',
  'cgtCost',
  'proceeds',
  'capitalGainLoss',
  'incomeGain',
  'exemptGainLoss',
  'holdoverRelief',
  'cloggedLoss',
  'indexation',
] as const;

export function portfolioJson(p: ledger.Portfolio) {
  return { ...plain(p, PORTFOLIO_OPTIONAL), owners: p.owners.map((o) => plain(o, [])) };
}

export function holdingJson(h: ledger.Holding) {
  return plain(h, HOLDING_OPTIONAL);
}

export function transactionJson(t: ledger.Transaction) {
  return {
    ...plain(t, TRANSACTION_OPTIONAL),
    transactionType: {
      uuid: t.transactionType?.uuid ?? '',
      type: t.transactionType?.type ?? '',
      typeDescription: t.transactionType?.typeDescription ?? '',
    },
    transactionState: { uuid: t.transactionState?.uuid ?? '', state: t.transactionState?.state ?? '' },
    currency: { isoCode: t.currency?.isoCode ?? '' },
  };
}

export function transactionTypeJson(t: ledger.TransactionType) {
  return plain(t, []);
}

export function transactionStateJson(s: ledger.TransactionStateRef) {
  return { uuid: s.uuid, state: s.state };
}

export function metadataJson(m: ledger.TransactionMetadata) {
  return {
    transactionType: m.transactionType ? transactionTypeJson(m.transactionType) : null,
    requiredFields: m.requiredFields,
    securityCurrency: m.securityCurrency,
    quantityDecimalPlaces: m.quantityDecimalPlaces,
    transactionCurrency: m.transactionCurrency,
    fxRate: m.fxRate,
    latestPrice: m.latestPrice ?? null,
    incomeTypes: m.incomeTypes.map((i) => ({ id: i.id, code: i.code, name: i.name })),
    states: m.states.map(transactionStateJson),
  };
}
