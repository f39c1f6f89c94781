import { assertMember, type Caller } from '@gains/auth';
import type { ClientSummary, Page } from './client-summary';
import { parseClientSummaryQuery, type RawClientSummaryQuery } from './client-summary-rules';

export interface ListClientSummariesDeps {
  clients: { findSummaries(query: ReturnType<typeof parseClientSummaryQuery>): Promise<Page<ClientSummary>> };
}

/** The clients grid: one organisation's clients, searched, filtered, sorted and paged by the server. */
export async function listClientSummaries(
  deps: ListClientSummariesDeps,
  caller: Caller,
  raw: RawClientSummaryQuery,
): Promise<Page<ClientSummary>> {
  assertMember(caller, raw.organisationUuid);
  return deps.clients.findSummaries(parseClientSummaryQuery(raw));
}
