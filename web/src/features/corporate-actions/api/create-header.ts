import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentHeader } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** A portfolio movement row as POST admin/documents/headers takes it. */
export interface MovementRowInput {
  clientUuid: string;
  portfolioUuid: string;
  transferPercentage: string;
}

/** The terms a new portfolio movement is created with (seed 001 §2 Add Header modal). */
export interface NewMovementHeader {
  typeUuid: string;
  tradeDate: string;
  outPortfolios: MovementRowInput[];
  inPortfolios: MovementRowInput[];
}

/**
 * POST admin/documents/headers: a new header; the server starts finding its candidates at once. The searches are
 * asked again so the list shows it; the caller toasts 'Header created' or the server's message.
 */
export function useCreateHeader(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMovementHeader) =>
      apiRequest<DocumentHeader>('/admin/documents/headers', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: (header) => {
      queryClient.setQueryData(corporateActionKeys.header(organisationUuid, header.uuid), header);
      void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
    },
  });
}
