import type { LedgerRowValues } from '../domain/transaction-rules';

/**
 * A ledger row's checked values as bulk-insert columns (bulk-insert.ts), in the order `ledgerValues` writes them:
 * what a ledger change and an import both store, each around its own keys and audit columns.
 */
export const LEDGER_VALUE_COLUMNS = [
  { name: 'transaction_code', type: 'text' },
  { name: 'state', type: 'text' },
  { name: 'trade_date', type: 'date' },
  { name: 'ex_date', type: 'date' },
  { name: 'pay_date', type: 'date' },
  { name: 'report_date', type: 'date' },
  { name: 'quantity', type: 'numeric' },
  { name: 'price', type: 'numeric' },
  { name: 'consideration', type: 'numeric' },
  { name: 'expenses', type: 'numeric' },
  { name: 'currency', type: 'text' },
  { name: 'fx_rate', type: 'numeric' },
  { name: 'consideration_gbp', type: 'numeric' },
  { name: 'expenses_gbp', type: 'numeric' },
  { name: 'original_acquisition_date', type: 'date' },
  { name: 'counterparty_client_uuid', type: 'uuid' },
  { name: 'counterparty_name', type: 'text' },
  { name: 'holdover_relief_claimed', type: 'numeric' },
  { name: 'new_security_id', type: 'int' },
  { name: 'market_value', type: 'numeric' },
  { name: 'ratio', type: 'text' },
  { name: 'timing', type: 'text' },
  { name: 'income_type', type: 'text' },
  { name: 'tax_deducted', type: 'numeric' },
  { name: 'notes', type: 'text' },
] as const;

/** The values of LEDGER_VALUE_COLUMNS, in their order. */
export function ledgerValues(v: LedgerRowValues): unknown[] {
  return [
    v.transactionCode,
    v.state,
    v.tradeDate,
    v.exDate,
    v.payDate,
    v.reportDate,
    v.quantity,
    v.price,
    v.consideration,
    v.expenses,
    v.currency,
    v.fxRate,
    v.considerationGbp,
    v.expensesGbp,
    v.originalAcquisitionDate,
    v.counterpartyClientUuid,
    v.counterpartyName,
    v.holdoverReliefClaimed,
    v.newSecurityId,
    v.marketValue,
    v.ratio,
    v.timing,
    v.incomeType,
    v.taxDeducted,
    v.notes,
  ];
}
