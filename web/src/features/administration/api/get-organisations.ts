import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The customer settings of an organisation (spec §3). */
export interface CustomerSettings {
  usePriceAgingDays: boolean;
  oldPriceAgeDays: number | null;
  reconcileCost: boolean;
  holdingVariance: string;
  valuationCostVariance: string;
  allowClientTypeUpdateViaFeed: boolean;
}

/** An organisation as the administration calls answer it (spec §3 Organisation). */
export interface AdminOrganisation {
  uuid: string;
  id: number;
  code: string;
  name: string;
  type: string;
  parent: number | null;
  serviceLevelId: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  mfaRequired: boolean;
  customer: CustomerSettings | null;
}

export interface OrganisationType {
  code: string;
  name: string;
  parentTypeCode: string | null;
}

export function getAdminOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.organisations(),
    queryFn: ({ signal }) => apiRequest<AdminOrganisation[]>('/admin/organisations', { signal }),
  });
}

export function useAdminOrganisations() {
  return useQuery(getAdminOrganisationsQueryOptions());
}

export function getAdminOrganisationQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.organisation(id),
    queryFn: ({ signal }) => apiRequest<AdminOrganisation>(`/admin/organisations/id/${id}`, { signal }),
    staleTime: 0,
  });
}

export function useAdminOrganisation(id: number) {
  return useQuery({ ...getAdminOrganisationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useOrganisationTypes() {
  return useQuery({
    queryKey: adminKeys.organisationTypes(),
    queryFn: ({ signal }) => apiRequest<OrganisationType[]>('/admin/organisations/types', { signal }),
    staleTime: Infinity,
  });
}

/** POST /admin/organisations/search: by code or name; with childOrgTypeCode only the possible parents. */
export function useOrganisationSearch(term: string, childOrgTypeCode: string) {
  return useQuery({
    queryKey: adminKeys.organisationSearch(term, childOrgTypeCode),
    queryFn: ({ signal }) =>
      apiRequest<AdminOrganisation[]>('/admin/organisations/search', {
        method: 'POST',
        body: { term, ...(childOrgTypeCode ? { childOrgTypeCode } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
