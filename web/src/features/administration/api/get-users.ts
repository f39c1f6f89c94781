import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type UserStatus = 'ACTIVE' | 'NEW_PASSWORD_REQUIRED' | 'DISABLED' | string;

export interface AdminUser {
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  organisationUuids: string[];
  status: UserStatus;
  mfaEnabled: boolean;
  createdAt: string;
}

export function useAdminUsers(page: number, size: number, term: string) {
  return useQuery({
    queryKey: adminKeys.userPage(page, size, term),
    queryFn: ({ signal }) =>
      apiRequest<{ content: AdminUser[]; totalSize: number }>('/admin/users', { signal, query: { page, size, term } }),
    placeholderData: keepPreviousData,
  });
}
