import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySearchResult } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { SecuritySearchResult };

/** The most results a security search shows (seed 000 §5). */
export const SEARCH_LIMIT = 10;

/** The message of a failed security search (seed 000 §8). */
export const SEARCH_FAILED = 'Failed to fetch securities.';

/** The term a search is sent with: trimmed; undefined when nothing is left (no call is made). */
export function searchTerm(raw: string): string | undefined {
  const term = raw.trim();
  return term ? term : undefined;
}

/** At most ten, as the server sent them (it ranks them). */
export function topResults(results: SecuritySearchResult[] | undefined): SecuritySearchResult[] {
  return (results ?? []).slice(0, SEARCH_LIMIT);
}

/** How a result reads in a list: "SEDOL · ISIN · reporting name (issuer)". */
export function resultLabel(r: SecuritySearchResult): string {
  const codes = [r.sedol, r.isin].filter(Boolean).join(' · ');
  const name = r.reportingName || r.securityName;
  return `${codes}${codes && name ? ' · ' : ''}${name}${r.issuerName ? ` (${r.issuerName})` : ''}`;
}

export const securitySearchKeys = {
  all: ['securities', 'search'] as const,
  term: (organisationUuid: string, term: string) => [...securitySearchKeys.all, organisationUuid, term] as const,
};

export function searchSecurities(
  organisationUuid: string,
  term: string,
  signal?: AbortSignal,
): Promise<SecuritySearchResult[]> {
  return apiRequest<SecuritySearchResult[]>('/securities/search', { organisationUuid, signal, query: { term } });
}

export function getSecuritySearchQueryOptions(organisationUuid: string, rawTerm: string) {
  const term = searchTerm(rawTerm) ?? '';
  return queryOptions({
    queryKey: securitySearchKeys.term(organisationUuid, term),
    queryFn: ({ signal }) => searchSecurities(organisationUuid, term, signal),
    enabled: term !== '',
    select: topResults,
    meta: { errorMessage: SEARCH_FAILED },
  });
}

/** GET securities/search?term= for a settled, non-empty term. */
export function useSecuritySearch(organisationUuid: string, settledTerm: string) {
  return useQuery(getSecuritySearchQueryOptions(organisationUuid, settledTerm));
}
