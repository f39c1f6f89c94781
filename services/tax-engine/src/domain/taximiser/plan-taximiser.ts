import { assertMember, type Caller } from '@gains/auth';
import { DomainError } from '@gains/errors';
import type { taxEngine } from '@gains/proto';
import type { ReferenceData, Taxpayer } from '../../engine';
import { taxYearLabelOf } from '../calculation-figures';
import type { ComputeLedgerFileDeps } from '../compute-ledger-file';
import { currentYearAllowances } from '../current-year-allowances';
import type { LoadedLedger } from '../run-calculation';
import type { TaximiserPlan } from './plan-on-ledger';
import { checkPlanRequest, type PlanRequestFields } from './plan-request';

export interface PlanTaximiserDeps {
  compute: ComputeLedgerFileDeps['compute'];
  /** The client's ledger with what a plan shows (portfolios' shares, securities' classes and codes). */
  loadLedger(organisationUuid: string, clientUuid: string): Promise<LoadedLedger>;
  annualExemptAmountsAdded(): Promise<Record<string, string>>;
  referenceData(): ReferenceData;
  toTaxpayer(t: taxEngine.Taxpayer): Taxpayer;
  /** London's date, YYYY-MM-DD: the day the proposed sales are dated. */
  today(): string;
}

/**
 * A Taximiser plan (issue 25): any member of the organisation may plan (every role, seed 000 §6). The request is
 * checked first; the client's ledger is loaded (a client of another organisation is not found there); the plan is
 * made and computed on a compute worker in the caller's turn, and nothing is stored.
 */
export async function planTaximiser(
  deps: PlanTaximiserDeps,
  caller: Caller,
  request: PlanRequestFields & { organisationUuid: string },
): Promise<TaximiserPlan> {
  assertMember(caller, request.organisationUuid);
  const { clientUuid, order } = checkPlanRequest(request);
  const organisationUuid = request.organisationUuid.toLowerCase();
  const [loaded, added] = await Promise.all([
    deps.loadLedger(organisationUuid, clientUuid),
    deps.annualExemptAmountsAdded(),
  ]);
  const today = deps.today();
  const taxpayer = deps.toTaxpayer(loaded.taxpayer);
  const allowances = currentYearAllowances(taxpayer, taxYearLabelOf(today), deps.referenceData(), added);
  const { value } = await deps.compute(
    {
      ledgerCsv: loaded.ledgerCsv,
      pricesCsv: loaded.pricesCsv.trim() === 'security,price' ? undefined : loaded.pricesCsv,
      taxpayer,
      annualExemptAmountsAdded: added,
      taximiser: { context: loaded.context, order, today, allowances },
    },
    { owner: { organisation: organisationUuid, user: caller.userUuid } },
  );
  if (!value.ok) {
    const first = value.errors[0];
    throw new DomainError(
      'FAILED_PRECONDITION',
      `The client’s ledger could not be read${first ? `: line ${first.line}, ${first.column}: ${first.message}` : ''}`,
      'clientUuid',
    );
  }
  if (value.refused) throw new DomainError(value.refused.code, value.refused.message, value.refused.field || undefined);
  return JSON.parse(value.json) as TaximiserPlan;
}
