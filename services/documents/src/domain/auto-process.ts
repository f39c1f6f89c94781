import type { Caller } from '@gains/auth';
import { allows } from './header-status';
import type { ProcessingOverride } from './deps';
import { addDays } from './income-diary-rules';

/** The documents service acting for itself: 'Create transactions' started by no user, named on the Job Monitor. */
export const AUTO_PROCESS_ACTOR: Caller = {
  userUuid: '',
  email: '',
  name: 'Gains (auto process)',
  roles: [],
  organisationUuids: [],
  service: 'documents',
  sessionId: '',
  token: '',
};

/** A header whose processing override asks for auto processing, as the timer reads it. */
export interface AutoProcessHeader {
  organisationUuid: string;
  uuid: string;
  code: string;
  status: string;
  payDate: string | null;
  /** the user-entered date (Start Date) */
  startDate: string | null;
  override: ProcessingOverride;
  /** candidates waiting for a user's review (PENDING_DIFF): the header waits for them */
  differing: number;
  /** included candidates not yet posted (PENDING, EDIT) */
  toPost: number;
}

/**
 * The day a header is processed automatically: its pay date (or, with autoProcessFromUserEnteredDate, its Start
 * Date) plus N days; null when the override does not ask for it or that date is not given.
 */
export function autoProcessDate(h: Pick<AutoProcessHeader, 'payDate' | 'startDate' | 'override'>): string | null {
  if (!h.override.autoProcess) return null;
  const from = h.override.autoProcessFromUserEnteredDate ? h.startDate : h.payDate;
  return from ? addDays(from, h.override.autoProcessNDaysAfterPayDate) : null;
}

/**
 * Whether the timer processes the header today (London date, YYYY-MM-DD): its day has come, it is PENDING or EDIT
 * with no job on it (seed 001 §4: 'Create transactions' never while in progress), it has something to post, and no
 * candidate waits for a user's review (a PENDING_DIFF candidate could no longer be included once the header is RUN).
 */
export function isAutoProcessDue(h: AutoProcessHeader, today: string): boolean {
  const day = autoProcessDate(h);
  if (day === null || day > today) return false;
  return (
    (h.status === 'PENDING' || h.status === 'EDIT') && allows(h.status, 'process') && h.toPost > 0 && h.differing === 0
  );
}

export interface AutoProcessDeps {
  /** Live headers (every organisation, or one) whose override has autoProcess, PENDING or EDIT. */
  candidates(): Promise<AutoProcessHeader[]>;
  /** Today in London (YYYY-MM-DD). */
  today(): string;
  /**
   * Starts 'Create transactions' on the header as AUTO_PROCESS_ACTOR, only if it is still in `checkedStatus` (the
   * header's compare-and-set: a user's click or another tick first wins; it then throws ABORTED).
   */
  process(h: AutoProcessHeader): Promise<void>;
}

/**
 * One tick of the auto-process timer: every due header's transactions are created, as a user's 'Create
 * transactions' would. A header is never processed twice: the job moves it to CREATING_TRANSACTIONS and then RUN,
 * neither of which is due again, and the start is a compare-and-set on the status read. Answers the codes started;
 * a header whose start was refused (changed meanwhile) is skipped.
 */
export async function runAutoProcess(
  deps: AutoProcessDeps,
  onRefused: (h: AutoProcessHeader, error: unknown) => void = () => {},
): Promise<string[]> {
  const today = deps.today();
  const started: string[] = [];
  for (const h of await deps.candidates()) {
    if (!isAutoProcessDue(h, today)) continue;
    try {
      await deps.process(h);
      started.push(h.code);
    } catch (error) {
      onRefused(h, error);
    }
  }
  return started;
}
