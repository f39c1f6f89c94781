import { isSuperAdmin } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';

/** An annual exempt amount a provider admin set for a tax year after the statutory ones in reference-data/. */
export interface AddedAnnualExemptAmount {
  taxYear: string;
  /** Individuals', GBP to the penny ("3000.00"). */
  amount: string;
  setBy: string;
  /** ISO instant. */
  setAt: string;
}

export interface AnnualExemptAmountStore {
  /** Each added year's newest amount, in year order. */
  list(): Promise<AddedAnnualExemptAmount[]>;
  add(change: { taxYear: string; amount: string; actorUuid: string; actorName: string }): Promise<void>;
}

/** An amount no tax year has come near (£12,300 is the highest so far), to catch a slip of the keyboard. */
const MAX_AMOUNT = 1_000_000;

const startYear = (label: string) => Number(label.slice(0, 4));
const labelOf = (year: number) => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/**
 * The year and amount a provider admin may set, or the field and rule it breaks. The statutory years (the
 * files) are law and stay as they are; a new year is the next after the last held, so no year is skipped
 * (a year not held takes the last amount before it, as the engine does); an added year may be set again.
 */
export function annualExemptAmountProblem(
  input: { taxYear: string; amount: string },
  statutory: readonly string[],
  added: readonly string[],
): { field: 'taxYear' | 'amount'; message: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(input.taxYear);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2]))
    return { field: 'taxYear', message: 'taxYear must be a tax year written like 2027-28' };
  if (statutory.includes(input.taxYear))
    return {
      field: 'taxYear',
      message: `taxYear ${input.taxYear} has its statutory amount in the engine's reference data; it cannot be changed here`,
    };
  const last = Math.max(...statutory.map(startYear), ...added.map(startYear));
  if (!added.includes(input.taxYear) && startYear(input.taxYear) !== last + 1)
    return {
      field: 'taxYear',
      message: `taxYear must be the next tax year after the last held (${labelOf(last + 1)})`,
    };
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(input.amount))
    return { field: 'amount', message: 'amount must be pounds and pence, e.g. 3000 or 3000.00' };
  if (Number(input.amount) > MAX_AMOUNT)
    return { field: 'amount', message: `amount must be at most £${MAX_AMOUNT.toLocaleString('en-GB')}` };
  return null;
}

/** Sets a later tax year's amount: a provider admin only, acting in an organisation they may act for. */
export async function setAnnualExemptAmount(
  store: AnnualExemptAmountStore,
  statutory: readonly string[],
  caller: Caller,
  input: { organisationUuid: string; taxYear: string; amount: string },
): Promise<void> {
  assertMember(caller, input.organisationUuid);
  if (!isSuperAdmin(caller.roles))
    throw permissionDenied('Only a provider administrator may set an annual exempt amount');
  const taxYear = input.taxYear.trim();
  const amount = input.amount.trim().replace(/,/g, '');
  const added = (await store.list()).map((a) => a.taxYear);
  const problem = annualExemptAmountProblem({ taxYear, amount }, statutory, added);
  if (problem) throw invalidArgument(problem.field, problem.message);
  await store.add({ taxYear, amount, actorUuid: caller.userUuid, actorName: caller.name || caller.email });
}
