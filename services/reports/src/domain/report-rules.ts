import { canUseRoute, firstRole, type RouteName } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';

/** Seed 000 §3 client delivery preferences; "" for a singular report, which is downloaded. */
export const DELIVERIES = ['', 'ELECTRONIC', 'PAPERLESS', 'PRINTED', 'PORTAL'] as const;

/** Any member of the organisation may ask for, list and download its reports (seed 000 §6: every role). */
export function assertReportMember(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}

/**
 * A report serving a page the calls table keeps to some roles (Calculations, Corporate Actions) is asked for and
 * opened only by a member whose first role the page takes: the same rule as the BFF's and the data's own service.
 */
export function assertPageRole(caller: Caller, organisationUuid: string, page: RouteName, message: string): void {
  assertMember(caller, organisationUuid);
  if (!canUseRoute(caller.roles, page)) throw permissionDenied(message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(field: string, value: string): string {
  if (!UUID.test(value)) throw invalidArgument(field, `${field} must be a uuid`);
  return value.toLowerCase();
}

export interface NewReport {
  /** null: a firm report (the organisation's, in no client's list) */
  clientUuid: string | null;
  kind: string;
  subject: string;
  fileName: string;
  contentType: string;
  content: Uint8Array;
  batchId: string | null;
  delivery: string;
}
