import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MovementClient, MovementPortfolioOption } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** The most suggestions a movement row's search shows (seed 001 §5, §9). */
export const SUGGESTIONS = 10;

/** Which list a movement row is in: what leaves, or where it goes. */
export type MovementDirection = 'out' | 'in';

const base = (typeUuid: string, direction: MovementDirection) =>
  `/admin/documents/headers/types/${encodeURIComponent(typeUuid)}/${direction}`;

/** GET .../types/{typeId}/{in|out}/clients?terms=: asked only with a settled, non-empty term (seed 001 §5). */
export function movementClientsQueryOptions(
  organisationUuid: string,
  typeUuid: string,
  direction: MovementDirection,
  terms: string,
) {
  const term = terms.trim();
  return queryOptions({
    queryKey: corporateActionKeys.movementParties(organisationUuid, 'clients', { typeUuid, direction, term }),
    queryFn: ({ signal }) =>
      apiRequest<MovementClient[]>(`${base(typeUuid, direction)}/clients`, {
        organisationUuid,
        signal,
        query: { terms: term },
      }),
    enabled: term !== '' && typeUuid !== '',
    placeholderData: keepPreviousData,
    select: (rows) => rows.slice(0, SUGGESTIONS),
    meta: { errorToast: false },
  });
}

export function useMovementClients(
  organisationUuid: string,
  typeUuid: string,
  direction: MovementDirection,
  terms: string,
) {
  return useQuery(movementClientsQueryOptions(organisationUuid, typeUuid, direction, terms));
}

/** GET .../types/{typeId}/{in|out}/portfolios?terms=&clientUuid=: the chosen client's portfolios. */
export function useMovementPortfolios(
  organisationUuid: string,
  typeUuid: string,
  direction: MovementDirection,
  clientUuid: string,
  terms: string,
) {
  const term = terms.trim();
  return useQuery(
    queryOptions({
      queryKey: corporateActionKeys.movementParties(organisationUuid, 'portfolios', {
        typeUuid,
        direction,
        clientUuid,
        term,
      }),
      queryFn: ({ signal }) =>
        apiRequest<MovementPortfolioOption[]>(`${base(typeUuid, direction)}/portfolios`, {
          organisationUuid,
          signal,
          query: { terms: term, clientUuid },
        }),
      enabled: clientUuid !== '' && typeUuid !== '',
      select: (rows) => rows.slice(0, SUGGESTIONS),
      meta: { errorToast: false },
    }),
  );
}
