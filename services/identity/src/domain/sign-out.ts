import type { Caller } from '@gains/auth';
import type { IdentityDeps } from './deps';

/** Ends the caller's session: its access tokens stop working at the BFF and its refresh tokens at once. */
export async function signOut(deps: IdentityDeps, caller: Caller, remoteAddress = ''): Promise<void> {
  await deps.sessions.revoke(caller.sessionId, deps.now());
  await deps.audit.insert({
    userUuid: caller.userUuid,
    email: caller.email,
    action: 'SIGN_OUT',
    outcome: 'SUCCEEDED',
    remoteAddr: remoteAddress,
  });
}
