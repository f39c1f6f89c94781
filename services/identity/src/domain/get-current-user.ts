import type { Caller } from '@gains/auth';
import { notFound, unauthenticated } from '@gains/errors';
import type { IdentityDeps } from './deps';

/** The signed-in user as stored now (roles or memberships may have changed since the token). */
export async function getCurrentUser(deps: IdentityDeps, caller: Caller) {
  if (!(await deps.sessions.isActive(caller.sessionId, deps.now()))) throw unauthenticated();
  const user = await deps.users.findByUuid(caller.userUuid);
  if (!user || user.status === 'DISABLED') throw notFound('User');
  return { uuid: user.uuid, email: user.email, name: user.name, roles: user.roles, organisationUuids: user.organisationUuids };
}
