/**
 * A corporate action's or portfolio movement's statuses and what each allows (seed 001 §4): one table for the
 * documents service, which refuses what it does not allow, and the web app, whose buttons follow it.
 */

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

/** A job is working on the header (seed 001 §4's five, and REFRESHING): every other action waits for it. */
const IN_PROGRESS: ReadonlySet<string> = new Set([
  'CREATING_CANDIDATES',
  'CREATING_PREVIEWS',
  'CREATING_TRANSACTIONS',
  'DELETING',
  'REVERSING',
  'REFRESHING',
]);

export function isInProgress(status: string): boolean {
  return IN_PROGRESS.has(status);
}

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
  // the holders found again after ledger changes, until transactions exist
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

/** Whether the action is allowed in this status. */
export function allows(status: string, action: HeaderAction): boolean {
  return !IN_PROGRESS.has(status) && (ALLOWED[action] as readonly string[]).includes(status);
}

/**
 * Why the action is refused in this status, or null when it is allowed: `busy` while a job works on the header
 * (concurrent actions on one header), otherwise the statuses where it is allowed.
 */
export function headerRefusal(status: string, action: HeaderAction): { busy: boolean; message: string } | null {
  if (IN_PROGRESS.has(status))
    return {
      busy: true,
      message: `The header is ${status} now: wait until that finishes before anything else is done to it`,
    };
  if (allows(status, action)) return null;
  const where = ALLOWED[action];
  const list = where.length === 1 ? where[0] : `${where.slice(0, -1).join(', ')} or ${where.at(-1)}`;
  return { busy: false, message: `${DOING[action]} is allowed only while the header is ${list}; it is ${status}` };
}

/** The header window's buttons per status. */
export function headerActions(status: string): {
  createTransactions: boolean;
  delete: boolean;
  reverse: boolean;
  refresh: boolean;
  editRows: boolean;
  update: boolean;
} {
  return {
    createTransactions: allows(status, 'process'),
    delete: allows(status, 'delete'),
    reverse: allows(status, 'reverse'),
    refresh: allows(status, 'refresh'),
    editRows: allows(status, 'editRows'),
    update: allows(status, 'update'),
  };
}
