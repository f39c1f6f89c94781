import { DomainError } from '@gains/errors';

/** A header's statuses (seed 001 §4). */
export const HEADER_STATUSES = [
  'AWAITING_SETUP',
  'CREATING_CANDIDATES',
  'CANDIDATES_CREATION_FAILURES',
  'CREATING_PREVIEWS',
  'PREVIEWS_CREATION_FAILURES',
  'NO_CANDIDATES_FOUND',
  'CANDIDATES_CREATED',
  'PENDING',
  'EDIT',
  'CREATING_TRANSACTIONS',
  'TRANSACTIONS_FAILED',
  'TRANSACTIONS_CREATED',
  'NO_TRANSACTIONS_FOUND',
  'RUN',
  'RUN_FAILURES',
  'COMPLETED',
  'DELETING',
  'DELETED',
  'DELETION_FAILURES',
  'REVERSING',
  'REVERSED',
  'REVERSE_FAILURES',
  'REFRESHING',
] as const;
export type HeaderStatus = (typeof HEADER_STATUSES)[number];

/** A candidate's statuses; a preview's (and a proposed transaction's) are the first eight. */
export const CANDIDATE_STATUSES = [
  'EXCLUDED',
  'PENDING',
  'EDIT',
  'PROCESSING',
  'PROCESSED',
  'FAILED',
  'DELETED',
  'REVERSED',
  'PARTIALLY_PROCESSED',
  'AWAITING_SETUP',
  'PENDING_DIFF',
] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** A job is working on the header: every other action waits for it. */
export const IN_PROGRESS: ReadonlySet<string> = new Set([
  'CREATING_CANDIDATES',
  'CREATING_PREVIEWS',
  'CREATING_TRANSACTIONS',
  'DELETING',
  'REVERSING',
  'REFRESHING',
]);

/** What a user may ask of a header. */
export type HeaderAction = 'update' | 'delete' | 'reverse' | 'process' | 'refresh' | 'editRows';

/** The statuses each action is allowed in (seed 001 §4 rules; refresh and update are ours). */
const ALLOWED: Record<HeaderAction, readonly HeaderStatus[]> = {
  // the terms may change until transactions exist; a change recomputes candidates and previews
  update: [
    'AWAITING_SETUP',
    'CANDIDATES_CREATION_FAILURES',
    'PREVIEWS_CREATION_FAILURES',
    'NO_CANDIDATES_FOUND',
    'CANDIDATES_CREATED',
    'PENDING',
    'EDIT',
  ],
  delete: ['PENDING'],
  reverse: ['RUN', 'COMPLETED'],
  process: ['PENDING', 'EDIT', 'RUN'],
  refresh: [
    'CANDIDATES_CREATION_FAILURES',
    'PREVIEWS_CREATION_FAILURES',
    'NO_CANDIDATES_FOUND',
    'CANDIDATES_CREATED',
    'PENDING',
    'EDIT',
  ],
  editRows: ['PENDING', 'EDIT'],
};

const DOING: Record<HeaderAction, string> = {
  update: 'Changing the terms',
  delete: 'Delete',
  reverse: 'Reverse',
  process: 'Create transactions',
  refresh: 'Refresh',
  editRows: 'Editing candidates and previews',
};

/** Whether the action is allowed in this status (the web app's buttons follow the same table). */
export function allows(status: string, action: HeaderAction): boolean {
  return !IN_PROGRESS.has(status) && (ALLOWED[action] as readonly string[]).includes(status);
}

/**
 * Refuses an action the header's status does not allow: FAILED_PRECONDITION naming the status and where the
 * action is allowed; ABORTED while a job is working on the header (concurrent actions on one header).
 */
export function assertAllowed(status: string, action: HeaderAction): void {
  if (IN_PROGRESS.has(status))
    throw new DomainError(
      'ABORTED',
      `The header is ${status} now: wait until that finishes before anything else is done to it`,
      'status',
    );
  if (allows(status, action)) return;
  const where = ALLOWED[action];
  throw new DomainError(
    'FAILED_PRECONDITION',
    `${DOING[action]} is allowed only while the header is ${where.length === 1 ? where[0] : `${where.slice(0, -1).join(', ')} or ${where.at(-1)}`}; it is ${status}`,
    'status',
  );
}
