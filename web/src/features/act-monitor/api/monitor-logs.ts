import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A monitor log as GET /admin/mmt answers it (seed 000 §3). */
export interface MonitorLog {
  uuid: string;
  jobUUID: string;
  jobType: string;
  createdDate: string;
  /** 1 Low, 2 Medium, 3 High, 4 Urgent */
  errorSeverityId: number;
  errorOccurrences: number;
  warningType: string;
  portfolioOccurrences: number;
  securitiesOccurrences: number;
  clientOccurrences: number;
  /** resolution status: 1 Pending, 2 Assigned, 3 In progress, 4 Closed, 5 Resolved */
  mmtStatusId: number;
  errorCode: string;
  logMessage: string;
  warningMessage: string;
  notes: string;
  userName: string;
  portfolioCode: string;
  securityCode: string;
  clientCode: string;
  version: number;
}

export const SEVERITIES: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Urgent' };
export const RESOLUTION_STATUSES: Record<number, string> = {
  1: 'Pending',
  2: 'Assigned',
  3: 'In progress',
  4: 'Closed',
  5: 'Resolved',
};

export interface MonitorLogsQuery {
  organisationUuid: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  /** 0 for every severity */
  errorSeverity: number;
}

const keys = {
  all: ['monitor-logs'] as const,
  list: (q: MonitorLogsQuery) => [...keys.all, q] as const,
};

/** GET /admin/mmt: the monitor logs raised between two days, of one severity or all. */
export function useMonitorLogs(q: MonitorLogsQuery) {
  return useQuery({
    queryKey: keys.list(q),
    queryFn: ({ signal }) =>
      apiRequest<MonitorLog[]>('/admin/mmt', {
        organisationUuid: q.organisationUuid,
        signal,
        query: { from: q.from, to: q.to, errorSeverity: q.errorSeverity || undefined },
      }),
    meta: { errorToast: false },
  });
}

/** POST /admin/mmt/{logUuid}: a log's resolution status and notes, at the version read. */
export function useUpdateMonitorLog(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { uuid: string; status: number | undefined; notes: string; version: number }) =>
      apiRequest<MonitorLog>(`/admin/mmt/${encodeURIComponent(v.uuid)}`, {
        method: 'POST',
        organisationUuid,
        body: { status: v.status ?? null, notes: v.notes, version: v.version },
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
