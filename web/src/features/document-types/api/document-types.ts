import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, SaveDocumentTypeBody } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { DocumentType, SaveDocumentTypeBody };

const keys = {
  all: ['document-types-admin'] as const,
  list: (org: string) => [...keys.all, org] as const,
  one: (org: string, uuid: string) => [...keys.all, org, uuid] as const,
};

/** GET /admin/documents/types: the system types and the firm's own, inactive ones too. */
export function useDocumentTypeAdminList(organisationUuid: string) {
  return useQuery({
    queryKey: keys.list(organisationUuid),
    queryFn: ({ signal }) => apiRequest<DocumentType[]>('/admin/documents/types', { organisationUuid, signal }),
    meta: { errorToast: false },
  });
}

export function useDocumentTypeAdmin(organisationUuid: string, uuid: string) {
  return useQuery({
    queryKey: keys.one(organisationUuid, uuid),
    queryFn: ({ signal }) =>
      apiRequest<DocumentType>(`/admin/documents/types/${encodeURIComponent(uuid)}`, { organisationUuid, signal }),
    meta: { errorToast: false },
  });
}

/**
 * POST (a copy of a system type: baseUuid and code) or PUT (a firm type, with the version read). Field errors show
 * on the form; the header pages' type lists are refreshed too, since activity decides what they offer.
 */
export function useSaveDocumentType(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid?: string; body: SaveDocumentTypeBody }) =>
      uuid
        ? apiRequest<DocumentType>(`/admin/documents/types/${encodeURIComponent(uuid)}`, {
            method: 'PUT',
            organisationUuid,
            body,
          })
        : apiRequest<DocumentType>('/admin/documents/types', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
