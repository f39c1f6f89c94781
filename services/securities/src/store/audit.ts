import type { SecuritiesTx } from './prisma';

/** One audit entry: every change to the service's data is recorded with who made it and what changed. */
export interface AuditRecord {
  actorUuid: string;
  actorName: string;
  organisationUuid: string;
  entityType: 'SECURITY' | 'ISSUER' | 'PRICE' | 'FX_RATE' | 'STATIC_DATA_CHANGE';
  entityId: string;
  action: 'CREATE' | 'UPDATE' | 'PROPOSE' | 'APPROVE' | 'REJECT' | 'UPLOAD';
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  changeUuid?: string | null;
}

export async function writeAudit(db: SecuritiesTx, ...records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.auditEntry.createMany({
    data: records.map((r) => ({
      actorUuid: r.actorUuid,
      actorName: r.actorName,
      organisationUuid: r.organisationUuid,
      entityType: r.entityType,
      entityId: r.entityId,
      action: r.action,
      oldValues: (r.oldValues ?? undefined) as object | undefined,
      newValues: (r.newValues ?? undefined) as object | undefined,
      changeUuid: r.changeUuid ?? null,
    })),
  });
}
