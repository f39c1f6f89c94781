import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { dateProblem } from './date-rules';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { isTransactionState } from './transaction-states';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The cursor: the last row's date and id, "2025-04-06.1234". */
const CURSOR = /^(\d{4}-\d{2}-\d{2})\.(\d{1,19})$/;
const MAX_LIMIT = 5000;

export interface ListClientTransactionsInput {
  organisationUuid: string;
  clientUuid: string;
  securityId: number;
  startDate: string;
  endDate: string;
  incomeOnly: boolean;
  states: string[];
  after: string;
  limit: number;
}

/**
 * A client's ledger rows for its reports (issue 27): every portfolio it owns, dated in the period, a page at a time
 * in date order. Members of the organisation, or the reports service's jobs scoped by the organisation named.
 */
export async function listClientTransactions(
  deps: Pick<LedgerDeps, 'ledger'>,
  caller: Caller,
  req: ListClientTransactionsInput,
): Promise<{ transactions: TransactionRecord[]; next: string }> {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE]);
  if (!UUID.test(req.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  if (req.securityId < 0) throw invalidArgument('securityId', 'securityId must be a security id');
  for (const field of ['startDate', 'endDate'] as const) {
    const problem = dateProblem(field, req[field]);
    if (problem) throw invalidArgument(field, problem);
  }
  if (req.endDate < req.startDate) throw invalidArgument('endDate', 'endDate cannot be before startDate');
  const states = req.states.map((s) => s.trim().toUpperCase());
  if (states.some((s) => !isTransactionState(s)))
    throw invalidArgument('states', 'states must be PENDING, SETTLED, CANCELLED or REVERSED');
  const cursor = req.after === '' ? null : CURSOR.exec(req.after);
  if (req.after !== '' && cursor === null) throw invalidArgument('after', 'after must be the next of the page before');
  if (req.limit < 0 || req.limit > MAX_LIMIT) throw invalidArgument('limit', `limit must be 1 to ${MAX_LIMIT}`);

  const clientId = await deps.ledger.clientId(req.organisationUuid, req.clientUuid.toLowerCase());
  if (clientId === null) throw notFound('The client', 'clientUuid');
  const page = await deps.ledger.pageForClient({
    organisationUuid: req.organisationUuid,
    clientId,
    securityId: req.securityId,
    startDate: req.startDate,
    endDate: req.endDate,
    incomeOnly: req.incomeOnly,
    states,
    after: cursor ? { date: cursor[1]!, id: cursor[2]! } : null,
    limit: req.limit || 1000,
  });
  return { transactions: page.content, next: page.last ? `${page.last.date}.${page.last.id}` : '' };
}
