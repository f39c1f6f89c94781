import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A batch print as GET /batch-reports answers it (the reports service's). */
export interface BatchPrint {
  id: number;
  uuid: string;
  reportingPeriod: string;
  taxYear: string;
  clientState: string;
  relationshipManager: string;
  reportType: string;
  organisation: string;
  identifiedCandidates: number;
  publishedCandidates: number;
  status: 'IDENTIFYING' | 'IDENTIFIED' | 'PUBLISHING' | 'PARTIALLY_RUN' | 'COMPLETE' | 'FAILED';
  jobUuid: string | null;
  progressDone: number;
  progressTotal: number;
  message: string;
  createdBy: string;
  createdAt: string;
  modifiedBy: string;
  modifiedAt: string;
  version: number;
}

export interface BatchCandidate {
  uuid: string;
  clientUuid: string;
  clientCode: string;
  clientName: string;
  thirtyDayRule: boolean;
  costUpdatePending: boolean;
  pendingIncome: boolean;
  actMonitorIssues: number;
  deliveries: string[];
  status: 'PENDING' | 'COMPLETE';
  reports: number;
  failureReason: string;
}

export interface NewBatchPrint {
  reportingPeriod: string;
  taxYear: string;
  clientState: string;
  relationshipManager: string;
  reportType: string;
}

interface Page<T> {
  content: T[];
  totalSize: number;
}

const keys = {
  all: (org: string) => ['batch-reports', org] as const,
  one: (org: string, id: number) => ['batch-reports', org, id] as const,
  candidates: (org: string, id: number, page: number, size: number, status: string, version: string) =>
    ['batch-reports', org, id, 'candidates', page, size, status, version] as const,
};

/** Whether a print's job runs: the page follows it every second while so. */
export const isRunning = (p: Pick<BatchPrint, 'status'> | undefined) =>
  p?.status === 'IDENTIFYING' || p?.status === 'PUBLISHING';

/** The firm's prints, newest first (at most 100: the grid sorts, filters and pages them). */
export function useBatchPrints(organisationUuid: string) {
  return useQuery({
    queryKey: keys.all(organisationUuid),
    queryFn: ({ signal }) =>
      apiRequest<Page<BatchPrint>>('/batch-reports', { organisationUuid, signal, query: { size: 100 } }),
    refetchInterval: (q) => (q.state.data?.content.some(isRunning) ? 2000 : false),
    meta: { errorToast: false },
  });
}

export function useBatchPrint(organisationUuid: string, id: number) {
  return useQuery({
    queryKey: keys.one(organisationUuid, id),
    queryFn: ({ signal }) => apiRequest<BatchPrint>(`/batch-reports/${id}`, { organisationUuid, signal }),
    refetchInterval: (q) => (isRunning(q.state.data) ? 1000 : false),
    meta: { errorToast: false },
  });
}

/** A page of a print's candidates; `version` names the print's state, so a change of it reads them again. */
export function useBatchCandidates(
  organisationUuid: string,
  id: number,
  page: number,
  size: number,
  status: string,
  version: string,
) {
  return useQuery({
    queryKey: keys.candidates(organisationUuid, id, page, size, status, version),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<Page<BatchCandidate>>(`/batch-reports/${id}/candidates`, {
        organisationUuid,
        signal,
        query: { page, size, status: status || undefined },
      }),
    meta: { errorToast: false },
  });
}

export function useCreateBatchPrint(organisationUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBatchPrint) =>
      apiRequest<BatchPrint>('/batch-reports', { method: 'POST', organisationUuid, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(organisationUuid) }),
    meta: { errorToast: false },
  });
}

export function usePublishBatchPrint(organisationUuid: string, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BatchPrint>(`/batch-reports/${id}/publish`, { method: 'POST', organisationUuid }),
    onSuccess: (print) => {
      client.setQueryData(keys.one(organisationUuid, id), print);
      return client.invalidateQueries({ queryKey: keys.all(organisationUuid) });
    },
  });
}
