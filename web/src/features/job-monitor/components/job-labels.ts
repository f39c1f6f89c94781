import { formatNumber } from '@/lib/format';
import type { Job } from '../api/jobs';

const STATUS_LABELS: Record<string, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  PARTIALLY_SUCCEEDED: 'Partially succeeded',
};

export const jobStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** "1,500 of 10,000 (15%)", or the count alone when the job does not know its total. */
export function progressText(job: Pick<Job, 'progressDone' | 'progressTotal'>): string {
  if (!job.progressTotal) return job.progressDone ? formatNumber(job.progressDone) : '';
  const percent = Math.floor((job.progressDone * 100) / job.progressTotal);
  return `${formatNumber(job.progressDone)} of ${formatNumber(job.progressTotal)} (${percent}%)`;
}
