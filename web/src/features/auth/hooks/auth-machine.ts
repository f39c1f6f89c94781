/**
 * The sign-in screens as a state machine (spec §2.2, §4). One screen at a time.
 * Pure: no I/O. The provider feeds it server answers and session changes.
 */
import { AUTH_MESSAGES } from '@gains/access';

export const AUTH_STATES = [
  'LOGIN',
  'NEW_PASSWORD_REQUIRED',
  'MFA',
  'MFA_SETUP',
  'FORGOT_PASSWORD',
  'RESET_PASSWORD',
  'AUTHENTICATED',
] as const;
export type AuthState = (typeof AUTH_STATES)[number];

export interface AuthMachineState {
  state: AuthState;
  /** The identity service's challenge session, between LOGIN and AUTHENTICATED. */
  challengeSession?: string;
  email?: string;
  /** Success banner of the current screen. */
  notice?: string;
}

export type AuthEvent =
  | {
      type: 'SIGN_IN_ANSWERED';
      email: string;
      state: Exclude<AuthState, 'LOGIN' | 'FORGOT_PASSWORD' | 'RESET_PASSWORD'>;
      challengeSession?: string;
      /** The server's banner for the next screen. */
      message?: string;
    }
  | { type: 'CHALLENGE_COMPLETED' }
  | { type: 'FORGOT_PASSWORD' }
  | { type: 'RESET_CODE_SENT'; email: string; message?: string }
  | { type: 'PASSWORD_RESET'; message?: string }
  | { type: 'BACK_TO_LOGIN' }
  | { type: 'SESSION_STARTED' }
  | { type: 'SIGNED_OUT' };

export const NOTICES = {
  newPassword: AUTH_MESSAGES.newPasswordSetup,
  codeSent: AUTH_MESSAGES.verificationCodeSent,
  passwordReset: 'Your password has been reset. Please sign in.',
} as const;

export function initialAuthState(hasValidSession: boolean): AuthMachineState {
  return { state: hasValidSession ? 'AUTHENTICATED' : 'LOGIN' };
}

export function authReducer(current: AuthMachineState, event: AuthEvent): AuthMachineState {
  switch (event.type) {
    case 'SIGN_IN_ANSWERED':
      if (event.state === 'AUTHENTICATED') return { state: 'AUTHENTICATED' };
      return {
        state: event.state,
        email: event.email,
        challengeSession: event.challengeSession,
        notice: event.state === 'NEW_PASSWORD_REQUIRED' ? NOTICES.newPassword : event.message,
      };
    case 'CHALLENGE_COMPLETED':
    case 'SESSION_STARTED':
      return { state: 'AUTHENTICATED' };
    case 'FORGOT_PASSWORD':
      return current.state === 'LOGIN' || current.state === 'RESET_PASSWORD'
        ? { state: 'FORGOT_PASSWORD', email: current.email }
        : current;
    case 'RESET_CODE_SENT':
      return { state: 'RESET_PASSWORD', email: event.email, notice: event.message || NOTICES.codeSent };
    case 'PASSWORD_RESET':
      return { state: 'LOGIN', email: current.email, notice: event.message || NOTICES.passwordReset };
    case 'BACK_TO_LOGIN':
      return { state: 'LOGIN', email: current.email };
    case 'SIGNED_OUT':
      return current.state === 'AUTHENTICATED' ? { state: 'LOGIN' } : current;
  }
}
