import type { IdentityPrisma } from './prisma';

export interface OrganisationRecord {
  id: number;
  uuid: string;
  code: string;
  name: string;
  type: string;
  parentId: number | null;
  serviceLevelId: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  mfaRequired: boolean;
}

export function createOrganisationStore(prisma: IdentityPrisma) {
  return {
    async findByUuid(uuid: string): Promise<OrganisationRecord | null> {
      return prisma.organisation.findUnique({ where: { uuid } });
    },
    async listAll(): Promise<OrganisationRecord[]> {
      return prisma.organisation.findMany({ orderBy: { code: 'asc' } });
    },
    async listByUuids(uuids: string[]): Promise<OrganisationRecord[]> {
      return prisma.organisation.findMany({ where: { uuid: { in: uuids } }, orderBy: { code: 'asc' } });
    },
    async count(): Promise<number> {
      return prisma.organisation.count();
    },
  };
}
export type OrganisationStore = ReturnType<typeof createOrganisationStore>;
