import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';

export interface NewPasswordInput {
  session: string;
  password: string;
  confirmPassword: string;
}

/** NEW_PASSWORD_REQUIRED → AUTHENTICATED (or a further challenge). */
export function completeNewPassword(input: NewPasswordInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/new-password', { method: 'POST', body: input, anonymous: true });
}

export function useCompleteNewPassword() {
  return useMutation({ mutationFn: completeNewPassword, meta: { errorToast: false } });
}
