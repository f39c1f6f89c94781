import type { Caller } from '@gains/auth';
import type { ClassificationUpdateResult } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import { securityChangedEvent } from '../events/security-events';
import { assertAdmin } from './access';
import type { SecuritiesDeps } from './deps';
import { proposeChanges } from './propose-changes';
import { fieldsOf } from './save-security';
import { checkAssetClass, checkCgtClass, checkDecimals, checkStatus, cgtClassOf, diffFields } from './security-rules';

export const CLASSIFICATION_ROWS_MAX = 500;

export interface RawClassificationUpdate {
  id: number;
  assetClass?: string;
  cgtClass?: string;
  status?: string;
  quantityDecimalPlaces?: number;
}

/**
 * Security Maintenance: the classification fields of many securities at once, all or nothing. A new
 * asset class brings its CGT class unless one is given. Customer admins' rows become pending changes.
 */
export async function updateClassifications(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  updates: RawClassificationUpdate[],
): Promise<ClassificationUpdateResult> {
  const authority = assertAdmin(caller, organisationUuid);
  if (updates.length === 0) throw invalidArgument('updates', 'updates must name at least one security');
  if (updates.length > CLASSIFICATION_ROWS_MAX) {
    throw invalidArgument('updates', `updates may name at most ${CLASSIFICATION_ROWS_MAX} securities`);
  }
  const seen = new Set<number>();
  const planned = [];
  for (const [i, u] of updates.entries()) {
    const at = `updates.${i}`;
    if (seen.has(u.id)) throw invalidArgument(`${at}.id`, `Security ${u.id} is named twice`);
    seen.add(u.id);
    const current = await deps.securities.findById(u.id);
    if (!current) throw invalidArgument(`${at}.id`, `No security has the id ${u.id}`);
    const before = fieldsOf(current);
    const assetClass =
      u.assetClass !== undefined ? checkAssetClass(u.assetClass, `${at}.assetClass`) : before.assetClass;
    const cgtClass =
      u.cgtClass !== undefined
        ? checkCgtClass(u.cgtClass, `${at}.cgtClass`)
        : assetClass !== before.assetClass
          ? cgtClassOf(assetClass)
          : before.cgtClass;
    const fields = {
      ...before,
      assetClass,
      cgtClass,
      status: u.status !== undefined ? checkStatus(u.status, `${at}.status`) : before.status,
      quantityDecimalPlaces:
        u.quantityDecimalPlaces !== undefined
          ? checkDecimals(u.quantityDecimalPlaces, `${at}.quantityDecimalPlaces`)
          : before.quantityDecimalPlaces,
    };
    planned.push({ current, fields, ...diffFields(before, fields) });
  }
  const changing = planned.filter((p) => Object.keys(p.newValues).length > 0);
  const actor = { actorUuid: caller.userUuid, actorName: caller.name, organisationUuid };

  if (authority === 'CUSTOMER') {
    const changes = await proposeChanges(
      deps,
      caller,
      organisationUuid,
      changing.map((p) => ({
        entityType: 'SECURITY' as const,
        action: 'UPDATE' as const,
        entityId: String(p.current.id),
        entityLabel: `${p.current.securityName} (${p.current.sedol})`,
        oldValues: p.oldValues,
        newValues: p.newValues,
      })),
    );
    return { applied: false, securities: [], changes };
  }
  const diffs = new Map(changing.map((p) => [p.current.id, p]));
  const updated = await deps.securities.updateMany(
    changing.map((p) => ({ id: p.current.id, fields: p.fields })),
    caller.name,
    (s) => ({
      ...actor,
      entityType: 'SECURITY',
      entityId: String(s.id),
      action: 'UPDATE',
      oldValues: diffs.get(s.id)!.oldValues,
      newValues: diffs.get(s.id)!.newValues,
    }),
    (s) => [securityChangedEvent(s, 'updated')],
  );
  const byId = new Map(updated.map((s) => [s.id, s]));
  return { applied: true, securities: planned.map((p) => byId.get(p.current.id) ?? p.current), changes: [] };
}
