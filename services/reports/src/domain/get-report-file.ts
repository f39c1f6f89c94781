import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import type { StoredReport } from '../store/report-store';
import type { ReportDeps } from './create-report';
import { assertReportMember, requireUuid } from './report-rules';

/** A report's row and bytes; another organisation's report is not found (the query is scoped by organisation). */
export async function getReportFile(
  deps: ReportDeps,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<{ report: StoredReport; content: Buffer }> {
  assertReportMember(caller, req.organisationUuid);
  const report = await deps.reports.findById(req.organisationUuid, requireUuid('uuid', req.uuid));
  if (!report) throw notFound(`Report ${req.uuid}`, 'uuid');
  const content = await deps.files.get(report.fileKey);
  if (!content) throw notFound(`The file of report ${req.uuid}`, 'uuid');
  return { report, content };
}
