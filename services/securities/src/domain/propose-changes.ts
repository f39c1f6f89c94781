import type { Caller } from '@gains/auth';
import type { SecuritiesDeps } from './deps';

type NewChange = Parameters<SecuritiesDeps['changes']['insertMany']>[0][number];
/** What a customer admin proposes: which record, and its fields before and after. */
export type Proposal = Omit<NewChange, 'organisationUuid' | 'proposedByUuid' | 'proposedByName' | 'proposedByEmail'>;

/**
 * A customer admin's changes to shared static data: stored as pending changes (none takes effect until a
 * provider admin approves it), each audited as proposed, in one transaction.
 */
export function proposeChanges(deps: SecuritiesDeps, caller: Caller, organisationUuid: string, proposals: Proposal[]) {
  return deps.changes.insertMany(
    proposals.map((p) => ({
      ...p,
      organisationUuid,
      proposedByUuid: caller.userUuid,
      proposedByName: caller.name,
      proposedByEmail: caller.email,
    })),
    (c) => ({
      actorUuid: caller.userUuid,
      actorName: caller.name,
      organisationUuid,
      entityType: 'STATIC_DATA_CHANGE',
      entityId: c.uuid,
      action: 'PROPOSE',
      oldValues: c.oldValues,
      newValues: c.newValues,
      changeUuid: c.uuid,
    }),
  );
}
