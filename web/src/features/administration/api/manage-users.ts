import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminUser } from './get-users';

export interface InviteInput {
  email: string;
  name: string;
  role: string;
  organisationUuids: string[];
}

/** Invite: the user gets an email with a temporary password and sets a new one at first sign-in. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput) => apiRequest<AdminUser>('/admin/users', { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export type UserAction = 'reset-mfa' | 'disable' | 'enable';

/** Reset MFA, disable or enable; a failure toasts the server's message. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, action }: { uuid: string; action: UserAction }) =>
      apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(uuid)}/${action}`, { method: 'POST' }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
