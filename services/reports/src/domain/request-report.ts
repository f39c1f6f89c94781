import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import type { Job, JobFailure, StartJob } from '@gains/jobs';
import type { ReportStore, StoredReport } from '../store/report-store';
import { checkReportRequest, reportClient } from './generate-report';
import type { AnyReportKind, ReportFormat } from './report-kind';
import { assertReportMember, requireUuid } from './report-rules';

/** The job that renders one report a user asked for (Job Monitor: "REPORT", on the client). */
export const REPORT_JOB = 'REPORT';

export interface ReportJobInput {
  /** '' for a firm report */
  clientUuid: string;
  kind: string;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  requestedBy: { userUuid: string; name: string };
}

export interface RequestReportDeps {
  kinds: ReadonlyMap<string, AnyReportKind>;
  reports: Pick<ReportStore, 'findByJob'>;
  jobs: {
    start(job: StartJob): Promise<Job>;
    get(organisationUuid: string, uuid: string): Promise<Job | null>;
    listFailures(
      organisationUuid: string,
      uuid: string,
      page?: { limit?: number },
    ): Promise<{ failures: JobFailure[] }>;
  };
}

/** The kind's parameters as a JSON object. */
function parametersOf(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json.trim() || '{}');
  } catch {
    throw invalidArgument('parametersJson', 'parametersJson must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidArgument('parametersJson', 'parametersJson must be a JSON object');
  return value as Record<string, unknown>;
}

/**
 * Checks the request whole (membership and the kind's roles, the client (a firm report has none), format, the
 * kind's parameters), then queues its REPORT job.
 */
export async function requestReport(
  deps: RequestReportDeps,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string; kind: string; format: string; parametersJson: string },
): Promise<string> {
  assertReportMember(caller, req.organisationUuid);
  deps.kinds.get(req.kind)?.authorise?.(caller, req.organisationUuid);
  const parameters = parametersOf(req.parametersJson);
  const { kind, format } = checkReportRequest(deps.kinds, { kind: req.kind, format: req.format, parameters });
  const clientUuid = reportClient(kind, req.clientUuid);
  const requestedBy = { userUuid: caller.userUuid, name: caller.name || caller.email };
  const input: ReportJobInput = { clientUuid: clientUuid ?? '', kind: kind.kind, format, parameters, requestedBy };
  const job = await deps.jobs.start({
    organisationUuid: req.organisationUuid,
    type: REPORT_JOB,
    input,
    // a firm report is about no one object
    ...(clientUuid ? { object: { kind: 'CLIENT' as const, id: clientUuid } } : {}),
    startedBy: { userId: requestedBy.userUuid, name: requestedBy.name },
    progressTotal: 1,
    message: `${kind.kind} report (${format.toUpperCase()})`,
  });
  return job.uuid;
}

export interface ReportRequestState {
  jobUuid: string;
  status: string;
  report: StoredReport | null;
  message: string;
  field: string;
  code: string;
}

/** Where a requested report is; another firm's job is not found. */
export async function getReportRequest(
  deps: RequestReportDeps,
  caller: Caller,
  req: { organisationUuid: string; jobUuid: string },
): Promise<ReportRequestState> {
  assertReportMember(caller, req.organisationUuid);
  const jobUuid = requireUuid('jobUuid', req.jobUuid);
  const job = await deps.jobs.get(req.organisationUuid, jobUuid);
  if (!job || job.type !== REPORT_JOB) throw notFound(`Report request ${jobUuid}`, 'jobUuid');
  // a kind kept to some roles tells no one else of its requests
  deps.kinds.get((job.input as Partial<ReportJobInput> | null)?.kind ?? '')?.authorise?.(caller, req.organisationUuid);
  const state = { jobUuid, status: job.status, report: null, message: '', field: '', code: '' };
  if (job.status === 'SUCCEEDED')
    return { ...state, report: await deps.reports.findByJob(req.organisationUuid, jobUuid) };
  if (job.status !== 'FAILED') return state;
  // the reason the job recorded (a refusal of the domain), else the runner's message (it failed every attempt)
  const [failure] = (await deps.jobs.listFailures(req.organisationUuid, jobUuid, { limit: 1 })).failures;
  return failure
    ? { ...state, message: failure.reason, field: failure.column, code: failure.key || 'FAILED_PRECONDITION' }
    : { ...state, message: 'The report could not be made; please try again', code: 'INTERNAL' };
}
