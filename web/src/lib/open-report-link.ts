import type { ReportLink } from '@gains/contracts';
import { apiRequest } from './api-client';

/**
 * POSTs a report call (seed 000 §7) and opens the answer's url, a short-lived signed link, in a new window. The
 * window is opened at the click, before the answer, so no popup blocker stops it, and closed again on failure.
 */
export async function openReportLink(path: string, organisationUuid: string, body: unknown): Promise<void> {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  try {
    const { url } = await apiRequest<ReportLink>(path, { method: 'POST', organisationUuid, body });
    if (opened) opened.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    opened?.close();
    throw error;
  }
}
