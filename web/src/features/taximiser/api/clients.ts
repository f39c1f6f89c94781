import { useQuery } from '@tanstack/react-query';
import { getClientsQueryOptions } from '@/features/clients';

/** At most 10 suggestions (seed 000 §5). */
export const CLIENT_SUGGESTIONS = 10;

/** GET /clients/summary: the organisation's clients matching the term, by client code. */
export function useClientChoices(organisationUuid: string, term: string, enabled: boolean) {
  return useQuery({
    ...getClientsQueryOptions({
      organisationUuid,
      page: 1,
      size: CLIENT_SUGGESTIONS,
      term,
      filter: '',
      sort: [{ colId: 'code', sort: 'asc' }],
    }),
    enabled: enabled && !!organisationUuid,
    placeholderData: undefined,
  });
}
