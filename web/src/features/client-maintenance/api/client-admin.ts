import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Client,
  ClientInput,
  ClientListItem,
  ClientTaxYear,
  CodedItem,
  Page,
  Portfolio,
  PortfolioInput,
} from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

export type { Client, ClientInput, ClientListItem, ClientTaxYear, CodedItem, Portfolio, PortfolioInput };

export interface ClientListQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  sort: SortItem[];
}

export const clientAdminKeys = {
  all: ['client-admin'] as const,
  list: (q: ClientListQuery) =>
    [
      ...clientAdminKeys.all,
      q.organisationUuid,
      'list',
      { page: q.page, size: q.size, term: q.term, sort: sortParams(q.sort) },
    ] as const,
  one: (org: string, id: string) => [...clientAdminKeys.all, org, 'client', id] as const,
  portfolios: (org: string, clientUuid: string) => [...clientAdminKeys.all, org, 'portfolios', clientUuid] as const,
  serviceLevels: (org: string) => [...clientAdminKeys.all, org, 'service-levels'] as const,
  types: (org: string) => [...clientAdminKeys.all, org, 'types'] as const,
  taxYears: (org: string, typeId: number) => [...clientAdminKeys.all, org, 'tax-years', typeId] as const,
  clientsByCode: (org: string, term: string) => [...clientAdminKeys.all, org, 'by-code', term] as const,
};

export function getAdminClients(q: ClientListQuery, signal?: AbortSignal) {
  return apiRequest<Page<ClientListItem>>('/admin/clients', {
    organisationUuid: q.organisationUuid,
    signal,
    query: { page: q.page, size: q.size, term: q.term.trim() || undefined, sort: sortParams(q.sort) },
  });
}

/** GET /admin/clients: the Client Maintenance list, paged, sorted and searched by the server. */
export function useAdminClients(q: ClientListQuery) {
  return useQuery({
    queryKey: clientAdminKeys.list(q),
    queryFn: ({ signal }) => getAdminClients(q, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** Up to 10 clients of the organisation matching a code or name, for the relationship picker. */
export function useClientSuggestions(organisationUuid: string, term: string) {
  return useQuery({
    queryKey: clientAdminKeys.clientsByCode(organisationUuid, term),
    queryFn: ({ signal }) => getAdminClients({ organisationUuid, page: 1, size: 10, term, sort: [] }, signal),
    enabled: term.trim().length > 0,
    meta: { errorToast: false },
  });
}

/** GET /admin/clients/{id}: the full client. */
export function useAdminClient(organisationUuid: string, id: string | undefined) {
  return useQuery({
    queryKey: clientAdminKeys.one(organisationUuid, id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Client>(`/admin/clients/${encodeURIComponent(id!)}`, { organisationUuid, signal }),
    enabled: !!id,
    meta: { errorToast: false },
  });
}

/** GET /admin/clients/service-levels. */
export function useClientServiceLevels(organisationUuid: string) {
  return useQuery({
    queryKey: clientAdminKeys.serviceLevels(organisationUuid),
    queryFn: ({ signal }) => apiRequest<CodedItem[]>('/admin/clients/service-levels', { organisationUuid, signal }),
    staleTime: 10 * 60_000,
    meta: { errorToast: false },
  });
}

/** GET /admin/clients/types: the client types with the ids their tax years are read by. */
export function useClientTypes(organisationUuid: string) {
  return useQuery({
    queryKey: clientAdminKeys.types(organisationUuid),
    queryFn: ({ signal }) => apiRequest<CodedItem[]>('/admin/clients/types', { organisationUuid, signal }),
    staleTime: 10 * 60_000,
    meta: { errorToast: false },
  });
}

/** GET /admin/clients/types/{id}/tax-years: the years an override may be entered for. */
export function useTaxYearsForType(organisationUuid: string, typeId: number | undefined) {
  return useQuery({
    queryKey: clientAdminKeys.taxYears(organisationUuid, typeId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<ClientTaxYear[]>(`/admin/clients/types/${typeId}/tax-years`, { organisationUuid, signal }),
    enabled: !!typeId,
    staleTime: 10 * 60_000,
    meta: { errorToast: false },
  });
}

/** POST /admin/clients or PUT /admin/clients/{id} with the version read. */
export function useSaveClient(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, client }: { id?: number; version?: number; client: ClientInput }) =>
      id
        ? apiRequest<Client>(`/admin/clients/${id}`, { method: 'PUT', organisationUuid, body: { ...client, version } })
        : apiRequest<Client>('/admin/clients', { method: 'POST', organisationUuid, body: client }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientAdminKeys.all }),
  });
}

/** POST portfolios/summary for one client. */
export function useClientPortfolios(organisationUuid: string, clientUuid: string | undefined) {
  return useQuery({
    queryKey: clientAdminKeys.portfolios(organisationUuid, clientUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Portfolio[]>('/portfolios/summary', {
        method: 'POST',
        organisationUuid,
        body: { ids: [clientUuid] },
        signal,
      }),
    enabled: !!clientUuid,
    meta: { errorToast: false },
  });
}

/** POST /admin/portfolios or PUT /admin/portfolios/{uuid} with the version read. */
export function useSavePortfolio(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version, portfolio }: { uuid?: string; version?: number; portfolio: PortfolioInput }) =>
      uuid
        ? apiRequest<Portfolio>(`/admin/portfolios/${encodeURIComponent(uuid)}`, {
            method: 'PUT',
            organisationUuid,
            body: { ...portfolio, version },
          })
        : apiRequest<Portfolio>('/admin/portfolios', { method: 'POST', organisationUuid, body: portfolio }),
    meta: { errorToast: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['ledger'] }),
      ]),
  });
}
