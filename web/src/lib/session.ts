import { storage } from './storage';

/**
 * The signed-in session. The access token lives in this tab's memory only; the refresh token is an HttpOnly
 * cookie that the browser sends to /api/auth/refresh alone, so no script can read either from storage. A
 * reload, or another tab, gets its own access token from the refresh call.
 */
export interface Session {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** No secret: only whether this browser has signed in, so a reload knows a refresh is worth trying. */
const SIGNED_IN = 'gains.signedIn';
type Listener = (session: Session | undefined) => void;
const listeners = new Set<Listener>();
let current: Session | undefined;

/** Whether the access token has expired (or is about to, within 10 seconds). */
export function accessTokenExpired(session: Session): boolean {
  return session.expiresAt - 10_000 <= Date.now();
}

export function getSession(): Session | undefined {
  return current;
}

/** Whether the browser may hold a refresh cookie (it signed in and has not signed out). */
export function maySignInAgain(): boolean {
  return storage.get<boolean>(SIGNED_IN) === true;
}

export function setSession(accessToken: string, expiresInSeconds: number): Session {
  const wasSignedIn = current !== undefined;
  current = { accessToken, expiresAt: Date.now() + expiresInSeconds * 1000 };
  storage.set(SIGNED_IN, true);
  // a refreshed token is not a new sign-in: only tell listeners when the signed-in state changes
  if (!wasSignedIn) listeners.forEach((l) => l(current));
  return current;
}

export function clearSession(): void {
  forget();
  storage.remove(SIGNED_IN);
}

function forget(): void {
  const wasSignedIn = current !== undefined;
  current = undefined;
  if (wasSignedIn) listeners.forEach((l) => l(undefined));
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when another tab signs in (this tab then refreshes to get its own access token). */
let onSignedInElsewhere: (() => void) | undefined;
export function whenSignedInElsewhere(handler: () => void): void {
  onSignedInElsewhere = handler;
}

// Another tab signing out signs this tab out too; another tab signing in signs this one in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SIGNED_IN && event.key !== null) return;
    if (!maySignInAgain()) forget();
    else if (!current) onSignedInElsewhere?.();
  });
}
