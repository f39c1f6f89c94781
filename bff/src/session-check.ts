import type { Caller } from '@gains/auth';

/** How long a confirmed-open session is trusted before identity is asked again. */
export const SESSION_CHECK_TTL_MS = 10_000;

/**
 * Asks identity whether a token's session is still open, remembering a yes briefly. Sign-out through
 * this BFF forgets the session at once; elsewhere a revocation is seen within the TTL.
 */
export function createSessionCheck(ask: (caller: Caller) => Promise<boolean>, now: () => number = Date.now) {
  const open = new Map<string, number>();
  return {
    async isOpen(caller: Caller): Promise<boolean> {
      const until = open.get(caller.sessionId);
      if (until !== undefined && until > now()) return true;
      const active = await ask(caller);
      if (active) {
        if (open.size > 10_000) open.clear();
        open.set(caller.sessionId, now() + SESSION_CHECK_TTL_MS);
      } else {
        open.delete(caller.sessionId);
      }
      return active;
    },
    forget(sessionId: string) {
      open.delete(sessionId);
    },
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
