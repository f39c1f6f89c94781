import { canUseRoute, firstRole, type RouteName } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';

/** Seed 000 §3 report kinds. */
export const REPORT_KINDS = [
  'cgt-realised',
  'holding',
  'ca-holding',
  'reconciliation',
  'stock-transactions',
  'ops-transactions',
  'income-report',
  'ca-candidates',
  'ca-headers',
  'calculation-failures',
] as const;
export const REPORT_CONTENT_TYPES = ['application/pdf', 'text/plain'] as const;
/** Seed 000 §3 client delivery preferences; "" for a singular report, which is downloaded. */
export const DELIVERIES = ['', 'ELECTRONIC', 'PAPERLESS', 'PRINTED', 'PORTAL'] as const;
/** Reports are files a firm sends clients, not imports: a few MB at most. */
export const MAX_REPORT_BYTES = 32 * 1024 * 1024;

/** Any member of the organisation may ask for, list and download its reports (seed 000 §6: every role). */
export function assertReportMember(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}

/**
 * A report serving a page the calls table keeps to some roles (Calculations, Corporate Actions) is asked for and
 * opened only by a member whose first role the page takes: the same rule as the BFF's and the data's own service.
 */
export function assertPageRole(caller: Caller, organisationUuid: string, page: RouteName, message: string): void {
  assertMember(caller, organisationUuid);
  if (!canUseRoute(caller.roles, page)) throw permissionDenied(message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(field: string, value: string): string {
  if (!UUID.test(value)) throw invalidArgument(field, `${field} must be a uuid`);
  return value.toLowerCase();
}

export interface NewReport {
  /** null: a firm report (the organisation's, in no client's list) */
  clientUuid: string | null;
  kind: string;
  subject: string;
  fileName: string;
  contentType: string;
  content: Uint8Array;
  batchId: string | null;
  delivery: string;
}

/** A report as asked for: every field checked, named when wrong, before anything is written. */
export function parseNewReport(req: {
  clientUuid: string;
  kind: string;
  subject: string;
  fileName: string;
  contentType: string;
  content: Uint8Array;
  batchId: string;
  delivery: string;
}): NewReport {
  const clientUuid = requireUuid('clientUuid', req.clientUuid);
  if (!(REPORT_KINDS as readonly string[]).includes(req.kind))
    throw invalidArgument('kind', `kind must be one of ${REPORT_KINDS.join(', ')}`);
  if (req.subject.length > 100) throw invalidArgument('subject', 'subject must be at most 100 characters');
  if (!/^[A-Za-z0-9._-]{1,120}$/.test(req.fileName))
    throw invalidArgument('fileName', 'fileName must be 1 to 120 letters, digits, dots, dashes or underscores');
  if (!(REPORT_CONTENT_TYPES as readonly string[]).includes(req.contentType))
    throw invalidArgument('contentType', 'contentType must be application/pdf or text/plain');
  if (req.content.length === 0) throw invalidArgument('content', 'content is required');
  if (req.content.length > MAX_REPORT_BYTES) throw invalidArgument('content', 'content must be at most 32 MB');
  const batchId = req.batchId ? requireUuid('batchId', req.batchId) : null;
  if (!(DELIVERIES as readonly string[]).includes(req.delivery))
    throw invalidArgument('delivery', 'delivery must be ELECTRONIC, PAPERLESS, PRINTED, PORTAL or empty');
  return { ...req, clientUuid, batchId };
}
