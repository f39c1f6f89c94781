import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionType } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { TransactionType };

const keys = {
  all: ['transaction-types'] as const,
  list: (org: string) => [...keys.all, org] as const,
  one: (org: string, uuid: string) => [...keys.all, org, uuid] as const,
};

/** GET /admin/transaction-types: the system's types and the organisation's own. */
export function useTransactionTypeList(organisationUuid: string) {
  return useQuery({
    queryKey: keys.list(organisationUuid),
    queryFn: ({ signal }) => apiRequest<TransactionType[]>('/admin/transaction-types', { organisationUuid, signal }),
    meta: { errorToast: false },
  });
}

export function useTransactionType(organisationUuid: string, uuid: string | undefined) {
  return useQuery({
    queryKey: keys.one(organisationUuid, uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<TransactionType>(`/admin/transaction-types/${encodeURIComponent(uuid!)}`, {
        organisationUuid,
        signal,
      }),
    enabled: !!uuid,
    meta: { errorToast: false },
  });
}

/** POST (new) or PUT (edit, with the version read). Field errors show on the form. */
export function useSaveTransactionType(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid?: string; body: Partial<TransactionType> }) =>
      uuid
        ? apiRequest<TransactionType>(`/admin/transaction-types/${encodeURIComponent(uuid)}`, {
            method: 'PUT',
            organisationUuid,
            body,
          })
        : apiRequest<TransactionType>('/admin/transaction-types', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
