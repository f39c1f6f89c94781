import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound, permissionDenied } from '@gains/errors';
import { assertLedgerWriter } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';
import { checkTransactionType, type RawTransactionType } from './transaction-type-rules';
import { isSystemType, type TransactionTypeRecord } from './transaction-types';

/**
 * Creates (uuid "") or edits a firm's own transaction type, its name unique among the firm's and the system's.
 * A system type is shared by every firm: only the provider may change it, and only its description and whether
 * it is active.
 */
export async function saveTransactionType(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string; version: number; type: RawTransactionType },
): Promise<TransactionTypeRecord> {
  const organisationUuid = request.organisationUuid;
  const { provider } = assertLedgerWriter(caller, organisationUuid);
  const existing = request.uuid
    ? /^[0-9a-f-]{36}$/i.test(request.uuid)
      ? await deps.types.findByUuid(organisationUuid, request.uuid)
      : null
    : undefined;
  if (existing === null) throw notFound('Transaction type', 'uuid');

  if (existing && isSystemType(existing)) {
    if (!provider) throw permissionDenied('Only a provider administrator may change a system transaction type');
    const name = request.type.name.trim();
    if (name && name !== existing.name) throw invalidArgument('type.name', 'A system type keeps its name');
    const effect = request.type.effect.trim().toUpperCase();
    if (effect && effect !== existing.effect) throw invalidArgument('type.effect', 'A system type keeps its effect');
    if (request.type.description.length > 500) {
      throw invalidArgument('type.description', 'description must be at most 500 characters');
    }
    return deps.types.update(
      existing.uuid,
      request.version,
      { description: request.type.description.trim(), active: request.type.active },
      caller.name,
    );
  }

  const fields = checkTransactionType(request.type);
  if (await deps.types.nameTaken(organisationUuid, fields.name, existing?.uuid ?? '')) {
    throw new DomainError('ALREADY_EXISTS', `A transaction type named ${fields.name} already exists`, 'type.name');
  }
  if (!existing) return deps.types.insert(organisationUuid, fields, caller.name);
  return deps.types.update(existing.uuid, request.version, fields, caller.name);
}
