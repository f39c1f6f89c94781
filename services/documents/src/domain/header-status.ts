import { headerRefusal, type HeaderAction } from '@gains/access';
import { DomainError } from '@gains/errors';

export { allows, CANDIDATE_STATUSES, HEADER_STATUSES, type HeaderAction } from '@gains/access';

/**
 * Refuses an action the header's status does not allow (seed 001 §4, `@gains/access` header-status.ts):
 * FAILED_PRECONDITION naming the status and where the action is allowed; ABORTED while a job is working on the
 * header (concurrent actions on one header).
 */
export function assertAllowed(status: string, action: HeaderAction): void {
  const refused = headerRefusal(status, action);
  if (refused) throw new DomainError(refused.busy ? 'ABORTED' : 'FAILED_PRECONDITION', refused.message, 'status');
}
