import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import type { ImportDeps } from './import-deps';
import { isImportKind } from './import-rules';
import { assertLedgerReader } from './ledger-access';

const STATUSES = new Set(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']);

/** The organisation's import tasks, newest first, a page at a time (a kind or a status to filter by). */
export async function listImports(
  deps: Pick<ImportDeps, 'imports'>,
  caller: Caller,
  request: { organisationUuid: string; page: number; size: number; kind: string; status: string },
) {
  assertLedgerReader(caller, request.organisationUuid);
  const page = request.page || 1;
  const size = request.size || 25;
  if (page < 1 || page > 1_000_000) throw invalidArgument('page', 'page must be from 1 to 1,000,000');
  if (size < 1 || size > 100) throw invalidArgument('size', 'size must be from 1 to 100');
  const kind = request.kind.trim().toUpperCase();
  if (kind && !isImportKind(kind)) throw invalidArgument('kind', `Unknown import kind ${request.kind}`);
  const status = request.status.trim().toUpperCase();
  if (status && !STATUSES.has(status)) throw invalidArgument('status', `Unknown status ${request.status}`);
  return deps.imports.page(request.organisationUuid, { page, size, kind, status });
}
