import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';
import { assertAllowed, type HeaderAction } from './header-status';
import type { HeaderView } from './header-view';

/** A job a user starts on a header: its type, the header's status while it runs, and the Job Monitor's words. */
export interface HeaderJob {
  type: string;
  inProgress: string;
  message: string;
}

export const HEADER_JOBS = {
  process: { type: 'CREATE_TRANSACTIONS', inProgress: 'CREATING_TRANSACTIONS', message: 'Creating transactions' },
  reverse: { type: 'REVERSE_HEADER', inProgress: 'REVERSING', message: 'Reversing the transactions' },
  delete: { type: 'DELETE_HEADER', inProgress: 'DELETING', message: 'Deleting the header' },
  refresh: { type: 'REFRESH_HEADER', inProgress: 'REFRESHING', message: 'Finding the holders again' },
} as const satisfies Record<string, HeaderJob>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST admin/documents/headers/{id}/process, /reverse and /delete (seed 001 §4): each allowed only in its statuses
 * (Create transactions in PENDING, EDIT or RUN; Reverse in RUN or COMPLETED; Delete in PENDING) and never while a
 * job works on the header; the header then takes the job's in-progress status until the job is done.
 */
export async function startHeaderAction(
  deps: Pick<DocumentsDeps, 'headers' | 'startHeaderJob' | 'organisationName'>,
  caller: Caller,
  action: keyof typeof HEADER_JOBS & HeaderAction,
  req: { organisationUuid: string; uuid: string },
): Promise<HeaderView> {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.uuid)) throw invalidArgument('id', 'id must be a header’s uuid');
  const uuid = req.uuid.toLowerCase();
  const state = await deps.headers.state(req.organisationUuid, uuid);
  if (!state) throw notFound('The header', 'id');
  assertAllowed(state.status, action);
  await deps.startHeaderJob(HEADER_JOBS[action], caller, req.organisationUuid, uuid, state.status);
  const orgName = await deps.organisationName(caller, req.organisationUuid);
  return (await deps.headers.get(req.organisationUuid, uuid, orgName))!;
}
