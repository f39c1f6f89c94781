import { storage } from './storage';

/** The signed-in session, kept in localStorage under `gains.session` so a reload stays signed in. */
export interface Session {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const KEY = 'gains.session';
type Listener = (session: Session | undefined) => void;
const listeners = new Set<Listener>();

function isValid(session: Session | undefined): session is Session {
  return !!session && typeof session.accessToken === 'string' && session.expiresAt > Date.now();
}

export function getSession(): Session | undefined {
  const session = storage.get<Session>(KEY);
  return isValid(session) ? session : undefined;
}

export function setSession(accessToken: string, expiresInSeconds: number): Session {
  const session = { accessToken, expiresAt: Date.now() + expiresInSeconds * 1000 };
  storage.set(KEY, session);
  listeners.forEach((l) => l(session));
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
