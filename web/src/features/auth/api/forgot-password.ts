import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';

/** FORGOT_PASSWORD: email a verification code (the answer is the same whether the address is known). */
export function forgotPassword(input: { email: string }): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/forgot-password', { method: 'POST', body: input, anonymous: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { errorToast: false } });
}
