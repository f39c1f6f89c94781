import type { Context } from 'hono';
import type { Caller } from '@gains/auth';
import { tokenExpiry } from '@gains/download-links';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from '@gains/errors';
import type { BffEnv } from '../deps';
import { asCaller } from '../middleware/authenticate';

/**
 * A report asked for through the reports service (its REPORT job renders and keeps it), waited for here so the
 * call answers `{url}` as seed 000 §7 has it: a short-lived signed link to GET reports/download/{token}
 * (document-reports.ts), which reads the kept file back as the same user.
 */

type Ctx = Context<BffEnv>;

/** The kind a kept report's link carries; its one parameter is the report's uuid. */
export const STORED_REPORT_LINK = 'stored-report';

/** How long a call waits for its report (a client never computed is worked out first, up to 30 s). */
const REPORT_WAIT_MS = 60_000;

/** A signed link to a kept report, acting as the caller when it is opened. */
export function linkToReport(c: Ctx, reportUuid: string): string {
  const caller: Caller = c.var.caller;
  const token = c.var.deps.downloadLinks.sign({
    organisationUuid: c.var.organisationUuid,
    userUuid: caller.userUuid,
    kind: STORED_REPORT_LINK,
    parameters: { reportUuid },
    bearer: caller.token,
    // never outliving the access token sealed in it
    expiresAt: tokenExpiry(caller.token),
  });
  return `/api/reports/download/${token}`;
}

const codeOf = (code: string): DomainErrorCode =>
  (DOMAIN_ERROR_CODES as readonly string[]).includes(code) ? (code as DomainErrorCode) : 'FAILED_PRECONDITION';

/** Asks for the report, waits for its job, and answers the link to it (or the job's refusal, naming the field). */
export async function requestReportLink(
  c: Ctx,
  req: { clientUuid: string; kind: string; format: 'pdf' | 'csv'; parameters: Record<string, unknown> },
): Promise<string> {
  const organisationUuid = c.var.organisationUuid;
  const { jobUuid } = await c.var.deps.reports.requestReport(
    {
      organisationUuid,
      clientUuid: req.clientUuid,
      kind: req.kind,
      format: req.format,
      parametersJson: JSON.stringify(req.parameters),
    },
    asCaller(c),
  );
  for (let wait = 50, until = Date.now() + REPORT_WAIT_MS; ; wait = Math.min(wait * 2, 500)) {
    const state = await c.var.deps.reports.getReportRequest({ organisationUuid, jobUuid }, asCaller(c));
    if (state.status === 'SUCCEEDED' && state.report) return linkToReport(c, state.report.uuid);
    if (state.status === 'FAILED' || state.status === 'CANCELLED') {
      if (state.code === 'INTERNAL') throw new Error(`report job ${jobUuid} failed: ${state.message}`);
      throw new DomainError(codeOf(state.code), state.message, state.field || undefined);
    }
    if (Date.now() > until)
      throw new DomainError(
        'DEADLINE_EXCEEDED',
        'The report is taking longer than expected: it will be in the client’s reports list once made',
      );
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
