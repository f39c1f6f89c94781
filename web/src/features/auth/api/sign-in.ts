import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthAnswer } from './auth-answer';

export interface SignInInput {
  email: string;
  password: string;
}

export type SignInResponse = AuthAnswer;

export function signIn(input: SignInInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/sign-in', { method: 'POST', body: input, anonymous: true });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { errorToast: false } });
}
