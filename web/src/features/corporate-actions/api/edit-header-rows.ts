import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** A candidate's or preview's edit: which row, at which version, with the figures as typed (decimal text). */
export type RowEdit =
  | { kind: 'include'; candidateUuid: string; include: boolean }
  | {
      kind: 'candidate';
      candidateUuid: string;
      version: number;
      holdingQuantity: string;
      cgtCost: string;
      group1Quantity: string;
      group2Quantity: string;
      /** a portfolio movement's: what is moved */
      transferQuantity: string;
      transferPercentage: string;
    }
  | {
      kind: 'preview';
      previewUuid: string;
      version: number;
      holdingQuantity: string;
      proceeds: string;
      expense: string;
    };

function path(headerUuid: string, edit: RowEdit): string {
  const header = `/admin/documents/headers/${encodeURIComponent(headerUuid)}`;
  if (edit.kind === 'preview') return `${header}/previews/${encodeURIComponent(edit.previewUuid)}`;
  const candidate = `${header}/candidates/${encodeURIComponent(edit.candidateUuid)}`;
  return edit.kind === 'include' ? `${candidate}/${edit.include ? 'include' : 'exclude'}` : candidate;
}

/**
 * Seed 001 §7: POST .../candidates/{id}/include and /exclude (the tick), POST .../candidates/{id} and
 * .../previews/{id} (a row's save). Afterwards the header (now EDIT) and all its grids are asked again; the caller
 * toasts 'Candidate updated' / 'Preview updated', or the server's message.
 */
export function useEditHeaderRow(organisationUuid: string, headerUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: RowEdit) => {
      const { kind: _kind, ...body } = edit;
      return apiRequest<unknown>(path(headerUuid, edit), {
        method: 'POST',
        organisationUuid,
        body: edit.kind === 'include' ? undefined : body,
      });
    },
    meta: { errorToast: false },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: corporateActionKeys.header(organisationUuid, headerUuid) }),
  });
}
