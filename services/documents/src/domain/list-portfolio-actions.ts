import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { sharesForRatio } from './candidate-previews';
import type { DocumentsDeps } from './deps';

/** A report reads a client's portfolios in one call; a client has far fewer, and each call stays one bounded query. */
export const MAX_PORTFOLIOS = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ListPortfolioActionsRequest {
  organisationUuid: string;
  portfolioUuids: string[];
  atDate: string;
  securityId: number;
}

/**
 * The Holdings (CA) report's read (seed 000 §2.6): the organisation's corporate actions on the portfolios named,
 * ex-date on or before the day. Any member of the organisation reads it (the report is any member's), and so does
 * the reports service with its own token for the organisation it names; every other service's token is refused.
 * A split, consolidation or bonus issue proposes the shares its ratio gives the holding at the ex-date.
 */
export async function listPortfolioActions(
  deps: Pick<DocumentsDeps, 'rows'>,
  caller: Caller,
  req: ListPortfolioActionsRequest,
) {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE]);
  // a service names any organisation: a malformed one is refused before it reaches the query
  if (!UUID.test(req.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  const portfolios = [...new Set(req.portfolioUuids)];
  if (portfolios.length === 0) throw invalidArgument('portfolioUuids', 'portfolioUuids must name a portfolio');
  if (portfolios.length > MAX_PORTFOLIOS)
    throw invalidArgument('portfolioUuids', `portfolioUuids may name at most ${MAX_PORTFOLIOS} portfolios`);
  if (!portfolios.every((p) => UUID.test(p)))
    throw invalidArgument('portfolioUuids', 'portfolioUuids must be portfolio uuids');
  if (!DAY.test(req.atDate) || Number.isNaN(Date.parse(`${req.atDate}T00:00:00Z`)))
    throw invalidArgument('atDate', 'atDate must be a date as YYYY-MM-DD');
  if (!Number.isInteger(req.securityId) || req.securityId < 0)
    throw invalidArgument('securityId', 'securityId must be 0 or a security id');
  const rows = await deps.rows.portfolioActions(req.organisationUuid, portfolios, req.atDate, req.securityId);
  return rows.map(({ decimalPlaces, ...row }) =>
    row.proposedQuantity === '' && row.ratio !== ''
      ? { ...row, proposedQuantity: sharesForRatio(row.holdingQuantity, row.ratio, decimalPlaces) }
      : row,
  );
}
