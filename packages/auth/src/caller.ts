import { createContextKey, type HandlerContext } from '@connectrpc/connect';
import { firstRole, isSuperAdmin } from '@gains/access';
import { permissionDenied, unauthenticated } from '@gains/errors';

/** Who is calling, as the signed access token says. */
export interface Caller {
  userUuid: string;
  email: string;
  name: string;
  /** Ordered; only the first counts for access (spec §6). */
  roles: string[];
  organisationUuids: string[];
  /**
   * Set for a service token (services/tax-engine/docs/stored-calculations.md, "Service identity"): the calling service's name. Such a
   * caller has no roles and no organisations, so every membership check refuses it; only RPCs that declare they
   * serve that service accept it, and they still scope by the organisation in the request.
   */
  service?: string;
  sessionId: string;
  /** The raw token, forwarded when this service calls another. */
  token: string;
}

export const callerKey = createContextKey<Caller | undefined>(undefined);

export function requireCaller(ctx: HandlerContext): Caller {
  const caller = ctx.values.get(callerKey);
  if (!caller) throw unauthenticated();
  return caller;
}

/** Super admins act for the provider across organisations; everyone else only where they belong. */
export function canActFor(caller: Caller, organisationUuid: string): boolean {
  return isSuperAdmin(caller.roles) || caller.organisationUuids.includes(organisationUuid);
}

export function assertMember(caller: Caller, organisationUuid: string): void {
  if (!organisationUuid) throw permissionDenied('An organisation must be selected');
  if (!canActFor(caller, organisationUuid)) throw permissionDenied('You are not a member of this organisation');
}

/** The reports service: its REPORT jobs read a client's figures as itself, for the organisation the report is for. */
export const REPORTS_SERVICE = 'reports';
/** The documents service: its corporate-action jobs read the ledger and prices as themselves. */
export const DOCUMENTS_SERVICE = 'documents';

/**
 * A reader of the organisation's data: any member with a role, or one of the named services' own token (scoped
 * by the organisation it names). Any other service token is refused.
 */
export function assertMemberOrService(caller: Caller, organisationUuid: string, services: readonly string[]): void {
  if (caller.service !== undefined) {
    if (!services.includes(caller.service)) throw permissionDenied('This service may not read this');
    if (!organisationUuid) throw permissionDenied('An organisation must be selected');
    return;
  }
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}
