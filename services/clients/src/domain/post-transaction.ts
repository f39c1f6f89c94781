import type { Caller } from '@gains/auth';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriter } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioRefOf } from './portfolio-views';
import { prepareLedgerRow } from './prepare-ledger-row';
import { resolveSecurity } from './resolve-security';
import type { RawTransaction } from './transaction-rules';

/**
 * Posts a row to a portfolio's holding of a security: checked, stored with the holdings it moves re-derived, and a
 * ledger.changed (POST) for every owner of the portfolio, all in one database transaction.
 */
export async function postTransaction(
  deps: LedgerDeps,
  caller: Caller,
  request: {
    organisationUuid: string;
    portfolioUuid: string;
    securityId: number;
    transaction: RawTransaction & { type: string };
  },
): Promise<TransactionRecord> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriter(caller, organisationUuid);
  const portfolio = await portfolioRefOf(deps, organisationUuid, request.portfolioUuid);
  const security = await resolveSecurity(deps, caller, organisationUuid, request.securityId, 'securityId');
  const { type, values } = await prepareLedgerRow(deps, caller, organisationUuid, {
    securityId: security.id,
    typeName: request.transaction.type,
    raw: request.transaction,
    at: 'transaction',
    typeMustBeActive: true,
  });
  const [uuid] = await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name,
    inserts: [
      { portfolioId: portfolio.id, portfolioCode: portfolio.code, securityId: security.id, typeId: type.id, values },
    ],
    updates: [],
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'POST' })),
  });
  return (await deps.ledger.findByUuid(organisationUuid, uuid!))!;
}
