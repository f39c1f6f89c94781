import { DomainError } from '@gains/errors';
import type { IdentityPrisma } from './prisma';

export interface ReportTypeMappingRecord {
  id: number;
  reportTypeId: number;
  generate: boolean;
}

export interface ServiceLevelRecord {
  id: number;
  uuid: string;
  code: string;
  serviceLevel: string;
  reportTypeMappings: ReportTypeMappingRecord[];
}

export interface ServiceLevelData {
  code: string;
  serviceLevel: string;
  reportTypeMappings: { reportTypeId: number; generate: boolean }[];
}

const include = { reportTypeMappings: { orderBy: { reportTypeId: 'asc' as const } } };

function toRecord(row: {
  id: number;
  uuid: string;
  code: string;
  serviceLevel: string;
  reportTypeMappings: { id: number; reportTypeId: number; generate: boolean }[];
}): ServiceLevelRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    code: row.code,
    serviceLevel: row.serviceLevel,
    reportTypeMappings: row.reportTypeMappings.map((m) => ({
      id: m.id,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
  };
}

function duplicateCode(error: unknown): never {
  if ((error as { code?: string }).code === 'P2002') {
    throw new DomainError('ALREADY_EXISTS', 'A service level with this code already exists', 'code');
  }
  throw error;
}

export function createServiceLevelStore(prisma: IdentityPrisma) {
  return {
    async listAll(): Promise<ServiceLevelRecord[]> {
      return (await prisma.serviceLevel.findMany({ include, orderBy: { code: 'asc' } })).map(toRecord);
    },
    async findById(id: number): Promise<ServiceLevelRecord | null> {
      const row = await prisma.serviceLevel.findUnique({ where: { id }, include });
      return row && toRecord(row);
    },
    async findByCode(code: string): Promise<ServiceLevelRecord | null> {
      const row = await prisma.serviceLevel.findUnique({ where: { code }, include });
      return row && toRecord(row);
    },
    async insert(data: ServiceLevelData & { uuid: string }): Promise<ServiceLevelRecord> {
      const row = await prisma.serviceLevel
        .create({
          data: {
            uuid: data.uuid,
            code: data.code,
            serviceLevel: data.serviceLevel,
            reportTypeMappings: { create: data.reportTypeMappings },
          },
          include,
        })
        .catch(duplicateCode);
      return toRecord(row);
    },
    /**
     * Replaces the level and its mappings in one transaction: mappings keep their ids by report type,
     * ones no longer listed are removed.
     */
    async update(id: number, data: ServiceLevelData): Promise<ServiceLevelRecord> {
      return prisma
        .$transaction(async (tx) => {
          await tx.serviceLevel.update({ where: { id }, data: { code: data.code, serviceLevel: data.serviceLevel } });
          await tx.serviceLevelReportType.deleteMany({
            where: { serviceLevelId: id, reportTypeId: { notIn: data.reportTypeMappings.map((m) => m.reportTypeId) } },
          });
          for (const mapping of data.reportTypeMappings) {
            await tx.serviceLevelReportType.upsert({
              where: { serviceLevelId_reportTypeId: { serviceLevelId: id, reportTypeId: mapping.reportTypeId } },
              create: { serviceLevelId: id, reportTypeId: mapping.reportTypeId, generate: mapping.generate },
              update: { generate: mapping.generate },
            });
          }
          return toRecord((await tx.serviceLevel.findUnique({ where: { id }, include }))!);
        })
        .catch(duplicateCode);
    },
  };
}
export type ServiceLevelStore = ReturnType<typeof createServiceLevelStore>;
