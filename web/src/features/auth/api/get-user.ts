import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CurrentUser {
  uuid: string;
  name: string;
  email: string;
  roles: string[];
  organisations: { uuid: string }[];
}

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => apiRequest<CurrentUser>('/user', { signal }),
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
