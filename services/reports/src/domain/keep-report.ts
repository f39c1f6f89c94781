import crypto from 'node:crypto';
import type { FileStore } from '@gains/files';
import type { ReportStore, StoredReport } from '../store/report-store';
import type { NewReport } from './report-rules';

export interface ReportDeps {
  reports: ReportStore;
  files: FileStore;
}

/**
 * Keeps a generated report: the file written first (under a key no one else chose) and the row after, so a listed
 * report always has its file. A REPORT job names itself: its report is kept once however often the job runs.
 */
export async function keepReport(
  deps: ReportDeps,
  organisationUuid: string,
  report: NewReport,
  requestedBy: { userUuid: string; name: string },
  jobUuid: string | null = null,
): Promise<StoredReport> {
  const uuid = crypto.randomUUID();
  const fileKey = `reports/${organisationUuid}/${uuid}`;
  await deps.files.put(fileKey, report.content);
  return deps.reports.insert({
    uuid,
    organisationUuid,
    clientUuid: report.clientUuid,
    kind: report.kind,
    subject: report.subject,
    generation: report.batchId ? 2 : 1,
    batchId: report.batchId,
    userUuid: requestedBy.userUuid,
    userName: requestedBy.name,
    fileKey,
    fileName: report.fileName,
    contentType: report.contentType,
    delivery: report.delivery,
    jobUuid,
  });
}
