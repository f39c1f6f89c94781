import type { Caller } from '@gains/auth';
import type { IdentityDeps } from './deps';

/** Whether the caller's session is still open (not signed out, revoked or expired). */
export async function checkSession(deps: IdentityDeps, caller: Caller): Promise<boolean> {
  return deps.sessions.isActive(caller.sessionId, deps.now());
}
