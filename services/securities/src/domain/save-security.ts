import type { Caller } from '@gains/auth';
import type { ChangeResult, Security } from '@gains/contracts';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { securityChangedEvent } from '../events/security-events';
import { assertAdmin } from './access';
import type { SecuritiesDeps } from './deps';
import { proposeChanges } from './propose-changes';
import { checkSecurityInput, diffFields, type RawSecurityInput, type SecurityFields } from './security-rules';

export function fieldsOf(s: Security): SecurityFields {
  return {
    sedol: s.sedol,
    isin: s.isin,
    issuer: s.issuer,
    securityName: s.securityName,
    reportingName: s.reportingName,
    securityDescription: s.securityDescription,
    securityLongDescription: s.securityLongDescription,
    currency: s.currency,
    assetClass: s.assetClass,
    cgtClass: s.cgtClass,
    quantityDecimalPlaces: s.quantityDecimalPlaces,
    status: s.status,
  };
}

/** What the store must agree to: the currency and issuer exist, no other security has the codes. */
export async function assertStorable(deps: SecuritiesDeps, fields: SecurityFields, id: number): Promise<void> {
  if (!(await deps.currencies.exists(fields.currency))) {
    throw invalidArgument('currency', `Unknown currency ${fields.currency}`);
  }
  if (!/^[0-9a-f-]{36}$/.test(fields.issuer) || !(await deps.issuers.findByUuid(fields.issuer))) {
    throw invalidArgument('issuer', 'Unknown issuer');
  }
  const taken = await deps.securities.sedolOrIsinTaken(fields.sedol, fields.isin, id);
  if (taken === 'sedol') throw new DomainError('ALREADY_EXISTS', 'Another security has this SEDOL', 'sedol');
  if (taken === 'isin') throw new DomainError('ALREADY_EXISTS', 'Another security has this ISIN', 'isin');
}

/**
 * Creates (id 0) or updates a security. A provider admin's change is stored at once, audited, and
 * announced; a customer admin's becomes a pending change of only the fields that differ.
 */
export async function saveSecurity(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  id: number,
  raw: RawSecurityInput,
): Promise<ChangeResult<Security>> {
  const authority = assertAdmin(caller, organisationUuid);
  const existing = id ? await deps.securities.findById(id) : undefined;
  if (id && !existing) throw notFound('Security', 'id');
  const fields = checkSecurityInput(raw);
  await assertStorable(deps, fields, id);
  const before = existing ? fieldsOf(existing) : null;
  const { oldValues, newValues } = diffFields(before, fields);
  const actor = { actorUuid: caller.userUuid, actorName: caller.name, organisationUuid };

  if (authority === 'CUSTOMER') {
    if (Object.keys(newValues).length === 0) throw invalidArgument('body', 'The change makes no difference');
    const [change] = await proposeChanges(deps, caller, organisationUuid, [
      {
        entityType: 'SECURITY',
        action: existing ? 'UPDATE' : 'CREATE',
        entityId: existing ? String(existing.id) : null,
        entityLabel: `${fields.securityName} (${fields.sedol})`,
        oldValues,
        newValues,
      },
    ]);
    return { applied: false, value: null, change: change! };
  }

  if (!existing) {
    const created = await deps.securities.insert(
      fields,
      caller.name,
      (s) => ({ ...actor, entityType: 'SECURITY', entityId: String(s.id), action: 'CREATE', newValues }),
      (s) => [securityChangedEvent(s, 'created')],
    );
    return { applied: true, value: created, change: null };
  }
  if (Object.keys(newValues).length === 0) return { applied: true, value: existing, change: null };
  const [updated] = await deps.securities.updateMany(
    [{ id, fields }],
    caller.name,
    (s) => ({ ...actor, entityType: 'SECURITY', entityId: String(s.id), action: 'UPDATE', oldValues, newValues }),
    (s) => [securityChangedEvent(s, 'updated')],
  );
  return { applied: true, value: updated!, change: null };
}
