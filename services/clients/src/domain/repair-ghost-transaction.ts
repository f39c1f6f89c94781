import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument } from '@gains/errors';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriter } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { ghostOf } from './ghost-of';
import { portfolioRefOf } from './portfolio-views';
import { resolveSecurity } from './resolve-security';
import { staleTransaction } from './stale';

/**
 * Re-points a ghost to a portfolio and/or a security of the organisation; once both resolve it counts in the
 * ledger: the holdings are re-derived and every owner's tax is recomputed (ledger.changed, REPAIR).
 */
export async function repairGhostTransaction(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string; version: number; portfolioUuid: string; securityId: number },
): Promise<TransactionRecord> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriter(caller, organisationUuid);
  const ghost = await ghostOf(deps, organisationUuid, request.uuid);
  if (ghost.version !== request.version) throw staleTransaction(ghost.uuid);
  if (!request.portfolioUuid && !(request.securityId > 0)) {
    throw invalidArgument('portfolioUuid', 'Name the portfolio or the security the transaction belongs to');
  }
  const portfolio = request.portfolioUuid ? await portfolioRefOf(deps, organisationUuid, request.portfolioUuid) : null;
  const security =
    request.securityId > 0
      ? await resolveSecurity(deps, caller, organisationUuid, request.securityId, 'securityId')
      : null;
  if (!portfolio && !ghost.portfolioUuid) {
    throw invalidArgument('portfolioUuid', 'The transaction has no portfolio: name one');
  }
  if (!security && ghost.securityId === 0)
    throw invalidArgument('securityId', 'The transaction has no security: name one');
  if (security?.status === 'DELETED') throw invalidArgument('securityId', `Security ${security.id} is deleted`);
  if (security && ghost.newSecurityId === security.id) {
    throw new DomainError('INVALID_ARGUMENT', 'The security must differ from the security received', 'securityId');
  }
  await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name,
    inserts: [],
    updates: [
      {
        uuid: ghost.uuid,
        version: request.version,
        ...(portfolio ? { portfolioId: portfolio.id, portfolioCode: portfolio.code } : {}),
        ...(security ? { securityId: security.id } : {}),
      },
    ],
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'REPAIR' })),
  });
  return (await deps.ledger.findByUuid(organisationUuid, ghost.uuid))!;
}
