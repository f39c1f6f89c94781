import { setSession } from '@/lib/session';

/** What every sign-in step answers (bff/src/routes/auth.ts): the next state and what it needs. */
export type AuthAnswer =
  | { state: 'AUTHENTICATED'; accessToken: string; expiresIn: number; message?: string }
  | { state: 'NEW_PASSWORD_REQUIRED' | 'MFA' | 'MFA_SETUP'; session: string; message?: string }
  | { state: 'RESET_PASSWORD' | 'LOGIN'; message?: string };

/**
 * Keep the access token of an AUTHENTICATED answer (the refresh token came as an HttpOnly cookie); the session
 * listener then moves the machine on.
 */
export function keepTokens(answer: AuthAnswer): void {
  if (answer.state === 'AUTHENTICATED') setSession(answer.accessToken, answer.expiresIn);
}
