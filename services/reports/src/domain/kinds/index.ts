import type { AnyReportKind } from '../report-kind';
import { caCandidatesReport } from './ca-candidates';
import { caHeadersReport } from './ca-headers';
import { caHoldingReport } from './ca-holding';
import { calculationFailuresReport } from './calculation-failures';
import { cgtRealisedReport } from './cgt-realised';
import { holdingReport } from './holding';
import { incomeReport } from './income-report';
import { opsTransactionsReport } from './ops-transactions';
import { reconciliationReport } from './reconciliation';
import { stockTransactionsReport } from './stock-transactions';

/** Every kind the REPORT job renders, by its seed 000 §3 name. */
export const REPORT_KIND_MODULES: ReadonlyMap<string, AnyReportKind> = new Map(
  [
    cgtRealisedReport,
    stockTransactionsReport,
    opsTransactionsReport,
    incomeReport,
    holdingReport,
    reconciliationReport,
    caHoldingReport,
    calculationFailuresReport,
    caHeadersReport,
    caCandidatesReport,
  ].map((k) => [k.kind, k]),
);

/** The kinds a batch print may send its clients: a client's reports, not the firm's. */
export const CLIENT_REPORT_KINDS: readonly string[] = [...REPORT_KIND_MODULES.values()]
  .filter((k) => k.scope !== 'firm')
  .map((k) => k.kind);
