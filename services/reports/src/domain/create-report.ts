import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import type { FileStore } from '@gains/files';
import type { ReportStore, StoredReport } from '../store/report-store';
import { assertReportMember, parseNewReport } from './report-rules';

export interface ReportDeps {
  reports: ReportStore;
  files: FileStore;
}

/**
 * Keeps a generated report: the caller is checked, the request read whole, the file written first (under a key
 * no one else chose) and the row after, so a listed report always has its file.
 */
export async function createReport(
  deps: ReportDeps,
  caller: Caller,
  req: Parameters<typeof parseNewReport>[0] & { organisationUuid: string },
): Promise<StoredReport> {
  assertReportMember(caller, req.organisationUuid);
  const report = parseNewReport(req);
  const uuid = crypto.randomUUID();
  const fileKey = `reports/${req.organisationUuid}/${uuid}`;
  await deps.files.put(fileKey, report.content);
  return deps.reports.insert({
    uuid,
    organisationUuid: req.organisationUuid,
    clientUuid: report.clientUuid,
    kind: report.kind,
    subject: report.subject,
    generation: report.batchId ? 2 : 1,
    batchId: report.batchId,
    userUuid: caller.userUuid,
    userName: caller.name || caller.email,
    fileKey,
    fileName: report.fileName,
    contentType: report.contentType,
    delivery: report.delivery,
  });
}
