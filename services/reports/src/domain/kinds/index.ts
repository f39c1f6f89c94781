import type { AnyReportKind } from '../report-kind';
import { caHoldingReport } from './ca-holding';
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
  ].map((k) => [k.kind, k]),
);
