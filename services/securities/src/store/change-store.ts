import crypto from 'node:crypto';
import type { StaticDataChange, StaticDataChangeStatus, StaticDataValue } from '@gains/contracts';
import { writeAudit, type AuditRecord } from './audit';
import type { SecuritiesPrisma, SecuritiesTx } from './prisma';

type Row = Awaited<ReturnType<SecuritiesPrisma['staticDataChange']['findFirstOrThrow']>>;

function toChange(r: Row): StaticDataChange {
  return {
    uuid: r.uuid,
    entityType: r.entityType as StaticDataChange['entityType'],
    action: r.action as StaticDataChange['action'],
    entityId: r.entityId,
    entityLabel: r.entityLabel,
    organisationUuid: r.organisationUuid,
    proposedByName: r.proposedByName,
    proposedByEmail: r.proposedByEmail,
    proposedAt: r.proposedAt.toISOString(),
    oldValues: r.oldValues as Record<string, StaticDataValue>,
    newValues: r.newValues as Record<string, StaticDataValue>,
    status: r.status as StaticDataChangeStatus,
    reviewedByName: r.reviewedByName,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    note: r.note,
  };
}

export interface NewChange {
  entityType: StaticDataChange['entityType'];
  action: StaticDataChange['action'];
  entityId: string | null;
  entityLabel: string;
  organisationUuid: string;
  proposedByUuid: string;
  proposedByName: string;
  proposedByEmail: string;
  oldValues: Record<string, StaticDataValue>;
  newValues: Record<string, StaticDataValue>;
}

export function createChangeStore(prisma: SecuritiesPrisma) {
  return {
    async findByUuid(
      uuid: string,
      db: SecuritiesPrisma | SecuritiesTx = prisma,
    ): Promise<StaticDataChange | undefined> {
      const row = await db.staticDataChange.findUnique({ where: { uuid } });
      return row ? toChange(row) : undefined;
    },

    /** Changes, newest first: of one organisation, or (organisationUuid null) of every organisation. */
    async list(query: {
      organisationUuid: string | null;
      status: string;
      entityType?: string;
      entityId?: string;
    }): Promise<StaticDataChange[]> {
      const rows = await prisma.staticDataChange.findMany({
        where: {
          ...(query.organisationUuid ? { organisationUuid: query.organisationUuid } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.entityType ? { entityType: query.entityType } : {}),
          ...(query.entityId ? { entityId: query.entityId } : {}),
        },
        orderBy: [{ proposedAt: 'desc' }, { uuid: 'asc' }],
        take: 1000,
      });
      return rows.map(toChange);
    },

    /** Records proposals with their audit entries, in one transaction. */
    async insertMany(changes: NewChange[], audit: (c: StaticDataChange) => AuditRecord): Promise<StaticDataChange[]> {
      return prisma.$transaction(async (tx) => {
        const out: StaticDataChange[] = [];
        for (const c of changes) {
          const row = await tx.staticDataChange.create({ data: { uuid: crypto.randomUUID(), ...c } });
          const change = toChange(row);
          await writeAudit(tx, audit(change));
          out.push(change);
        }
        return out;
      });
    },

    /**
     * Decides a pending change in a transaction: `apply` (for an approval) runs in the same transaction,
     * so the change and its effect commit together. FAILED_PRECONDITION is the caller's to throw when the
     * change is no longer pending (checked again here under a row lock).
     */
    async decide(
      uuid: string,
      decision: {
        status: 'APPROVED' | 'REJECTED';
        reviewedByUuid: string;
        reviewedByName: string;
        note: string | null;
      },
      audit: AuditRecord,
      apply: (tx: SecuritiesTx) => Promise<string | null>,
    ): Promise<StaticDataChange | 'not-pending'> {
      return prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ status: string }[]>`
          SELECT status FROM static_data_change WHERE uuid = ${uuid}::uuid FOR UPDATE`;
        if (locked[0]?.status !== 'PENDING') return 'not-pending' as const;
        const entityId = await apply(tx);
        const row = await tx.staticDataChange.update({
          where: { uuid },
          data: { ...decision, reviewedAt: new Date(), ...(entityId ? { entityId } : {}) },
        });
        await writeAudit(tx, audit);
        return toChange(row);
      });
    },
  };
}
export type ChangeStore = ReturnType<typeof createChangeStore>;
