import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { assertDocumentsUserOrReports } from './access';
import type { DocumentsDeps } from './deps';
import { checkedHeaderFilter, type HeaderFilterRequest } from './read-headers';

/** A report's request: the search's filters, where the previous page ended, and how many rows a page. */
type ExportRequest = HeaderFilterRequest & { cursor: string; limit: number };

/** Pages of at most a thousand rows keep the BFF's memory and each query bounded, however big the report. */
const MAX_LIMIT = 1000;

function checkedLimit(limit: number): number {
  if (limit === 0) return 500;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw invalidArgument('limit', `limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return limit;
}

/** The cursor is ours, opaque to callers: base64url JSON of the last row's sort key. */
const encode = (position: object) => Buffer.from(JSON.stringify(position)).toString('base64url');
function decode<T>(cursor: string, valid: (v: unknown) => v is T): T | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // falls through to the refusal below
  }
  throw invalidArgument('cursor', 'cursor must be the next_cursor of the previous page');
}
const isHeaderPosition = (v: unknown): v is { h: number } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { h: unknown }).h);
const isCandidatePosition = (v: unknown): v is { h: number; p: string; i: number } =>
  isHeaderPosition(v) &&
  typeof (v as unknown as { p: unknown }).p === 'string' &&
  Number.isInteger((v as unknown as { i: unknown }).i);

/**
 * The CA Headers report's rows (seed 001 §7): every header of the organisation the search's filters find, with its
 * counts, a page at a time; the organisation's ADMIN and CUSTOMER_ADMIN (and super admins), or the reports
 * service's REPORT job that writes the report (RequestReport checked the user's roles).
 */
export async function exportHeaders(
  deps: Pick<DocumentsDeps, 'headers' | 'organisationName'>,
  caller: Caller,
  req: ExportRequest,
) {
  const filter = checkedHeaderFilter(caller, req, assertDocumentsUserOrReports);
  const limit = checkedLimit(req.limit);
  const after = decode(req.cursor, isHeaderPosition);
  const orgName = await deps.organisationName(caller, req.organisationUuid);
  const page = await deps.headers.exportPage(req.organisationUuid, filter, after?.h ?? 0, limit, orgName);
  return { content: page.content, nextCursor: page.lastId === null ? '' : encode({ h: page.lastId }) };
}

/**
 * The CA Candidates report's rows (the same callers): every candidate of the headers the filters find, by header
 * then portfolio, each with its header's code, type and security.
 */
export async function exportCandidates(deps: Pick<DocumentsDeps, 'rows'>, caller: Caller, req: ExportRequest) {
  const filter = checkedHeaderFilter(caller, req, assertDocumentsUserOrReports);
  const limit = checkedLimit(req.limit);
  const after = decode(req.cursor, isCandidatePosition);
  const page = await deps.rows.exportCandidates(
    req.organisationUuid,
    filter,
    after && { headerId: after.h, portfolioCode: after.p, id: after.i },
    limit,
  );
  return {
    content: page.content,
    nextCursor: page.last ? encode({ h: page.last.headerId, p: page.last.portfolioCode, i: page.last.id }) : '',
  };
}
