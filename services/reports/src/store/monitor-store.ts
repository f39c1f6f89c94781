import type { events } from '@gains/proto';
import type { JobQuery } from '../domain/monitor-rules';
import type { MonitoredJob, MonitorLog } from './generated/client';
import type { ReportsPrisma, ReportsTx } from './prisma';

const at = (iso: string) => (iso ? new Date(iso) : null);

/**
 * Applies a job's event to the read model. The job row keeps the newest version (a late or repeated event changes
 * nothing); failures and monitor logs the event added are appended once (the consumer records the event id).
 */
export async function applyJobChanged(tx: ReportsTx, e: events.JobChanged): Promise<void> {
  const row = {
    organisationUuid: e.organisationUuid,
    service: e.service,
    type: e.type,
    status: e.status,
    progressDone: e.progressDone,
    progressTotal: e.progressTotal,
    candidates: e.candidates,
    successes: e.successes,
    failures: e.failures,
    objectKind: e.objectKind,
    objectId: e.objectId,
    startedByUserId: e.startedByUserId,
    startedByName: e.startedByName,
    createdAt: at(e.createdAt) ?? new Date(),
    updatedAt: at(e.updatedAt) ?? new Date(),
    startedAt: at(e.startedAt),
    finishedAt: at(e.finishedAt),
    traceId: e.traceId,
    message: e.message,
    version: e.version,
  };
  const existing = await tx.monitoredJob.findUnique({ where: { uuid: e.uuid }, select: { version: true } });
  if (!existing) await tx.monitoredJob.create({ data: { uuid: e.uuid, ...row } });
  else if (existing.version < e.version) await tx.monitoredJob.update({ where: { uuid: e.uuid }, data: row });
  if (e.newFailures.length) {
    await tx.monitoredJobFailure.createMany({
      data: e.newFailures.map((f) => ({
        jobUuid: e.uuid,
        line: f.line,
        column: f.column,
        key: f.key,
        reason: f.reason,
      })),
    });
  }
  if (e.monitorLogs.length) {
    await tx.monitorLog.createMany({
      skipDuplicates: true,
      data: e.monitorLogs.map((m) => ({
        uuid: m.uuid,
        organisationUuid: e.organisationUuid,
        jobUuid: e.uuid,
        createdAt: at(m.raisedAt) ?? new Date(),
        errorSeverityId: m.severity,
        errorOccurrences: m.errorOccurrences,
        warningType: m.warningType,
        portfolioOccurrences: m.portfolioOccurrences,
        securitiesOccurrences: m.securitiesOccurrences,
        clientOccurrences: m.clientOccurrences,
        errorCode: m.errorCode,
        logMessage: m.message,
        warningMessage: m.warningMessage,
        portfolioCode: m.portfolioCode,
        securityCode: m.securityCode,
        clientCode: m.clientCode,
      })),
    });
  }
}

export function createMonitorStore(prisma: ReportsPrisma) {
  return {
    async findJobs(q: JobQuery): Promise<{ content: MonitoredJob[]; totalSize: number; types: string[] }> {
      const where = {
        organisationUuid: q.organisationUuid,
        ...(q.type ? { type: q.type } : {}),
        ...(q.status ? { status: q.status } : {}),
        createdAt: q.created,
      };
      const orderBy = [
        ...q.sort.map((s) => ({ [s.column]: s.direction })),
        { createdAt: 'desc' as const },
        { uuid: 'asc' as const },
      ];
      const [content, totalSize, types] = await Promise.all([
        prisma.monitoredJob.findMany({ where, orderBy, skip: (q.page - 1) * q.size, take: q.size }),
        prisma.monitoredJob.count({ where }),
        prisma.monitoredJob.findMany({
          where: { organisationUuid: q.organisationUuid },
          distinct: ['type'],
          select: { type: true },
          orderBy: { type: 'asc' },
        }),
      ]);
      return { content, totalSize, types: types.map((t) => t.type) };
    },
    async findJob(organisationUuid: string, uuid: string) {
      const job = await prisma.monitoredJob.findFirst({ where: { uuid, organisationUuid } });
      if (!job) return null;
      const [failures, failureTotal] = await Promise.all([
        prisma.monitoredJobFailure.findMany({
          where: { jobUuid: uuid },
          orderBy: [{ line: 'asc' }, { id: 'asc' }],
          take: 1000,
        }),
        prisma.monitoredJobFailure.count({ where: { jobUuid: uuid } }),
      ]);
      return { job, failures, failureTotal };
    },
    async findLogs(
      organisationUuid: string,
      q: { created: { gte?: Date; lt?: Date }; severity?: number },
    ): Promise<(MonitorLog & { jobType: string })[]> {
      const logs = await prisma.monitorLog.findMany({
        where: { organisationUuid, createdAt: q.created, ...(q.severity ? { errorSeverityId: q.severity } : {}) },
        orderBy: [{ createdAt: 'desc' }, { uuid: 'asc' }],
        take: 5000,
      });
      const jobs = await prisma.monitoredJob.findMany({
        where: { organisationUuid, uuid: { in: [...new Set(logs.map((l) => l.jobUuid))] } },
        select: { uuid: true, type: true },
      });
      const typeOf = new Map(jobs.map((j) => [j.uuid, j.type]));
      return logs.map((l) => ({ ...l, jobType: typeOf.get(l.jobUuid) ?? '' }));
    },
    /** The MI Dashboard's counts: jobs created in the range by status, monitor logs by severity, each one grouped query. */
    async countByStatusAndSeverity(organisationUuid: string, created: { gte?: Date; lt?: Date }) {
      const [jobs, logs] = await Promise.all([
        prisma.monitoredJob.groupBy({ by: ['status'], where: { organisationUuid, createdAt: created }, _count: true }),
        prisma.monitorLog.groupBy({
          by: ['errorSeverityId'],
          where: { organisationUuid, createdAt: created },
          _count: true,
        }),
      ]);
      return {
        jobs: new Map(jobs.map((j) => [j.status, j._count])),
        logs: new Map(logs.map((l) => [l.errorSeverityId, l._count])),
      };
    },
    async findLog(organisationUuid: string, uuid: string) {
      return prisma.monitorLog.findFirst({ where: { organisationUuid, uuid } });
    },
    /** Changes the log only at the version the user saw (0: any); answers null when stale. */
    async updateLog(
      organisationUuid: string,
      uuid: string,
      change: { status: number; notes: string; userName: string; version: number },
    ): Promise<MonitorLog | null> {
      const { count } = await prisma.monitorLog.updateMany({
        where: { organisationUuid, uuid, ...(change.version ? { version: change.version } : {}) },
        data: {
          mmtStatusId: change.status,
          notes: change.notes,
          userName: change.userName,
          version: { increment: 1 },
          updatedAt: new Date(),
        },
      });
      return count ? prisma.monitorLog.findFirst({ where: { organisationUuid, uuid } }) : null;
    },
  };
}

export type MonitorStore = ReturnType<typeof createMonitorStore>;
