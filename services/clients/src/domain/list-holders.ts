import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { assertLedgerWriterOrDocuments } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';
import { deriveHolding, periodMoves } from './holding-rules';
import { dateProblem } from './date-rules';
import { canonicalDecimal } from './decimal-rules';

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 2_000;

export interface HolderView {
  portfolioUuid: string;
  portfolioCode: string;
  portfolioName: string;
  taxWrapper: string;
  owners: { clientUuid: string; clientCode: string; clientName: string; percentage: string }[];
  quantity: string;
  cgtCost: string;
  price: string;
  /** with a period start (equalisation): held the day before it, and the acquisitions and disposals from it */
  heldAtPeriodStart: string;
  periodMoves: { tradeDate: string; quantity: string; ratio?: string }[];
  /** an owner traded the security on or after `beforeDate`: `cgtCost` (today's) is not the cost at that day */
  costMovedSince: boolean;
}

/**
 * A corporate action's holders (issue 26): the organisation's portfolios holding the security at the end of the
 * day before `beforeDate` (the ex-date: who holds then is entitled), each quantity derived from the settled rows
 * traded before that day (holding-rules.ts: splits, takeovers and all). A page of portfolios at a time, so a
 * security held by 20,000 portfolios is never read whole. Administrators only: it lists the firm's holders.
 */
export async function listHolders(
  deps: Pick<LedgerDeps, 'holders'>,
  caller: Caller,
  req: {
    organisationUuid: string;
    securityId: number;
    beforeDate: string;
    after: string;
    limit: number;
    periodStart?: string;
  },
): Promise<{ holders: HolderView[]; next: string; portfoliosTotal: number; securityCode: string }> {
  assertLedgerWriterOrDocuments(caller, req.organisationUuid);
  if (!Number.isInteger(req.securityId) || req.securityId <= 0)
    throw invalidArgument('securityId', 'securityId must be a whole number above 0');
  const problem = dateProblem('beforeDate', req.beforeDate);
  if (problem) throw invalidArgument('beforeDate', problem);
  const periodStart = req.periodStart ?? '';
  if (periodStart !== '') {
    const periodProblem = dateProblem('periodStart', periodStart);
    if (periodProblem) throw invalidArgument('periodStart', periodProblem);
    if (periodStart > req.beforeDate)
      throw invalidArgument('periodStart', 'periodStart must be on or before beforeDate');
  }
  if (req.after !== '' && !/^\d{1,10}$/.test(req.after))
    throw invalidArgument('after', 'after must be the cursor a previous page answered');
  const limit = req.limit || DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw invalidArgument('limit', `limit must be from 1 to ${MAX_LIMIT}`);
  const page = await deps.holders.portfolios(
    req.organisationUuid,
    req.securityId,
    Number(req.after || 0),
    limit,
    req.beforeDate,
  );
  const portfoliosTotal =
    req.after === '' ? await deps.holders.portfolioCount(req.organisationUuid, req.securityId) : 0;
  const rows = await deps.holders.rows(
    page.map((p) => p.id),
    req.securityId,
    req.beforeDate,
  );
  const security = await deps.holders.security(req.securityId);
  const price = security?.price ?? null;
  const holders: HolderView[] = [];
  for (const p of page) {
    const portfolioRows = rows.get(p.id) ?? [];
    const quantity = deriveHolding(req.securityId, portfolioRows).quantity;
    if (!/[1-9]/.test(quantity)) continue;
    // the period's moves come from the rows already read for the page: no further query per holder
    const period =
      periodStart === '' ? { heldAtStart: '', moves: [] } : periodMoves(req.securityId, portfolioRows, periodStart);
    holders.push({
      portfolioUuid: p.uuid,
      portfolioCode: p.code,
      portfolioName: p.name,
      taxWrapper: p.taxWrapper,
      owners: p.owners.map((o) => ({ ...o, percentage: canonicalDecimal(o.percentage) })),
      quantity,
      cgtCost: p.cgtCost ?? '',
      price: price === null ? '' : canonicalDecimal(price),
      heldAtPeriodStart: period.heldAtStart,
      periodMoves: period.moves,
      costMovedSince: p.costMovedSince,
    });
  }
  return {
    holders,
    next: page.length === limit ? String(page.at(-1)!.id) : '',
    portfoliosTotal,
    // as the ledger's export names it for the engine (export-client-ledger.ts)
    securityCode: security ? security.sedol || security.isin || `ID${req.securityId}` : '',
  };
}
