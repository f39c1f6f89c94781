import { firstRole } from '@gains/access';
import { assertMember, assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { permissionDenied } from '@gains/errors';

/**
 * Corporate actions and portfolio movements are ADMIN's and CUSTOMER_ADMIN's (seed 001 §6), checked here as well
 * as at the BFF: a member of the organisation whose first role is one of them (super admins: any organisation).
 */
export function assertDocumentsUser(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN')
    throw permissionDenied('Corporate actions and portfolio movements are for administrators');
}

/**
 * The CA reports' reads (ExportHeaders, ExportCandidates): a documents user, or the reports service, whose REPORT
 * job makes those reports once RequestReport has checked the user (scoped by the organisation it names).
 */
export function assertDocumentsUserOrReports(caller: Caller, organisationUuid: string): void {
  if (caller.service !== undefined) assertMemberOrService(caller, organisationUuid, [REPORTS_SERVICE]);
  else assertDocumentsUser(caller, organisationUuid);
}
