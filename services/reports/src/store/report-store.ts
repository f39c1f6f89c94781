import type { Report } from './generated/client';
import type { ReportsPrisma } from './prisma';

export type StoredReport = Report;

export interface ReportStore {
  /**
   * Inserts the row with the next version of its client (or, for a firm report, the organisation), kind and subject
   * (retried on a concurrent insert).
   */
  insert(row: Omit<Report, 'version' | 'createdAt'>): Promise<Report>;
  /** A client's reports: a firm report (no client) is never one of them. */
  listByClient(organisationUuid: string, clientUuid: string): Promise<Report[]>;
  findById(organisationUuid: string, uuid: string): Promise<Report | null>;
  /** The report a REPORT job made, if it has. */
  findByJob(organisationUuid: string, jobUuid: string): Promise<Report | null>;
  /** A batch print's report of a client and kind, if it has one (a chunk run again makes none twice). */
  findInBatch(organisationUuid: string, batchId: string, clientUuid: string, kind: string): Promise<Report | null>;
}

export function createReportStore(prisma: ReportsPrisma): ReportStore {
  return {
    async insert(row) {
      for (let attempt = 0; ; attempt++) {
        const last = await prisma.report.findFirst({
          where: {
            organisationUuid: row.organisationUuid,
            clientUuid: row.clientUuid,
            kind: row.kind,
            subject: row.subject,
          },
          orderBy: { version: 'desc' },
          select: { version: true },
        });
        try {
          return await prisma.report.create({ data: { ...row, version: (last?.version ?? 0) + 1 } });
        } catch (error) {
          // two reports of one subject at once: the unique version refuses one, which takes the next
          if ((error as { code?: string }).code !== 'P2002' || attempt >= 5) throw error;
        }
      }
    },
    listByClient(organisationUuid, clientUuid) {
      return prisma.report.findMany({
        where: { organisationUuid, clientUuid },
        orderBy: [{ createdAt: 'desc' }, { uuid: 'asc' }],
        take: 1000,
      });
    },
    findById(organisationUuid, uuid) {
      return prisma.report.findFirst({ where: { organisationUuid, uuid } });
    },
    findByJob(organisationUuid, jobUuid) {
      return prisma.report.findFirst({ where: { organisationUuid, jobUuid } });
    },
    findInBatch(organisationUuid, batchId, clientUuid, kind) {
      return prisma.report.findFirst({ where: { organisationUuid, batchId, clientUuid, kind } });
    },
  };
}
