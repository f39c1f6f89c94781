import type { Caller } from '@gains/auth';
import type { IdentityDeps } from './deps';

export async function signOut(deps: IdentityDeps, caller: Caller): Promise<void> {
  await deps.sessions.revoke(caller.sessionId, deps.now());
  await deps.audit.insert({ userUuid: caller.userUuid, email: caller.email, action: 'SIGN_OUT', outcome: 'SUCCEEDED' });
}
