import { canUseRoute } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { permissionDenied } from '@gains/errors';
import type { MonitorStore } from '../store/monitor-store';
import { dayRange, JOB_STATUSES, parseDate, SEVERITIES } from './monitor-rules';

/** The MI Dashboard's figures: its route's roles (ADMIN, CUSTOMER_ADMIN; seed 000 §6) of the organisation. */
export function assertMiReader(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!canUseRoute(caller.roles, 'MIDashboard')) {
    throw permissionDenied('You do not have permission to see the MI Dashboard');
  }
}

const STATUS_LABELS: Record<string, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  PARTIALLY_SUCCEEDED: 'Partially succeeded',
};

/**
 * The MI Dashboard's jobs by status and monitor logs by severity created from..to (London dates, default today):
 * the Job Monitor's and the ACT Monitor's rows for the same dates, counted. Every status and severity is answered,
 * zero or not, so the charts keep their categories.
 */
export async function getMonitorFigures(
  deps: { store: MonitorStore },
  caller: Caller,
  req: { organisationUuid: string; from: string; to: string },
  today: string,
) {
  assertMiReader(caller, req.organisationUuid);
  const created = dayRange(parseDate('from', req.from) ?? today, parseDate('to', req.to) ?? today);
  const counts = await deps.store.countByStatusAndSeverity(req.organisationUuid, created);
  return {
    jobsByStatus: JOB_STATUSES.map((status) => ({
      key: status,
      label: STATUS_LABELS[status] ?? status,
      count: counts.jobs.get(status) ?? 0,
    })),
    logsBySeverity: Object.entries(SEVERITIES).map(([id, label]) => ({
      key: id,
      label,
      count: counts.logs.get(Number(id)) ?? 0,
    })),
  };
}
