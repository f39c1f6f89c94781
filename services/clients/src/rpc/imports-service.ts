import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import type { imports } from '@gains/proto';
import { getImport } from '../domain/get-import';
import type { ImportDeps } from '../domain/import-deps';
import { listImports } from '../domain/list-imports';
import { startImport } from '../domain/start-import';
import type { ImportTaskRecord } from '../store/import-store';

function taskMessage(t: ImportTaskRecord) {
  return {
    uuid: t.uuid,
    kind: t.kind,
    fileName: t.fileName,
    status: t.status,
    rowsRead: t.rowsRead,
    rowsPosted: t.rowsPosted,
    rowsRejected: t.rowsRejected,
    rowsSkipped: t.rowsSkipped,
    progressDone: t.cursor,
    progressTotal: t.rowsRead,
    message: t.message,
    startedBy: t.startedBy,
    createdDate: t.createdDate,
    startedDate: t.startedDate ?? undefined,
    finishedDate: t.finishedDate ?? undefined,
    rejected: t.rejected,
  };
}

/** Imports (imports.proto): thin, map, call, map. */
export function createImportsService(deps: ImportDeps): ServiceImpl<typeof imports.ImportsService> {
  return {
    async startImport(req, ctx) {
      return taskMessage(await startImport(deps, requireCaller(ctx), req));
    },
    async getImport(req, ctx) {
      return taskMessage(await getImport(deps, requireCaller(ctx), req));
    },
    async listImports(req, ctx) {
      const page = await listImports(deps, requireCaller(ctx), req);
      return { content: page.content.map(taskMessage), totalSize: BigInt(page.totalSize) };
    },
  };
}
