import type { IdentityPrisma } from './prisma';

export interface AuditRecord {
  userUuid?: string | null;
  email?: string | null;
  action: string;
  outcome: 'SUCCEEDED' | 'FAILED' | 'REFUSED';
  remoteAddr?: string;
  detail?: string;
}

export interface StoredAuditEntry extends Required<AuditRecord> {
  id: string;
  at: Date;
}

export function createAuditStore(prisma: IdentityPrisma) {
  return {
    async insert(entry: AuditRecord) {
      await prisma.auditEntry.create({ data: entry });
    },
    async listPage(options: {
      page: number;
      size: number;
      userUuid?: string;
    }): Promise<{ content: StoredAuditEntry[]; totalSize: number }> {
      const where = options.userUuid ? { userUuid: options.userUuid } : {};
      const [rows, totalSize] = await Promise.all([
        prisma.auditEntry.findMany({
          where,
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
          skip: (options.page - 1) * options.size,
          take: options.size,
        }),
        prisma.auditEntry.count({ where }),
      ]);
      return {
        content: rows.map((r) => ({
          id: String(r.id),
          at: r.at,
          userUuid: r.userUuid,
          email: r.email,
          action: r.action,
          outcome: r.outcome as AuditRecord['outcome'],
          remoteAddr: r.remoteAddr,
          detail: r.detail,
        })),
        totalSize,
      };
    },
  };
}
export type AuditStore = ReturnType<typeof createAuditStore>;
