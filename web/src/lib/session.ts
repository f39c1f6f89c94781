import { storage } from './storage';

/** The signed-in session, kept in localStorage under `gains.session` so a reload stays signed in. */
export interface Session {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Rotating refresh token (spec §4): a new access token without signing in again. */
  refreshToken?: string;
}

const KEY = 'gains.session';
type Listener = (session: Session | undefined) => void;
const listeners = new Set<Listener>();

/** Usable: the access token is fresh, or it can be refreshed. */
function isValid(session: Session | undefined): session is Session {
  return (
    !!session &&
    typeof session.accessToken === 'string' &&
    (session.expiresAt > Date.now() || typeof session.refreshToken === 'string')
  );
}

/** Whether the access token has expired (or is about to, within 10 seconds). */
export function accessTokenExpired(session: Session): boolean {
  return session.expiresAt - 10_000 <= Date.now();
}

export function getSession(): Session | undefined {
  const session = storage.get<Session>(KEY);
  return isValid(session) ? session : undefined;
}

export function setSession(accessToken: string, expiresInSeconds: number, refreshToken?: string): Session {
  const session: Session = { accessToken, expiresAt: Date.now() + expiresInSeconds * 1000, refreshToken };
  const wasSignedIn = getSession() !== undefined;
  storage.set(KEY, session);
  // a refreshed token is not a new sign-in: only tell listeners when the signed-in state changes
  if (!wasSignedIn) listeners.forEach((l) => l(session));
  return session;
}

export function clearSession(): void {
  storage.remove(KEY);
  listeners.forEach((l) => l(undefined));
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) listeners.forEach((l) => l(getSession()));
  });
}
