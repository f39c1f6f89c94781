import type { Caller } from '@gains/auth';
import type { ChangeResult, Issuer } from '@gains/contracts';
import { isUuid, TERM_MAX_LENGTH } from '@gains/access';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { assertAdmin } from './access';
import type { SecuritiesDeps } from './deps';
import { proposeChanges } from './propose-changes';
import { checkIssuerInput, diffFields } from './security-rules';

/** Issuer Maintenance's list: every issuer, searched by name. */
export async function listIssuers(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  term: string,
): Promise<Issuer[]> {
  assertAdmin(caller, organisationUuid);
  if (term.length > TERM_MAX_LENGTH)
    throw invalidArgument('term', `term must be at most ${TERM_MAX_LENGTH} characters`);
  return deps.issuers.list(term.trim());
}

/**
 * Creates (uuid "") or updates an issuer. Names are unique (ignoring case). A customer admin's change
 * becomes a pending change.
 */
export async function saveIssuer(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  uuid: string,
  raw: { name: string; longName: string },
): Promise<ChangeResult<Issuer>> {
  const authority = assertAdmin(caller, organisationUuid);
  if (uuid && !isUuid(uuid)) throw invalidArgument('uuid', 'uuid must be a uuid (8-4-4-4-12 hexadecimal digits)');
  const existing = uuid ? await deps.issuers.findByUuid(uuid) : undefined;
  if (uuid && !existing) throw notFound('Issuer', 'uuid');
  const fields = checkIssuerInput(raw);
  const sameName = await deps.issuers.findByName(fields.name);
  if (sameName && sameName.uuid !== existing?.uuid) {
    throw new DomainError('ALREADY_EXISTS', 'An issuer with this name already exists', 'name');
  }
  const before = existing ? { name: existing.name, longName: existing.longName } : null;
  const { oldValues, newValues } = diffFields(before, fields);
  const actor = { actorUuid: caller.userUuid, actorName: caller.name, organisationUuid };
  if (authority === 'CUSTOMER') {
    if (Object.keys(newValues).length === 0) throw invalidArgument('body', 'The change makes no difference');
    const [change] = await proposeChanges(deps, caller, organisationUuid, [
      {
        entityType: 'ISSUER',
        action: existing ? 'UPDATE' : 'CREATE',
        entityId: existing?.uuid ?? null,
        entityLabel: existing?.name ?? fields.name,
        oldValues,
        newValues,
      },
    ]);
    return { applied: false, value: null, change: change! };
  }
  if (!existing) {
    const created = await deps.issuers.insert(fields, caller.name, (i) => ({
      ...actor,
      entityType: 'ISSUER',
      entityId: i.uuid,
      action: 'CREATE',
      newValues,
    }));
    return { applied: true, value: created, change: null };
  }
  if (Object.keys(newValues).length === 0) return { applied: true, value: existing, change: null };
  const updated = await deps.issuers.update(existing.uuid, fields, caller.name, (i) => ({
    ...actor,
    entityType: 'ISSUER',
    entityId: i.uuid,
    action: 'UPDATE',
    oldValues,
    newValues,
  }));
  return { applied: true, value: updated, change: null };
}
