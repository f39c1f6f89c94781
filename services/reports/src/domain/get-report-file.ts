import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import type { StoredReport } from '../store/report-store';
import type { ReportDeps } from './keep-report';
import type { AnyReportKind } from './report-kind';
import { assertReportMember, requireUuid } from './report-rules';

/**
 * A report's row and bytes; another organisation's report is not found (the query is scoped by organisation), and
 * a kind kept to some roles (calculation failures, the CA reports) is opened only by them.
 */
export async function getReportFile(
  deps: ReportDeps & { kinds?: ReadonlyMap<string, AnyReportKind> },
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<{ report: StoredReport; content: Buffer }> {
  assertReportMember(caller, req.organisationUuid);
  const report = await deps.reports.findById(req.organisationUuid, requireUuid('uuid', req.uuid));
  if (!report) throw notFound(`Report ${req.uuid}`, 'uuid');
  deps.kinds?.get(report.kind)?.authorise?.(caller, req.organisationUuid);
  const content = await deps.files.get(report.fileKey);
  if (!content) throw notFound(`The file of report ${req.uuid}`, 'uuid');
  return { report, content };
}
