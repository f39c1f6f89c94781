import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { dateProblem } from './date-rules';
import { canonicalDecimal } from './decimal-rules';
import { deriveHolding } from './holding-rules';
import { assertLedgerWriterOrDocuments } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PortfolioHoldingAtView {
  securityId: number;
  quantity: string;
  cgtCost: string;
  price: string;
  quantityDecimalPlaces: number;
  /** when the portfolio first acquired the security, "" when no row says */
  firstAcquiredDate: string;
  sedol: string;
  isin: string;
}

const ACQUISITIONS = new Set(['BUY', 'TRANSFER_IN', 'SPOUSE_IN']);

/**
 * The earliest date the portfolio acquired `securityId` on its rows: a buy's or spouse transfer's trade date, a
 * transfer in's original acquisition date (else its trade date). A portfolio movement's transfer at cost carries it
 * as the in row's original acquisition date (services/documents/src/domain/movement-previews.ts).
 */
export function firstAcquiredDate(
  securityId: number,
  rows: readonly { securityId: number; effect: string; tradeDate: string; acquired?: string | null }[],
): string {
  let first = '';
  for (const r of rows) {
    if (r.securityId !== securityId || !ACQUISITIONS.has(r.effect)) continue;
    const date = (r.effect === 'TRANSFER_IN' && r.acquired) || r.tradeDate;
    if (first === '' || date < first) first = date;
  }
  return first;
}

/**
 * A portfolio movement's out portfolio (issue 26): what the organisation's portfolio holds of every security at the
 * end of the trade date, each quantity derived from its settled rows (holding-rules.ts), with the holding's CGT cost
 * and the security's price as they stand now, and the date the portfolio first acquired it. Administrators, or the documents service scoped by organisation.
 */
export async function listPortfolioHoldingsAt(
  deps: Pick<LedgerDeps, 'holders'>,
  caller: Caller,
  req: { organisationUuid: string; portfolioUuid: string; atDate: string },
): Promise<{ holdings: PortfolioHoldingAtView[] }> {
  assertLedgerWriterOrDocuments(caller, req.organisationUuid);
  if (!UUID.test(req.portfolioUuid)) throw invalidArgument('portfolioUuid', 'portfolioUuid must be a uuid');
  const problem = dateProblem('atDate', req.atDate);
  if (problem) throw invalidArgument('atDate', problem);
  const id = await deps.holders.portfolioId(req.organisationUuid, req.portfolioUuid.toLowerCase());
  if (id === null) throw notFound('The portfolio', 'portfolioUuid');
  const { rows, securities } = await deps.holders.portfolioRows(id, req.atDate);
  const holdings: PortfolioHoldingAtView[] = [];
  for (const s of securities) {
    const quantity = deriveHolding(s.id, rows).quantity;
    if (!/[1-9]/.test(quantity)) continue;
    holdings.push({
      securityId: s.id,
      quantity,
      cgtCost: s.cgtCost === null ? '' : canonicalDecimal(s.cgtCost),
      price: s.price === null ? '' : canonicalDecimal(s.price),
      quantityDecimalPlaces: s.places,
      firstAcquiredDate: firstAcquiredDate(s.id, rows),
      sedol: s.sedol,
      isin: s.isin,
    });
  }
  return { holdings };
}
