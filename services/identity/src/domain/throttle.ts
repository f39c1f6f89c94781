import { DomainError } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { accountKey, addressKey, afterFailure, lockedUntil, retryMessage } from './throttle-rules';

function keysOf(email: string | undefined, address: string): string[] {
  return [email ? accountKey(email) : undefined, addressKey(address)].filter((k): k is string => !!k);
}

/** Refuses (429) while the account or the address is locked, saying when to retry. */
export async function assertNotThrottled(
  deps: IdentityDeps,
  email: string | undefined,
  address: string,
): Promise<void> {
  const now = deps.now();
  const until = lockedUntil(await deps.throttle.findMany(keysOf(email, address)), now);
  if (until) throw new DomainError('RESOURCE_EXHAUSTED', retryMessage(until, now));
}

/** Counts a failed attempt against the account and the address. */
export async function recordFailure(deps: IdentityDeps, email: string | undefined, address: string): Promise<void> {
  const now = deps.now();
  const keys = keysOf(email, address);
  const existing = new Map((await deps.throttle.findMany(keys)).map((s) => [s.key, s]));
  for (const key of keys) await deps.throttle.save(afterFailure(key, existing.get(key), now));
}

/** A success clears the account's count (the address keeps its own). */
export async function clearFailures(deps: IdentityDeps, email: string): Promise<void> {
  await deps.throttle.remove(accountKey(email));
}
