import type { Caller } from '@gains/auth';
import { notFound, permissionDenied } from '@gains/errors';
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

/** The administrator and the user they want to manage, if they may. */
export async function managedUser(deps: IdentityDeps, caller: Caller, uuid: string) {
  const admin = await assertRole(deps, caller, ADMINS);
  const target = await deps.users.findByUuid(uuid);
  if (!target) throw notFound('User', 'uuid');
  if (!canManageUser(admin, target)) throw permissionDenied('You may not manage this user');
  return { admin, target };
}
