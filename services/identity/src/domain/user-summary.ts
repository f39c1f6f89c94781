import type { Caller } from '@gains/auth';
import { notFound, permissionDenied } from '@gains/errors';
import { isSuperAdmin } from '@gains/access';
import type { InvitationRecord } from '../store/invitation-store';
import type { UserRecord } from '../store/user-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { canManageUser } from './user-admin-rules';

export interface UserSummary {
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  organisationUuids: string[];
  status: string;
  mfaEnabled: boolean;
  createdAt: Date;
}

/** What an administrator sees of a user: a customer admin only the memberships they share. */
export function summary(user: UserRecord, visibleOrganisations?: readonly string[]): UserSummary {
  return {
    uuid: user.uuid,
    email: user.email,
    name: user.name,
    roles: user.roles,
    organisationUuids: visibleOrganisations
      ? user.organisationUuids.filter((o) => visibleOrganisations.includes(o))
      : user.organisationUuids,
    status: user.status,
    mfaEnabled: !!user.mfaSecret,
    createdAt: user.createdAt,
  };
}

/**
 * An invitation as the inviting firm sees it: the invitee as they were typed, like a new user who has
 * not signed in yet (README: Invitations).
 */
export function invitationSummary(invitation: InvitationRecord, visibleOrganisations?: readonly string[]): UserSummary {
  return {
    uuid: invitation.uuid,
    email: invitation.email,
    name: invitation.name,
    roles: [invitation.role],
    organisationUuids: visibleOrganisations
      ? invitation.organisationUuids.filter((o) => visibleOrganisations.includes(o))
      : invitation.organisationUuids,
    status: invitation.status,
    mfaEnabled: false,
    createdAt: invitation.createdAt,
  };
}

/** What an administrator may see of others' memberships: everything for a super admin, else their own. */
export function visibleTo(admin: UserRecord): readonly string[] | undefined {
  return isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids;
}

export type Managed =
  | { kind: 'user'; admin: UserRecord; target: UserRecord }
  | { kind: 'invitation'; admin: UserRecord; invitation: InvitationRecord };

/**
 * The administrator and the user (or, for the inviting firm, the invitation standing for one) they
 * want to manage, if they may.
 */
export async function managedUser(deps: IdentityDeps, caller: Caller, uuid: string): Promise<Managed> {
  const admin = await assertRole(deps, caller, ADMINS);
  const target = await deps.users.findByUuid(uuid);
  if (target) {
    if (!canManageUser(admin, target)) throw permissionDenied('You may not manage this user');
    return { kind: 'user', admin, target };
  }
  const invitation = await deps.invitations.findByUuid(uuid);
  if (!invitation || isSuperAdmin(admin.roles)) throw notFound('User', 'uuid');
  const person = { uuid: invitation.uuid, roles: [invitation.role], organisationUuids: invitation.organisationUuids };
  if (!canManageUser(admin, person)) throw permissionDenied('You may not manage this user');
  return { kind: 'invitation', admin, invitation };
}
