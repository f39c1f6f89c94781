import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export const mailKeys = {
  all: ['dev-mailbox'] as const,
  list: (to: string) => [...mailKeys.all, to] as const,
};

/**
 * GET /dev/mailbox: mail kept because no SMTP server is configured, for provider admins (404 where the server
 * does not enable it, 403 for anyone else).
 */
export function getMailQueryOptions(to: string) {
  return queryOptions({
    queryKey: mailKeys.list(to),
    queryFn: ({ signal }) =>
      apiRequest<{ content: Mail[]; totalSize: number }>('/dev/mailbox', { signal, query: { to } }),
    staleTime: 0,
    refetchInterval: 5_000,
    meta: { errorToast: false },
  });
}

export function useMail(to: string) {
  return useQuery(getMailQueryOptions(to));
}
