import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { resolveSecurity } from './resolve-security';
import { checkTransaction, withGbpAmounts, type LedgerRowValues, type RawTransaction } from './transaction-rules';
import type { TransactionTypeRecord } from './transaction-types';

/**
 * One posted or edited row made ready to store: its type known to the organisation, the row's rules, then what
 * needs looking up: the security received, the counterparty client, the currency and its FX rate (read from the
 * securities service when not given), giving the exact GBP amounts. `at` prefixes the fields named in refusals.
 */
export async function prepareLedgerRow(
  deps: LedgerDeps,
  caller: Caller,
  organisationUuid: string,
  row: { securityId: number; typeName: string; raw: RawTransaction; at: string; typeMustBeActive: boolean },
): Promise<{ type: TransactionTypeRecord; values: LedgerRowValues }> {
  const { at } = row;
  const typeName = row.typeName.trim();
  if (!typeName) throw invalidArgument(`${at}.type`, 'type is required');
  const type = await deps.types.findByName(organisationUuid, typeName);
  if (!type) throw invalidArgument(`${at}.type`, `Unknown transaction type ${typeName}`);
  if (row.typeMustBeActive && !type.active) {
    throw invalidArgument(`${at}.type`, `Transaction type ${type.name} is not active`);
  }
  const checked = checkTransaction(row.raw, type, { today: deps.today(), at, securityId: row.securityId });
  if (checked.newSecurityId !== null) {
    await resolveSecurity(deps, caller, organisationUuid, checked.newSecurityId, `${at}.newSecurityId`);
  }
  if (checked.counterpartyClientUuid !== null) {
    const [client] = await deps.portfolios.findClients(organisationUuid, [checked.counterpartyClientUuid]);
    if (!client) {
      throw invalidArgument(`${at}.counterpartyClientUuid`, 'The counterparty must be a client of this organisation');
    }
  }
  if (
    checked.currency !== 'GBP' &&
    !(await deps.securitiesSource.currencyKnown(caller, organisationUuid, checked.currency))
  ) {
    throw invalidArgument(`${at}.currency`, `Unknown currency ${checked.currency}`);
  }
  if (checked.fxRate !== null) return { type, values: withGbpAmounts(checked, { unitsPerGbp: checked.fxRate }) };
  const gbpPerUnit = await deps.securitiesSource.gbpPerUnit(
    caller,
    organisationUuid,
    checked.currency,
    checked.tradeDate,
  );
  if (gbpPerUnit === null) {
    throw invalidArgument(
      `${at}.fxRate`,
      `There is no ${checked.currency} rate on or before ${checked.tradeDate}: give fxRate (units per GBP)`,
    );
  }
  return { type, values: withGbpAmounts(checked, { gbpPerUnit }) };
}

/** A stored row as the input that would post it (an edit overlays what it carries). */
export function rawOf(t: TransactionRecord): RawTransaction {
  return {
    state: t.transactionState.state,
    transactionCode: t.transactionCode,
    tradeDate: t.tradeDate,
    exDate: t.exDate ?? '',
    payDate: t.payDate ?? '',
    reportDate: t.reportDate,
    quantity: t.quantity,
    price: t.price ?? '',
    consideration: t.consideration,
    expenses: t.expenses,
    currency: t.currency.isoCode,
    fxRate: t.fxRate,
    originalAcquisitionDate: t.originalAcquisitionDate ?? '',
    counterpartyClientUuid: t.counterpartyClientUuid ?? '',
    counterpartyName: t.counterpartyName,
    holdoverReliefClaimed: t.holdoverReliefClaimed ?? '',
    newSecurityId: t.newSecurityId ?? 0,
    marketValue: t.marketValue ?? '',
    ratio: t.ratio ?? '',
    timing: t.timing,
    incomeType: t.incomeType,
    taxDeducted: t.taxDeducted ?? '',
    notes: t.notes,
  };
}

/** The stored row with the fields an edit carries (non-empty text, non-zero numbers) put over it. */
export function overlay(stored: RawTransaction, edit: RawTransaction): RawTransaction {
  const out = { ...stored } as Record<string, string | number>;
  for (const [key, value] of Object.entries(edit) as [keyof RawTransaction, string | number][]) {
    if (!(key in stored)) continue;
    if (typeof value === 'string' ? value.trim() !== '' : value !== 0) out[key] = value;
  }
  // A new price or quantity without a new consideration: quantity x price again, not the old figure.
  if ((edit.price.trim() || edit.quantity.trim()) && !edit.consideration.trim() && stored.price !== '') {
    out.consideration = '';
  }
  // A new currency or trade date without a rate: the rate is read again for them, not kept from before.
  const newCurrency = edit.currency.trim() !== '' && edit.currency.trim().toUpperCase() !== stored.currency;
  const newDate = edit.tradeDate.trim() !== '' && edit.tradeDate.trim() !== stored.tradeDate;
  if ((newCurrency || newDate) && !edit.fxRate.trim()) out.fxRate = '';
  return out as unknown as RawTransaction;
}
