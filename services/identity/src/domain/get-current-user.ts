import type { Caller } from '@gains/auth';
import { unauthenticated } from '@gains/errors';
import type { UserRecord } from '../store/user-store';
import type { IdentityDeps } from './deps';

/** The signed-in user as stored now (roles or memberships may have changed since the token). */
export async function getCurrentUser(deps: IdentityDeps, caller: Caller) {
  const user = await actingUser(deps, caller);
  return {
    uuid: user.uuid,
    email: user.email,
    name: user.name,
    roles: user.roles,
    organisationUuids: user.organisationUuids,
  };
}

/** The caller as stored now, refusing a revoked session or a disabled user. */
export async function actingUser(deps: IdentityDeps, caller: Caller): Promise<UserRecord> {
  if (!(await deps.sessions.isActive(caller.sessionId, deps.now()))) throw unauthenticated();
  const user = await deps.users.findByUuid(caller.userUuid);
  if (!user || user.status !== 'ACTIVE') throw unauthenticated();
  return user;
}
