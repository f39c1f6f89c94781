import type { IncomeDiaryStore } from '../store/income-diary-store';
import type { HolderSource } from './create-candidates';
import { addDays, INCOME_PENDING_DAYS } from './income-diary-rules';

export interface IncomePendingDeps {
  diaries: Pick<IncomeDiaryStore, 'payingSecurities' | 'clientsWithUnpostedIncome'>;
  holders: HolderSource['holders'];
  /** Tells the clients service the organisation's clients with income pending (the rest are not). */
  setPending(organisationUuid: string, clientUuids: string[]): Promise<void>;
  today(): string;
}

/**
 * The clients grid's 'Income Pending' for one organisation: a client is pending who holds (at the end of today) a
 * security of an active diary paying within the coming INCOME_PENDING_DAYS, or who has a candidate of an income
 * header not yet posted (PENDING or EDIT). Worked out whole each time and sent whole, so it is right whatever
 * changed: a diary saved or run, candidates found, transactions created, a header reversed or deleted.
 */
export async function refreshIncomePending(deps: IncomePendingDeps, organisationUuid: string): Promise<number> {
  const today = deps.today();
  const pending = new Set(await deps.diaries.clientsWithUnpostedIncome(organisationUuid));
  const tomorrow = addDays(today, 1);
  for (const securityId of await deps.diaries.payingSecurities(
    organisationUuid,
    today,
    addDays(today, INCOME_PENDING_DAYS),
  )) {
    let after = '';
    do {
      const page = await deps.holders(organisationUuid, securityId, tomorrow, after, 2_000);
      for (const h of page.holders) for (const o of h.owners) pending.add(o.clientUuid.toLowerCase());
      after = page.next;
    } while (after !== '');
  }
  await deps.setPending(organisationUuid, [...pending].sort());
  return pending.size;
}
