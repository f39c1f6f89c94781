import { firstRole } from '@gains/access';
import { assertMember, assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { permissionDenied } from '@gains/errors';

/**
 * Who may do what with the ledger, checked here as well as at the BFF. Only the caller's first role counts.
 * Reads: any member of the organisation; writes: ADMIN (the provider) and CUSTOMER_ADMIN.
 */
export function assertLedgerReader(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}

/** A client's details and tax years: any member, or the reports service's jobs (the client on its reports). */
export function assertClientReader(caller: Caller, organisationUuid: string): void {
  assertMemberOrService(caller, organisationUuid, [REPORTS_SERVICE]);
}

/** Returns whether the writer is the provider (who alone may touch what every firm shares). */
export function assertLedgerWriter(caller: Caller, organisationUuid: string): { provider: boolean } {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN') {
    throw permissionDenied('You do not have permission to change the ledger');
  }
  return { provider: role === 'ADMIN' };
}

/** The documents service: it reads a corporate action's holders and posts its rows as itself, from its jobs. */
export const DOCUMENTS_SERVICE = 'documents';

/**
 * A ledger writer (ADMIN, CUSTOMER_ADMIN of the organisation), or the documents service's own token; the service
 * is still scoped by the organisation it names. Any other service token is refused.
 */
export function assertLedgerWriterOrDocuments(caller: Caller, organisationUuid: string): void {
  if (caller.service === undefined) {
    assertLedgerWriter(caller, organisationUuid);
    return;
  }
  if (caller.service !== DOCUMENTS_SERVICE) throw permissionDenied('This service may not change the ledger');
  if (!organisationUuid) throw permissionDenied('An organisation must be selected');
}
