import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import type { ImportTaskRecord } from '../store/import-store';
import type { ImportDeps } from './import-deps';
import { IMPORT_KINDS, isImportKind, MAX_IMPORT_BYTES } from './import-rules';
import { assertLedgerWriter } from './ledger-access';

const IMPLEMENTED = new Set(['TRANSACTIONS', 'CLIENTS', 'PORTFOLIOS', 'PRICES', 'CUSTODIAN_HOLDINGS']);

/**
 * Starts an import: the file kept (storage), its task queued, and the task answered at once; the rows are read,
 * checked and posted after the answer by the kind's job (import-*-job.ts), so a large file never holds the caller's
 * request, and the task is watched on the Job Monitor.
 */
export async function startImport(
  deps: ImportDeps,
  caller: Caller,
  request: { organisationUuid: string; kind: string; fileName: string; content: string },
): Promise<ImportTaskRecord> {
  const { organisationUuid } = request;
  assertLedgerWriter(caller, organisationUuid);
  const kind = request.kind.trim().toUpperCase();
  if (!isImportKind(kind)) throw invalidArgument('kind', `kind must be one of ${IMPORT_KINDS.join(', ')}`);
  if (!IMPLEMENTED.has(kind)) {
    throw invalidArgument('kind', `Importing ${kind} is not available yet: import ${[...IMPLEMENTED].join(', ')}`);
  }
  const fileName = request.fileName.trim();
  if (!fileName) throw invalidArgument('fileName', 'fileName is required');
  if (fileName.length > 255) throw invalidArgument('fileName', 'fileName must be at most 255 characters');
  const bytes = Buffer.byteLength(request.content, 'utf8');
  if (bytes === 0) throw invalidArgument('content', 'content is empty: the file must have a header row');
  if (bytes > MAX_IMPORT_BYTES) {
    throw invalidArgument(
      'content',
      `The file is ${bytes} bytes; an import file may be at most ${MAX_IMPORT_BYTES} bytes (25 MB)`,
    );
  }
  const uuid = crypto.randomUUID();
  const fileKey = `imports/${organisationUuid}/${uuid}`;
  await deps.files.put(fileKey, request.content);
  const task = await deps.imports.insert({
    uuid,
    organisationUuid,
    kind,
    fileName,
    fileHash: crypto.createHash('sha256').update(request.content).digest('hex'),
    fileKey,
    startedBy: caller.name || caller.email,
  });
  if (kind === 'PRICES') deps.callers.set(task.uuid, caller);
  await deps.startJob(task, caller);
  return task;
}
