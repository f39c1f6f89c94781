import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';

export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** RESET_PASSWORD: the emailed code and a new password → LOGIN. */
export function resetPassword(input: ResetPasswordInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/reset-password', { method: 'POST', body: input, anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
