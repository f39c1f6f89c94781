/**
 * A row of the client area's reports list (seed 000 §2.5, §3 report row), GET /clients/{clientUuid}/reports.
 * `report` is a short-lived signed link to the file, opened in a new window.
 */
export interface ClientReport {
  uuid: string;
  /** when it was generated, ISO-8601 UTC */
  reportDate: string;
  /** seed 000 §3 report kind: cgt-realised, holding, ... */
  reportType: string;
  /** what it speaks for, e.g. the tax year "2024-25" */
  subject: string;
  /** 1 singular, 2 a batch print's */
  generation: number;
  batchId: string | null;
  user: string;
  versionControl: number;
  report: string;
  fileName: string;
  /** application/pdf or text/plain */
  contentType: string;
  /** ELECTRONIC, PAPERLESS, PRINTED, PORTAL; "" when downloaded */
  delivery: string;
}
