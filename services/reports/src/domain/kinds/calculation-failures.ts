import { csvText } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { ukDate, type GainsPdf } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportCalculationFailures } from '../report-sources';
import { assertPageRole } from '../report-rules';
import { safeName } from './stock-transactions';

/**
 * Calculation Failures (seed 000 §2.6; POST calculations/failures/report-csv {clientUuid, runId?}): the failures of
 * the client's latest stored calculation run (or the run named), as the tax engine stored them: security, date,
 * ledger row and message; a run that computed nothing has its own message as its one failure. For the
 * Calculations page's roles, as the calls table has the call.
 */

export interface CalculationFailuresParams {
  /** '' for the client's latest run */
  runId: string;
}

export type CalculationFailuresFigures = ReportCalculationFailures;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseFailuresParams(raw: Record<string, unknown>): CalculationFailuresParams {
  const runId = raw.runId ?? '';
  if (typeof runId !== 'string' || (runId !== '' && !UUID.test(runId)))
    throw invalidArgument('runId', 'runId must be a uuid (a run of the client), or left out for the latest');
  return { runId: runId.toLowerCase() };
}

export const FAILURES_CSV_COLUMNS = ['Client Code', 'Run', 'Security', 'Date', 'Ref', 'Message'];

export function failuresCsv(subject: ReportSubject, f: CalculationFailuresFigures): string {
  return csvText([
    FAILURES_CSV_COLUMNS,
    ...f.failures.map((x) => [subject.client.code, f.runId, x.security, x.date, x.ref, x.message]),
  ]);
}

export function failuresPdf(subject: ReportSubject, f: CalculationFailuresFigures): GainsPdf {
  const started = f.startedAt ? ukDate(f.startedAt.slice(0, 10)) : '-';
  return {
    firm: subject.firm,
    title: 'Calculation Failures',
    subtitle: `Calculation of ${started}`,
    client: subject.client,
    facts: [
      { label: 'Run', value: f.runId },
      { label: 'Status', value: f.status },
      { label: 'Failures', value: String(f.failures.length) },
    ],
    orientation: 'landscape',
    blocks:
      f.failures.length === 0
        ? [{ kind: 'paragraph', text: 'The calculation has no failures.' }]
        : [
            {
              kind: 'table',
              columns: [
                { title: 'Client' },
                { title: 'Security' },
                { title: 'Date' },
                { title: 'Ref' },
                { title: 'Message', width: '*' },
              ],
              rows: f.failures.map((x) => [
                subject.client.code,
                x.security || '-',
                ukDate(x.date),
                x.ref || '-',
                x.message,
              ]),
            },
          ],
  };
}

export const calculationFailuresReport: ReportKind<CalculationFailuresParams, CalculationFailuresFigures> = {
  kind: 'calculation-failures',
  authorise: (caller, organisationUuid) =>
    assertPageRole(caller, organisationUuid, 'Calculations', 'You do not have permission to see calculation failures'),
  formats: ['csv', 'pdf'],
  parse: parseFailuresParams,
  gather: (sources, subject, params) =>
    sources.calculationFailures(subject.organisationUuid, subject.client.uuid, params.runId),
  subject: (_params, f) => `Run ${f.runId}`,
  fileStem: (subject, _params, f) => `${safeName(subject.client.code)}-calculation-failures-${f.runId}`,
  pdf: (subject, _params, f) => failuresPdf(subject, f),
  csv: (subject, _params, f) => failuresCsv(subject, f),
};
