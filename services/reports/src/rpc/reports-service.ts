import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { aborted, notFound } from '@gains/errors';
import type { reports } from '@gains/proto';
import {
  assertMonitorReader,
  assertMonitorWriter,
  londonToday,
  parseJobQuery,
  parseLogQuery,
  parseLogUpdate,
} from '../domain/monitor-rules';
import { getMonitorFigures } from '../domain/get-monitor-figures';
import type { MonitoredJob, MonitorLog } from '../store/generated/client';
import type { MonitorStore } from '../store/monitor-store';
import type { ReportDeps } from '../domain/keep-report';
import { getReportFile } from '../domain/get-report-file';
import { listReports } from '../domain/list-reports';
import { getReportRequest, requestReport, type RequestReportDeps } from '../domain/request-report';
import {
  createBatchPrint,
  getBatchPrint,
  listBatchCandidates,
  listBatchPrints,
  publishBatchPrint,
  type BatchDeps,
  type BatchPrintView,
} from '../domain/batch-prints';
import type { StoredBatchCandidate } from '../store/batch-store';
import type { StoredReport } from '../store/report-store';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function toJob(j: MonitoredJob) {
  return {
    uuid: j.uuid,
    organisationUuid: j.organisationUuid,
    service: j.service,
    type: j.type,
    status: j.status,
    progressDone: j.progressDone,
    progressTotal: j.progressTotal,
    candidateCount: j.candidates,
    successCount: j.successes,
    failureCount: j.failures,
    objectKind: j.objectKind,
    objectId: j.objectId,
    startedByUserId: j.startedByUserId,
    startedByName: j.startedByName,
    createdAt: iso(j.createdAt),
    updatedAt: iso(j.updatedAt),
    startedAt: iso(j.startedAt),
    finishedAt: iso(j.finishedAt),
    traceId: j.traceId,
    message: j.message,
    version: j.version,
  };
}

function toLog(l: MonitorLog & { jobType?: string }) {
  return {
    uuid: l.uuid,
    jobUuid: l.jobUuid,
    createdDate: iso(l.createdAt),
    errorSeverityId: l.errorSeverityId,
    errorOccurrences: l.errorOccurrences,
    warningType: l.warningType,
    portfolioOccurrences: l.portfolioOccurrences,
    securitiesOccurrences: l.securitiesOccurrences,
    clientOccurrences: l.clientOccurrences,
    mmtStatusId: l.mmtStatusId,
    errorCode: l.errorCode,
    logMessage: l.logMessage,
    warningMessage: l.warningMessage,
    notes: l.notes,
    userName: l.userName,
    portfolioCode: l.portfolioCode,
    securityCode: l.securityCode,
    clientCode: l.clientCode,
    version: l.version,
    jobType: l.jobType ?? '',
  };
}

function toBatchPrint({ print: p, progressDone, progressTotal }: BatchPrintView) {
  return {
    id: p.id,
    uuid: p.uuid,
    reportingPeriod: p.reportingPeriod,
    taxYear: p.taxYear,
    clientState: p.clientState,
    relationshipManager: p.relationshipManager,
    reportType: p.reportType,
    organisation: p.organisationName,
    identifiedCandidates: p.identifiedCandidates,
    publishedCandidates: p.publishedCandidates,
    status: p.status,
    jobUuid: p.jobUuid ?? '',
    progressDone: BigInt(progressDone),
    progressTotal: BigInt(progressTotal),
    message: p.message,
    createdBy: p.createdByName,
    createdAt: iso(p.createdAt),
    modifiedBy: p.updatedByName,
    modifiedAt: iso(p.updatedAt),
    version: p.version,
  };
}

function toCandidate(c: StoredBatchCandidate) {
  return {
    uuid: c.uuid,
    clientUuid: c.clientUuid,
    clientCode: c.clientCode,
    clientName: c.clientName,
    thirtyDayRule: c.thirtyDayRule,
    costUpdatePending: c.costUpdatePending,
    pendingIncome: c.pendingIncome,
    actMonitorIssues: c.actMonitorIssues,
    deliveries: c.deliveries,
    status: c.status,
    reports: c.reports,
    failureReason: c.failureReason,
  };
}

function toReport(r: StoredReport) {
  return {
    uuid: r.uuid,
    organisationUuid: r.organisationUuid,
    clientUuid: r.clientUuid ?? '',
    kind: r.kind,
    subject: r.subject,
    generation: r.generation,
    batchId: r.batchId ?? '',
    userUuid: r.userUuid,
    userName: r.userName,
    version: r.version,
    fileName: r.fileName,
    contentType: r.contentType,
    delivery: r.delivery,
    createdAt: iso(r.createdAt),
  };
}

