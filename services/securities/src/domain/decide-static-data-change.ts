import type { Caller } from '@gains/auth';
import { STATIC_DATA_CHANGE_STATUSES, type StaticDataChange } from '@gains/contracts';
import { isUuid } from '@gains/access';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { securityChangedEvent } from '../events/security-events';
import type { AuditRecord } from '../store/audit';
import { assertAdmin, assertProvider } from './access';
import type { SecuritiesDeps } from './deps';
import { assertStorable, fieldsOf } from './save-security';
import { checkIssuerInput, checkSecurityInput, type RawSecurityInput } from './security-rules';

export const NOTE_MAX = 500;

/**
 * Static Data Validation: a provider admin sees every firm's proposals; a customer admin sees only
 * their own firm's (another firm's proposals are nobody else's business until approved).
 */
export async function listStaticDataChanges(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  status: string,
): Promise<StaticDataChange[]> {
  const authority = assertAdmin(caller, organisationUuid);
  if (status && !(STATIC_DATA_CHANGE_STATUSES as readonly string[]).includes(status)) {
    throw invalidArgument('status', `status must be one of ${STATIC_DATA_CHANGE_STATUSES.join(', ')}`);
  }
  return deps.changes.list({ organisationUuid: authority === 'PROVIDER' ? null : organisationUuid, status });
}

async function pending(deps: SecuritiesDeps, uuid: string): Promise<StaticDataChange> {
  if (!isUuid(uuid)) throw invalidArgument('uuid', 'uuid must be a uuid (8-4-4-4-12 hexadecimal digits)');
  const change = await deps.changes.findByUuid(uuid);
  if (!change) throw notFound('Change', 'uuid');
  if (change.status !== 'PENDING')
    throw new DomainError('FAILED_PRECONDITION', `The change is already ${change.status.toLowerCase()}`);
  return change;
}

const notPending = () => new DomainError('FAILED_PRECONDITION', 'The change is no longer pending');

/**
 * A provider admin approves a pending change: its new values are checked again against the data as it
 * is now and applied in the same transaction as the decision, audited, and announced.
 */
export async function approveStaticDataChange(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  uuid: string,
): Promise<StaticDataChange> {
  assertProvider(caller, organisationUuid);
  const change = await pending(deps, uuid);
  const actor = { actorUuid: caller.userUuid, actorName: caller.name, organisationUuid: change.organisationUuid };
  const applied: AuditRecord = {
    ...actor,
    entityType: change.entityType,
    entityId: change.entityId ?? '',
    action: change.action,
    oldValues: change.oldValues,
    newValues: change.newValues,
    changeUuid: change.uuid,
  };
  let apply: Parameters<SecuritiesDeps['changes']['decide']>[3];

  if (change.entityType === 'SECURITY') {
    const current = change.entityId ? await deps.securities.findById(Number(change.entityId)) : undefined;
    if (change.entityId && !current) throw notFound('Security', 'entityId');
    const fields = checkSecurityInput({
      ...(current ? fieldsOf(current) : {}),
      ...change.newValues,
    } as unknown as RawSecurityInput);
    await assertStorable(deps, fields, current?.id ?? 0);
    apply = async (tx) => {
      if (current) {
        await deps.securities.updateMany(
          [{ id: current.id, fields }],
          change.proposedByName,
          (s) => ({ ...applied, entityId: String(s.id) }),
          (s) => [securityChangedEvent(s, 'updated')],
          tx,
        );
        return null;
      }
      const created = await deps.securities.insert(
        fields,
        change.proposedByName,
        (s) => ({ ...applied, entityId: String(s.id) }),
        (s) => [securityChangedEvent(s, 'created')],
        tx,
      );
      return String(created.id);
    };
  } else {
    const current = change.entityId ? await deps.issuers.findByUuid(change.entityId) : undefined;
    if (change.entityId && !current) throw notFound('Issuer', 'entityId');
    const fields = checkIssuerInput({ ...(current ?? { name: '', longName: '' }), ...change.newValues } as {
      name: string;
      longName: string;
    });
    const sameName = await deps.issuers.findByName(fields.name);
    if (sameName && sameName.uuid !== current?.uuid) {
      throw new DomainError('ALREADY_EXISTS', 'An issuer with this name already exists', 'name');
    }
    apply = async (tx) => {
      if (current) {
        await deps.issuers.update(
          current.uuid,
          fields,
          change.proposedByName,
          (i) => ({ ...applied, entityId: i.uuid }),
          tx,
        );
        return null;
      }
      const created = await deps.issuers.insert(
        fields,
        change.proposedByName,
        (i) => ({ ...applied, entityId: i.uuid }),
        tx,
      );
      return created.uuid;
    };
  }
  const decided = await deps.changes.decide(
    uuid,
    { status: 'APPROVED', reviewedByUuid: caller.userUuid, reviewedByName: caller.name, note: null },
    { ...actor, entityType: 'STATIC_DATA_CHANGE', entityId: uuid, action: 'APPROVE', changeUuid: uuid },
    apply,
  );
  if (decided === 'not-pending') throw notPending();
  return decided;
}

/** A provider admin rejects a pending change with a note; nothing else changes. */
export async function rejectStaticDataChange(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  uuid: string,
  rawNote: string,
): Promise<StaticDataChange> {
  assertProvider(caller, organisationUuid);
  const note = rawNote.trim();
  if (!note) throw invalidArgument('note', 'A note is required to reject a change');
  if (note.length > NOTE_MAX) throw invalidArgument('note', `note must be at most ${NOTE_MAX} characters`);
  const change = await pending(deps, uuid);
  const decided = await deps.changes.decide(
    uuid,
    { status: 'REJECTED', reviewedByUuid: caller.userUuid, reviewedByName: caller.name, note },
    {
      actorUuid: caller.userUuid,
      actorName: caller.name,
      organisationUuid: change.organisationUuid,
      entityType: 'STATIC_DATA_CHANGE',
      entityId: uuid,
      action: 'REJECT',
      newValues: { note },
      changeUuid: uuid,
    },
    async () => null,
  );
  if (decided === 'not-pending') throw notPending();
  return decided;
}
