import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';

export interface MfaCodeInput {
  session: string;
  code: string;
}

/** MFA: the authenticator's six-digit code → AUTHENTICATED. */
export function confirmMfa(input: MfaCodeInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/mfa', { method: 'POST', body: input, anonymous: true });
}

export function useConfirmMfa() {
  return useMutation({ mutationFn: confirmMfa, meta: { errorToast: false } });
}
