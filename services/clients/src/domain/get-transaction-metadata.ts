import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';
import { INCOME_TYPES } from './reference-lists';
import { findSecurity } from './resolve-security';
import { TRANSACTION_STATES } from './transaction-states';
import { canonicalDecimal, divide } from './decimal-rules';
import { FX_SCALE } from './transaction-rules';
import type { TransactionTypeRecord } from './transaction-types';

/** What a posting form needs for a type and a security: the fields to show, the security's figures, the FX rate. */
export async function getTransactionMetadata(
  deps: LedgerDeps,
  caller: Caller,
  request: {
    organisationUuid: string;
    transactionTypeUuid: string;
    securityId: number;
    type: string;
    transactionCcyCode: string;
  },
) {
  const organisationUuid = request.organisationUuid;
  assertLedgerReader(caller, organisationUuid);
  let type: TransactionTypeRecord | null = null;
  if (request.transactionTypeUuid) {
    type = /^[0-9a-f-]{36}$/i.test(request.transactionTypeUuid)
      ? await deps.types.findByUuid(organisationUuid, request.transactionTypeUuid)
      : null;
    if (!type) throw notFound('Transaction type', 'transactionTypeUuid');
  } else if (request.type) {
    type = await deps.types.findByName(organisationUuid, request.type.trim());
    if (!type) throw notFound('Transaction type', 'type');
  } else {
    throw invalidArgument('transactionTypeUuid', 'transactionTypeUuid or type is required');
  }
  // A reader (an adviser) may not ask the securities service for a security: an unknown one shows no figures.
  const security =
    request.securityId > 0 ? await findSecurity(deps, caller, organisationUuid, request.securityId) : null;
  const currency = request.transactionCcyCode.trim().toUpperCase() || 'GBP';
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw invalidArgument('transactionCcyCode', 'transactionCcyCode must be a 3-letter ISO code');
  }
  let fxRate = '1';
  if (currency !== 'GBP') {
    // The rate as the form would take it (units per GBP); '' when the securities service has none.
    const gbpPerUnit = await deps.securitiesSource
      .gbpPerUnit(caller, organisationUuid, currency, deps.today())
      .catch(() => null);
    fxRate = gbpPerUnit === null ? '' : canonicalDecimal(divide('1', gbpPerUnit, FX_SCALE));
  }
  return {
    transactionType: type,
    requiredFields: type.requiredFields,
    securityCurrency: security?.currency ?? '',
    quantityDecimalPlaces: security?.quantityDecimalPlaces ?? 4,
    transactionCurrency: currency,
    fxRate,
    latestPrice: security?.priceGbp ?? null,
    incomeTypes: INCOME_TYPES.map((t, i) => ({ ...t, id: i + 1 })),
    states: TRANSACTION_STATES.map((s) => ({ ...s })),
  };
}
