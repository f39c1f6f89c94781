import type { IdentityPrisma } from './prisma';

export interface AuditRecord {
  userUuid?: string | null;
  email?: string | null;
  action: string;
  outcome: 'SUCCEEDED' | 'FAILED' | 'REFUSED';
  remoteAddr?: string;
  detail?: string;
}

export function createAuditStore(prisma: IdentityPrisma) {
  return {
    async insert(entry: AuditRecord) {
      await prisma.auditEntry.create({ data: entry });
    },
  };
}
export type AuditStore = ReturnType<typeof createAuditStore>;
