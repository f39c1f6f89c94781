import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

export type SignInResponse =
  | { state: 'AUTHENTICATED'; accessToken: string; expiresIn: number }
  | { state: 'NEW_PASSWORD_REQUIRED' | 'MFA' | 'MFA_SETUP'; session: string };

export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/auth/sign-in', { method: 'POST', body: input, anonymous: true });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { errorToast: false } });
}
