/**
 * Verified access tokens by their exact text, so a token is checked against identity's key once rather than on
 * every call of its life (an ES256 check costs more than the rest of a request's own work). Only the signature
 * check is saved: an entry is never served at or after the token's `exp`, and whatever checks the session
 * per request (the BFF asks identity on every request) still runs, so a sign-out stops the token at once.
 */
export interface VerifiedTokenCache<T> {
  get(token: string, nowMs: number): T | undefined;
  /** `expiresAtMs` is the token's `exp` in milliseconds. */
  set(token: string, value: T, expiresAtMs: number): void;
  readonly size: number;
}

export function createVerifiedTokenCache<T>(capacity = 10_000): VerifiedTokenCache<T> {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, { value: T; expiresAtMs: number }>();
  return {
    get(token, nowMs) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      if (nowMs >= entry.expiresAtMs) return undefined;
      entries.set(token, entry);
      return entry.value;
    },
    set(token, value, expiresAtMs) {
      entries.delete(token);
      entries.set(token, { value, expiresAtMs });
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
