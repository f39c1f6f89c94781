import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import type { ImportTaskRecord } from '../store/import-store';
import type { ImportDeps } from './import-deps';
import { assertLedgerReader } from './ledger-access';

/** An import task of the organisation with its counts and every rejected row. */
export async function getImport(
  deps: Pick<ImportDeps, 'imports'>,
  caller: Caller,
  request: { organisationUuid: string; uuid: string },
): Promise<ImportTaskRecord> {
  assertLedgerReader(caller, request.organisationUuid);
  const task = await deps.imports.findByUuid(request.organisationUuid, request.uuid);
  if (!task) throw notFound(`Import ${request.uuid}`, 'uuid');
  return task;
}
