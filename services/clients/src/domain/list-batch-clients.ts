import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { CLIENT_STATES } from './reference-lists';

export interface BatchClientQuery {
  organisationUuid: string;
  reportingFrequency: string;
  /** the state's code and name (clients keep the name) or null for all */
  states: string[] | null;
  relationshipManager: string;
  afterCode: string;
  limit: number;
}

export interface BatchClientRecord {
  uuid: string;
  code: string;
  name: string;
  serviceLevel: string;
  overrideReportTypeMapping: boolean;
  reportTypeMappings: { reportTypeId: number; generate: boolean }[];
  electronicReport: boolean;
  paperlessReport: boolean;
  printedReport: boolean;
  clientPortalReport: boolean;
  incomePending: boolean;
  costUpdatePending: boolean;
  thirtyDayDisposalCounter: number;
}

export interface ListBatchClientsDeps {
  clients: { listBatchClients(query: BatchClientQuery): Promise<BatchClientRecord[]> };
}

export const MAX_BATCH_CLIENTS_PAGE = 5000;

/** A page of the clients a batch print reports on; members of the organisation and the reports service's jobs. */
export async function listBatchClients(
  deps: ListBatchClientsDeps,
  caller: Caller,
  req: {
    organisationUuid: string;
    reportingFrequency: string;
    state: string;
    relationshipManager: string;
    afterCode: string;
    limit: number;
  },
): Promise<BatchClientRecord[]> {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE]);
  if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_BATCH_CLIENTS_PAGE)
    throw invalidArgument('limit', `limit must be a whole number from 1 to ${MAX_BATCH_CLIENTS_PAGE}`);
  const state = req.state.trim();
  const known = CLIENT_STATES.find(
    (s) => s.code === state.toUpperCase() || s.name.toLowerCase() === state.toLowerCase(),
  );
  return deps.clients.listBatchClients({
    organisationUuid: req.organisationUuid,
    reportingFrequency: req.reportingFrequency.trim(),
    states: state === '' ? null : known ? [known.code, known.name] : [state],
    relationshipManager: req.relationshipManager.trim(),
    afterCode: req.afterCode,
    limit: req.limit,
  });
}
