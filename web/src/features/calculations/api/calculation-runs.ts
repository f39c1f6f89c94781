import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { openReportLink } from '@/lib/open-report-link';
import type {
  CalculationDisposalPortfolios,
  CalculationDisposalsPage,
  CalculationRun,
  CalculationWarning,
  ClientLedgerCsv,
  FailuresReportBody,
  Page,
  RecalculateAnswer,
  RecalculateBody,
  StoredCalculation,
} from '@gains/contracts';

// The shapes are @gains/contracts' (calculation-runs.ts): never declared here.
export type {
  RecalculateAnswer,
  CalculationDisposal,
  CalculationRun,
  CalculationWarning,
  ClientLedgerCsv,
  StoredCalculation,
  TaxYearChange,
  FigureChange,
} from '@gains/contracts';

/** A client as the picker lists it (GET /admin/clients answers more; these are the fields read). */
export interface ClientChoice {
  uuid: string;
  code: string;
  name: string;
}

export const calculationKeys = {
  all: ['calculation-runs'] as const,
  clients: (org: string, term: string) => [...calculationKeys.all, org, 'clients', term] as const,
  runs: (org: string, clientUuid: string) => [...calculationKeys.all, org, 'runs', clientUuid] as const,
  run: (org: string, runId: string) => [...calculationKeys.all, org, 'run', runId] as const,
  disposals: (org: string, runId: string, page: number, size: number, taxYear: string) =>
    [...calculationKeys.all, org, 'run', runId, 'transactions', page, size, taxYear] as const,
  portfolios: (org: string, runId: string, tid: string) =>
    [...calculationKeys.all, org, 'run', runId, 'transactions', tid, 'portfolios'] as const,
  warnings: (org: string, runId: string) => [...calculationKeys.all, org, 'run', runId, 'warnings'] as const,
};

/** Up to 10 clients of the organisation matching a code or name. */
export function useClientChoices(organisationUuid: string, term: string) {
  return useQuery({
    queryKey: calculationKeys.clients(organisationUuid, term),
    queryFn: ({ signal }) =>
      apiRequest<Page<ClientChoice>>('/admin/clients', {
        organisationUuid,
        signal,
        query: { page: 1, size: 10, term },
      }),
    enabled: term.trim().length > 0,
    meta: { errorToast: false },
  });
}

/** A run still in hand: the list is asked again until it ends. */
export const isRunOpen = (run: CalculationRun) =>
  run.status === 'QUEUED' || run.status === 'RUNNING' || !run.finishedAt;

export const calculationRunsQueryOptions = (organisationUuid: string, clientUuid: string) =>
  queryOptions({
    queryKey: calculationKeys.runs(organisationUuid, clientUuid),
    queryFn: ({ signal }) =>
      apiRequest<Page<CalculationRun>>('/admin/calculations', {
        organisationUuid,
        signal,
        query: { clientUUID: clientUuid },
      }),
  });

/**
 * GET /admin/calculations?clientUUID=: the client's runs, newest first; polled while one is open, or while a
 * recalculation is awaited (`runsBefore`: the runs listed when it was asked) and no new run is listed yet.
 */
export function useCalculationRuns(organisationUuid: string, clientUuid: string, runsBefore?: string[]) {
  return useQuery({
    ...calculationRunsQueryOptions(organisationUuid, clientUuid),
    enabled: !!clientUuid,
    refetchInterval: (query) => {
      const runs = query.state.data?.content ?? [];
      const awaited = runsBefore !== undefined && runs.every((r) => runsBefore.includes(r.id));
      return awaited || runs.some(isRunOpen) ? 2_000 : false;
    },
  });
}

/** GET /admin/calculations/{id}: the run with its years, pools, holdings and failures. */
export function useStoredCalculation(organisationUuid: string, runId: string | undefined) {
  return useQuery({
    queryKey: calculationKeys.run(organisationUuid, runId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<StoredCalculation>(`/admin/calculations/${encodeURIComponent(runId!)}`, { organisationUuid, signal }),
    enabled: !!runId,
  });
}

/** GET /admin/calculations/{id}/transactions: a page of the run's disposals with their matches. */
export function useRunDisposals(
  organisationUuid: string,
  runId: string,
  { page, size, taxYear }: { page: number; size: number; taxYear: string },
) {
  return useQuery({
    queryKey: calculationKeys.disposals(organisationUuid, runId, page, size, taxYear),
    queryFn: ({ signal }) =>
      apiRequest<CalculationDisposalsPage>(`/admin/calculations/${encodeURIComponent(runId)}/transactions`, {
        organisationUuid,
        signal,
        query: { page, size, ...(taxYear ? { taxYear } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/calculations/{id}/transactions/{tid}/portfolios: the disposal's share from each portfolio. */
export function useDisposalPortfolios(organisationUuid: string, runId: string, tid: string) {
  return useQuery({
    queryKey: calculationKeys.portfolios(organisationUuid, runId, tid),
    queryFn: ({ signal }) =>
      apiRequest<CalculationDisposalPortfolios>(
        `/admin/calculations/${encodeURIComponent(runId)}/transactions/${encodeURIComponent(tid)}/portfolios`,
        { organisationUuid, signal },
      ),
  });
}

/** GET /admin/calculations/{id}/warnings. */
export function useRunWarnings(organisationUuid: string, runId: string) {
  return useQuery({
    queryKey: calculationKeys.warnings(organisationUuid, runId),
    queryFn: ({ signal }) =>
      apiRequest<CalculationWarning[]>(`/admin/calculations/${encodeURIComponent(runId)}/warnings`, {
        organisationUuid,
        signal,
      }),
  });
}

/** POST /admin/calculations/recalculate for one client: the job that queues its run. */
export function useRecalculate(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecalculateBody) =>
      apiRequest<RecalculateAnswer>('/admin/calculations/recalculate', { method: 'POST', organisationUuid, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  });
}

/** GET /admin/calculations/ledger-csv?clientUUID=: the files and arguments that reproduce the figures. */
export function getClientLedgerCsv(organisationUuid: string, clientUuid: string) {
  return apiRequest<ClientLedgerCsv>('/admin/calculations/ledger-csv', {
    organisationUuid,
    query: { clientUUID: clientUuid },
  });
}

/**
 * POST /calculations/failures/report-csv: the failures of a client's run, kept as a report in the client's list,
 * opened in a new window from the link it answers.
 */
export function openFailuresReport(organisationUuid: string, body: FailuresReportBody) {
  return openReportLink('/calculations/failures/report-csv', organisationUuid, body);
}

/** The fields of a job (GET /admin/jobs/{uuid}, the reports service's read model) the progress reads. */
export interface JobProgress {
  uuid: string;
  status: string;
  progressDone: number;
  progressTotal: number;
  failed: boolean;
  message: string;
}

const jobEnded = (job: JobProgress) => job.status !== 'QUEUED' && job.status !== 'RUNNING';

/**
 * The firm's recalculation job, polled until it ends. The Job Monitor's read model learns of the job from its
 * events, so the first asks may be 404: they are asked again rather than shown as errors.
 */
export function useRecalculationJob(organisationUuid: string, jobUuid: string | undefined) {
  return useQuery({
    queryKey: [...calculationKeys.all, organisationUuid, 'job', jobUuid ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<JobProgress>(`/admin/jobs/${encodeURIComponent(jobUuid!)}`, { organisationUuid, signal }),
    enabled: !!jobUuid,
    retry: (failures) => failures < 30,
    retryDelay: 2_000,
    refetchInterval: (query) => (query.state.data && jobEnded(query.state.data) ? false : 2_000),
    meta: { errorToast: false },
  });
}
