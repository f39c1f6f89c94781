import type { Caller } from '@gains/auth';
import type { StoredReport } from '../store/report-store';
import type { ReportDeps } from './keep-report';
import { assertReportMember, requireUuid } from './report-rules';

/** The client area's reports list (seed 000 §2.5): the organisation's reports of one client, newest first. */
export async function listReports(
  deps: Pick<ReportDeps, 'reports'>,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string },
): Promise<StoredReport[]> {
  assertReportMember(caller, req.organisationUuid);
  return deps.reports.listByClient(req.organisationUuid, requireUuid('clientUuid', req.clientUuid));
}
