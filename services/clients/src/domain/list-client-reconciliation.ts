import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import type { ReconciliationLine } from '@gains/contracts';
import { invalidArgument, notFound } from '@gains/errors';
import { canonicalDecimal, compare, fromScaled, toScaled } from './decimal-rules';
import { deriveHolding } from './holding-rules';
import type { LedgerDeps } from './ledger-deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReconciliationLineView = ReconciliationLine;

/**
 * A client's Reconciliation (issue 27): the latest reconciled custodian file's holdings of the client's portfolios,
 * each against the ledger's quantity on the file's date (its settled rows traded on or before it, as the custodian
 * import reconciles them); breaks first. Members, or the reports service's jobs scoped by the organisation named.
 */
export async function listClientReconciliation(
  deps: Pick<LedgerDeps, 'holders' | 'custodianHoldings'>,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string; securityId: number },
): Promise<{ fileName: string; importedAt: string; lines: ReconciliationLineView[] }> {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE]);
  if (!UUID.test(req.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  if (req.securityId < 0) throw invalidArgument('securityId', 'securityId must be a security id');
  const clientUuid = req.clientUuid.toLowerCase();
  if (!(await deps.holders.hasClient(req.organisationUuid, clientUuid))) throw notFound('The client', 'clientUuid');
  const file = await deps.custodianHoldings?.(req.organisationUuid);
  if (!file) return { fileName: '', importedAt: '', lines: [] };
  const portfolios = await deps.holders.clientPortfolios(req.organisationUuid, clientUuid);
  const ids = new Set(portfolios.map((p) => p.id));
  const mine = file.holdings.filter(
    (h) => ids.has(h.portfolioId) && (req.securityId === 0 || h.securityId === req.securityId),
  );
  if (mine.length === 0) return { fileName: file.fileName, importedAt: file.importedAt, lines: [] };
  const latest = mine.reduce((d, h) => (h.date > d ? h.date : d), mine[0]!.date);
  const rows = await deps.holders.rowsAt([...new Set(mine.map((h) => h.portfolioId))], latest);
  const securities = new Map(
    (await deps.holders.securities([...new Set(mine.map((h) => h.securityId))])).map((s) => [s.id, s]),
  );
  const lines = mine.map((h) => {
    const ledgerQuantity = canonicalDecimal(
      deriveHolding(
        h.securityId,
        (rows.get(h.portfolioId) ?? []).filter((r) => r.tradeDate <= h.date),
      ).quantity,
    );
    const s = securities.get(h.securityId);
    return {
      portfolioCode: h.portfolioCode,
      securityId: h.securityId,
      sedol: s?.sedol ?? '',
      isin: s?.isin ?? '',
      securityName: s?.securityName ?? h.securityCode,
      asAt: h.date,
      custodianQuantity: h.quantity,
      ledgerQuantity,
      difference: canonicalDecimal(fromScaled(toScaled(h.quantity, 8) - toScaled(ledgerQuantity, 8), 8)),
      break: compare(h.quantity, ledgerQuantity) !== 0,
    };
  });
  lines.sort(
    (a, b) =>
      Number(b.break) - Number(a.break) ||
      a.portfolioCode.localeCompare(b.portfolioCode) ||
      a.securityName.localeCompare(b.securityName) ||
      a.asAt.localeCompare(b.asAt),
  );
  return { fileName: file.fileName, importedAt: file.importedAt, lines };
}
