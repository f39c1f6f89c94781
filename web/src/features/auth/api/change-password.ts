import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return apiRequest<void>('/auth/change-password', { method: 'POST', body: input });
}

/** Errors show in the modal's error alert, not as a toast. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
