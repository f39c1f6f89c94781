import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

/** A job of any service, as GET /jobs and GET /admin/jobs/{uuid} answer it (the reports service's read model). */
export interface Job {
  uuid: string;
  service: string;
  type: string;
  status: string;
  progressDone: number;
  progressTotal: number;
  candidateCount: number;
  successCount: number;
  failureCount: number;
  failed: boolean;
  objectKind: string;
  objectId: string;
  startedBy: string;
  createdDateTime: string;
  updatedDateTime: string;
  startedDateTime: string | null;
  finishedDateTime: string | null;
  traceId: string;
  /** Set when GAINS_TRACE_URL_TEMPLATE is configured. */
  traceUrl: string | null;
  message: string;
}

export interface JobFailure {
  line: number;
  column: string;
  key: string;
  reason: string;
}

export interface JobDetail extends Job {
  failures: JobFailure[];
  failureTotal: number;
}

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'PARTIALLY_SUCCEEDED'] as const;

export interface JobsQuery {
  organisationUuid: string;
  page: number;
  size: number;
  sort: SortItem[];
  type?: string;
  status?: string;
  /** YYYY-MM-DD, the day the job was created, inclusive */
  from?: string;
  to?: string;
}

export const running = (j: Pick<Job, 'status'>) => j.status === 'QUEUED' || j.status === 'RUNNING';
/** How often a page showing a running job asks again. */
const POLL_MS = 2_000;

const keys = {
  all: ['jobs'] as const,
  page: (q: JobsQuery) => [...keys.all, q.organisationUuid, 'page', q] as const,
  one: (organisationUuid: string, uuid: string) => [...keys.all, organisationUuid, 'one', uuid] as const,
};

type JobsPage = { content: Job[]; totalSize: number; types: string[] };

export function getJobs(q: JobsQuery, signal?: AbortSignal): Promise<JobsPage> {
  return apiRequest<JobsPage>('/jobs', {
    organisationUuid: q.organisationUuid,
    signal,
    query: {
      page: q.page,
      size: q.size,
      sort: sortParams(q.sort),
      type: q.type || undefined,
      status: q.status || undefined,
      from: q.from || undefined,
      to: q.to || undefined,
    },
  });
}

/** GET /jobs: the organisation's jobs across services, paged, sorted and filtered by the server; polled while one runs. */
export function useJobs(q: JobsQuery) {
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) => getJobs(q, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some(running) ? POLL_MS : false),
    meta: { errorToast: false },
  });
}

/** GET /admin/jobs/{uuid}: one job with its failures and trace; polled while it runs. */
export function useJob(organisationUuid: string, uuid: string | undefined) {
  return useQuery({
    queryKey: keys.one(organisationUuid, uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<JobDetail>(`/admin/jobs/${encodeURIComponent(uuid!)}`, { organisationUuid, signal }),
    enabled: Boolean(uuid),
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? POLL_MS : false),
    meta: { errorToast: false },
  });
}
