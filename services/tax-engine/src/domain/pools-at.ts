import { assertMemberOrService, DOCUMENTS_SERVICE, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import type { LoadedLedger } from './run-calculation';
import { unreadableLedger, type ComputeLedgerFileDeps } from './compute-ledger-file';
import { requireUuid } from './calculations';

export interface PoolsAtDeps extends ComputeLedgerFileDeps {
  /** The client's ledger, loaded as the tax engine itself (scoped by the organisation; another firm's: NOT_FOUND). */
  loadLedger(organisationUuid: string, clientUuid: string): Promise<LoadedLedger>;
  toTaxpayer(t: LoadedLedger['taxpayer']): import('../engine').Taxpayer;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A client's pools at the end of a day: the engine on the ledger's rows traded up to it. The pools (section 104
 * and the gain classes' own) then stand as they did that evening, so a report's holdings and their CGT cost are
 * those of its date, not of today.
 */
export async function poolsAt(
  deps: PoolsAtDeps,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string; atDate: string },
): Promise<unknown[]> {
  // the reports service (holdings at a report's date) and the documents service (a corporate action's holders'
  // cost at the ex-date) read pools as themselves, besides the calculations' readers
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE, DOCUMENTS_SERVICE]);
  const clientUuid = requireUuid('clientUuid', req.clientUuid);
  if (!DATE.test(req.atDate) || Number.isNaN(Date.parse(`${req.atDate}T00:00:00Z`)))
    throw invalidArgument('atDate', 'atDate must be a date, YYYY-MM-DD');
  const loaded = await deps.loadLedger(req.organisationUuid, clientUuid);
  const { value } = await deps.compute(
    {
      ledgerCsv: loaded.ledgerCsv,
      pricesCsv: loaded.pricesCsv.trim() === 'security,price' ? undefined : loaded.pricesCsv,
      taxpayer: deps.toTaxpayer(loaded.taxpayer),
      annualExemptAmountsAdded: await deps.annualExemptAmountsAdded(),
      asAt: req.atDate,
      // the holdings are all a report reads: no disposal is carried back
      disposalsPage: { page: 1, pageSize: 1 },
    },
    { owner: { organisation: req.organisationUuid, user: caller.service ?? caller.userUuid } },
  );
  if (!value.ok) throw unreadableLedger(value.errors);
  const parsed = JSON.parse(value.json) as { computation: { holdings: unknown[] } };
  return parsed.computation.holdings;
}
