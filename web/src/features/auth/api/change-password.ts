import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** POST /auth/change-password: the current session stays; the user's other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/auth/change-password', { method: 'POST', body: input });
}

/** Errors show in the modal's error alert, not as a toast. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
