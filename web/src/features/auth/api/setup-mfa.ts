import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';
import type { MfaCodeInput } from './confirm-mfa';

export interface MfaSetupAnswer {
  state: 'MFA_SETUP';
  session: string;
  secret: string;
  otpauthUrl: string;
}

/** MFA_SETUP: ask for a new authenticator secret (shown once). */
export function setupMfa(input: { session: string }): Promise<MfaSetupAnswer> {
  return apiRequest<MfaSetupAnswer>('/auth/mfa/setup', { method: 'POST', body: input, anonymous: true });
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa, meta: { errorToast: false } });
}

/** MFA_SETUP: a first code from the authenticator proves it is set up → AUTHENTICATED. */
export function verifyMfaSetup(input: MfaCodeInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/mfa/verify', { method: 'POST', body: input, anonymous: true });
}

export function useVerifyMfaSetup() {
  return useMutation({ mutationFn: verifyMfaSetup, meta: { errorToast: false } });
}