export function createReportsService(deps: {
  store: MonitorStore;
  today?: () => string;
  /** report rows and files; without them the report calls are unimplemented (monitor-only tests) */
  reportDeps?: ReportDeps;
  /** the report kinds and the REPORT jobs (RequestReport, GetReportRequest) */
  requests?: RequestReportDeps;
  /** batch prints and their jobs */
  batches?: BatchDeps;
}): ServiceImpl<typeof reports.ReportsService> {
  const today = deps.today ?? (() => londonToday());
  return {
    async listJobs(req, ctx) {
      assertMonitorReader(requireCaller(ctx), req.organisationUuid);
      const page = await deps.store.findJobs(
        parseJobQuery({ ...req, sort: req.sort.map((s) => ({ column: s.column, direction: s.direction })) }),
      );
      return { content: page.content.map(toJob), totalSize: page.totalSize, types: page.types };
    },
    async getJob(req, ctx) {
      assertMonitorReader(requireCaller(ctx), req.organisationUuid);
      // Another firm's job is simply not found: its existence is not disclosed.
      const found = await deps.store.findJob(req.organisationUuid, req.uuid);
      if (!found) throw notFound(`Job ${req.uuid}`, 'uuid');
      return {
        job: toJob(found.job),
        failures: found.failures.map((f) => ({ line: f.line, column: f.column, key: f.key, reason: f.reason })),
        failureTotal: found.failureTotal,
      };
    },
    async listMonitorLogs(req, ctx) {
      assertMonitorReader(requireCaller(ctx), req.organisationUuid);
      const logs = await deps.store.findLogs(req.organisationUuid, parseLogQuery(req, today()));
      return { content: logs.map(toLog) };
    },
    async getMonitorFigures(req, ctx) {
      return getMonitorFigures(deps, requireCaller(ctx), req, today());
    },
    async updateMonitorLog(req, ctx) {
      const caller = requireCaller(ctx);
      assertMonitorWriter(caller, req.organisationUuid);
      const change = parseLogUpdate(req);
      const existing = await deps.store.findLog(req.organisationUuid, req.uuid);
      if (!existing) throw notFound(`Monitor log ${req.uuid}`, 'uuid');
      const saved = await deps.store.updateLog(req.organisationUuid, req.uuid, {
        ...change,
        userName: caller.name || caller.email,
        version: req.version,
      });
      if (!saved) {
        throw aborted(
          `Monitor log ${req.uuid} was changed by someone else since it was read; reload it and try again`,
          'version',
        );
      }
      return toLog(saved);
    },
    async listReports(req, ctx) {
      return { reports: (await listReports(reportDeps(), requireCaller(ctx), req)).map(toReport) };
    },
    async getReportFile(req, ctx) {
      const { report, content } = await getReportFile(
        { ...reportDeps(), kinds: deps.requests?.kinds },
        requireCaller(ctx),
        req,
      );
      return { report: toReport(report), content };
    },
    async requestReport(req, ctx) {
      return { jobUuid: await requestReport(requestDeps(), requireCaller(ctx), req) };
    },
    async getReportRequest(req, ctx) {
      const state = await getReportRequest(requestDeps(), requireCaller(ctx), req);
      return { ...state, report: state.report ? toReport(state.report) : undefined };
    },
    async createBatchPrint(req, ctx) {
      return toBatchPrint(await createBatchPrint(batchDeps(), requireCaller(ctx), { ...req }));
    },
    async listBatchPrints(req, ctx) {
      const page = await listBatchPrints(batchDeps(), requireCaller(ctx), req);
      return { content: page.content.map(toBatchPrint), totalSize: page.totalSize };
    },
    async getBatchPrint(req, ctx) {
      return toBatchPrint(await getBatchPrint(batchDeps(), requireCaller(ctx), req));
    },
    async listBatchCandidates(req, ctx) {
      const page = await listBatchCandidates(batchDeps(), requireCaller(ctx), req);
      return { content: page.content.map(toCandidate), totalSize: page.totalSize };
    },
    async publishBatchPrint(req, ctx) {
      return toBatchPrint(await publishBatchPrint(batchDeps(), requireCaller(ctx), req));
    },
  };
  function batchDeps(): BatchDeps {
    if (!deps.batches) throw new Error('The reports service was started without its batch prints');
    return deps.batches;
  }
  function requestDeps(): RequestReportDeps {
    if (!deps.requests) throw new Error('The reports service was started without its report jobs');
    return deps.requests;
  }
  function reportDeps(): ReportDeps {
    if (!deps.reportDeps) throw new Error('The reports service was started without its report store and files');
    return deps.reportDeps;
  }
}
