import { invalidArgument } from '@gains/errors';
import { renderPdf } from '@gains/pdf';
import type { StoredReport } from '../store/report-store';
import { keepReport, type ReportDeps } from './keep-report';
import type { AnyReportKind, FirmSubject, ReportFormat, ReportSubject } from './report-kind';
import type { ReportSources } from './report-sources';
import { DELIVERIES, requireUuid } from './report-rules';

export interface GenerateDeps extends ReportDeps {
  sources: ReportSources;
  kinds: ReadonlyMap<string, AnyReportKind>;
}

export interface GenerateReportInput {
  organisationUuid: string;
  /** '' for a firm report */
  clientUuid: string;
  kind: string;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  /** a batch print's uuid (generation 2), null for a singular report */
  batchId: string | null;
  /** seed 000 §3 delivery preference; "" for a singular report (downloaded) */
  delivery: string;
  requestedBy: { userUuid: string; name: string };
}

/** A kind and its parameters, checked: the request is refused naming the field before any work is queued. */
export function checkReportRequest(
  kinds: ReadonlyMap<string, AnyReportKind>,
  req: { kind: string; format: string; parameters: Record<string, unknown> },
): { kind: AnyReportKind; format: ReportFormat; params: unknown } {
  const kind = kinds.get(req.kind);
  if (!kind) throw invalidArgument('kind', `kind must be one of ${[...kinds.keys()].join(', ')}`);
  if (!(kind.formats as readonly string[]).includes(req.format))
    throw invalidArgument('format', `format must be ${kind.formats.join(' or ')} for a ${req.kind} report`);
  return { kind, format: req.format as ReportFormat, params: kind.parse(req.parameters) };
}

/** A client report's client (a uuid, required); a firm report has none (null). */
export function reportClient(kind: AnyReportKind, clientUuid: string): string | null {
  if (kind.scope !== 'firm') return requireUuid('clientUuid', clientUuid);
  if (clientUuid)
    throw invalidArgument('clientUuid', `clientUuid must be left out: a ${kind.kind} report is the firm's`);
  return null;
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 110);

/**
 * Renders one report of a client from the services' figures and keeps it (file store + the client's reports list):
 * the firm and client read first, the kind's figures, then the PDF or CSV. A firm report reads the firm alone and
 * is kept in no client's list. A REPORT job names itself (`jobUuid`),
 * so a job run again after a crash finds its report rather than making a second.
 */
export async function generateReport(
  deps: GenerateDeps,
  input: GenerateReportInput,
  jobUuid: string | null = null,
): Promise<StoredReport> {
  const org = input.organisationUuid;
  if (jobUuid) {
    const made = await deps.reports.findByJob(org, jobUuid);
    if (made) return made;
  }
  const { kind, format, params } = checkReportRequest(deps.kinds, input);
  const clientUuid = reportClient(kind, input.clientUuid);
  const batchId = input.batchId ? requireUuid('batchId', input.batchId) : null;
  // a batch's report goes out by each of the client's preferences: "PRINTED" or "ELECTRONIC,PORTAL"
  if (input.delivery && !input.delivery.split(',').every((d) => d && (DELIVERIES as readonly string[]).includes(d)))
    throw invalidArgument('delivery', 'delivery must be ELECTRONIC, PAPERLESS, PRINTED or PORTAL, comma-separated');
  const [firm, client] = await Promise.all([
    deps.sources.organisationName(org),
    clientUuid === null ? null : deps.sources.client(org, clientUuid),
  ]);
  const subject: ReportSubject | FirmSubject = client
    ? { organisationUuid: org, firm, client }
    : { organisationUuid: org, firm };
  const figures: unknown = await kind.gather(deps.sources, subject, params);
  const content =
    format === 'pdf'
      ? new Uint8Array(await renderPdf(kind.pdf!(subject, params, figures)))
      : new TextEncoder().encode(kind.csv(subject, params, figures));
  return keepReport(
    deps,
    org,
    {
      clientUuid,
      kind: kind.kind,
      subject: kind.subject(params, figures).slice(0, 100),
      fileName: `${safe(kind.fileStem(subject, params, figures))}.${format}`,
      contentType: format === 'pdf' ? 'application/pdf' : 'text/plain',
      content,
      batchId,
      delivery: input.delivery,
    },
    input.requestedBy,
    jobUuid,
  );
}
