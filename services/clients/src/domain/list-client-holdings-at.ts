import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import type { ClientHoldingAt } from '@gains/contracts';
import { invalidArgument, notFound } from '@gains/errors';
import { dateProblem } from './date-rules';
import { deriveHolding } from './holding-rules';
import type { LedgerDeps } from './ledger-deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ClientHoldingAtView = ClientHoldingAt;

/**
 * A client's holdings at the end of a day for its Holdings report (issue 27): per portfolio it owns and security,
 * the quantity derived from the settled rows traded on or before the day (holding-rules.ts), those above 0 (and
 * with `includeNil` those at 0: held before the day, no longer). Members of the organisation, or the reports service's jobs scoped by the organisation named.
 */
export async function listClientHoldingsAt(
  deps: Pick<LedgerDeps, 'holders'>,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string; securityId: number; atDate: string; includeNil?: boolean },
): Promise<{ holdings: ClientHoldingAtView[] }> {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE]);
  if (!UUID.test(req.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  if (req.securityId < 0) throw invalidArgument('securityId', 'securityId must be a security id');
  const problem = dateProblem('atDate', req.atDate);
  if (problem) throw invalidArgument('atDate', problem);
  const clientUuid = req.clientUuid.toLowerCase();
  if (!(await deps.holders.hasClient(req.organisationUuid, clientUuid))) throw notFound('The client', 'clientUuid');
  const portfolios = await deps.holders.clientPortfolios(req.organisationUuid, clientUuid);
  const rows = await deps.holders.rowsAt(
    portfolios.map((p) => p.id),
    req.atDate,
  );
  const held: { portfolio: (typeof portfolios)[number]; securityId: number; quantity: string }[] = [];
  for (const portfolio of portfolios) {
    const list = rows.get(portfolio.id) ?? [];
    const ids = new Set(list.flatMap((r) => (r.newSecurityId ? [r.securityId, r.newSecurityId] : [r.securityId])));
    for (const securityId of ids) {
      if (req.securityId > 0 && securityId !== req.securityId) continue;
      const quantity = deriveHolding(securityId, list).quantity;
      const nil = !/[1-9]/.test(quantity);
      if (/^-/.test(quantity) || (nil && !req.includeNil)) continue;
      held.push({ portfolio, securityId, quantity });
    }
  }
  const securities = new Map(
    (await deps.holders.securities([...new Set(held.map((h) => h.securityId))])).map((s) => [s.id, s]),
  );
  const holdings = held.map(({ portfolio: p, securityId, quantity }) => {
    const s = securities.get(securityId);
    return {
      portfolioUuid: p.uuid,
      portfolioCode: p.code,
      portfolioName: p.name,
      taxWrapper: p.taxWrapper,
      percentage: p.percentage.includes('.') ? p.percentage.replace(/\.?0+$/, '') : p.percentage,
      securityId,
      sedol: s?.sedol ?? '',
      isin: s?.isin ?? '',
      securityName: s?.securityName ?? '',
      issuerName: s?.issuerName ?? '',
      cgtClass: s?.cgtClass ?? '',
      quantity,
    };
  });
  holdings.sort(
    (a, b) =>
      a.portfolioCode.localeCompare(b.portfolioCode) ||
      a.securityName.localeCompare(b.securityName) ||
      a.securityId - b.securityId,
  );
  return { holdings };
}
