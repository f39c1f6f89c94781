import type { CallOptions, Client } from '@connectrpc/connect';
import type { ledger, securities } from '@gains/proto';
import type { LedgerReportSources, PriceReportSources, ReportPrice, ReportTransaction } from '../domain/report-sources';

/** Rows a ListClientTransactions page carries: a 10,000-row client is read in two. */
const ROWS_PAGE = 5000;

function rowOf(t: ledger.Transaction): ReportTransaction {
  return {
    uuid: t.uuid,
    portfolioCode: t.portfolioCode,
    securityId: t.securityId,
    sedol: t.sedol,
    isin: t.isin,
    securityName: t.securityName,
    transactionCode: t.transactionCode,
    type: t.transactionType?.type ?? '',
    typeDescription: t.transactionType?.typeDescription ?? '',
    state: t.transactionState?.state ?? '',
    tradeDate: t.tradeDate,
    reportDate: t.reportDate,
    exDate: t.exDate ?? null,
    payDate: t.payDate ?? null,
    quantity: t.quantity,
    price: t.price ?? null,
    consideration: t.consideration,
    currency: t.currency?.isoCode ?? 'GBP',
    fxRate: t.fxRate,
    considerationGbp: t.considerationGbp,
    expensesGbp: t.expensesGbp,
    incomeType: t.incomeType,
    taxDeducted: t.taxDeducted ?? null,
    cgtCost: t.cgtCost ?? null,
    proceeds: t.proceeds ?? null,
    capitalGainLoss: t.capitalGainLoss ?? null,
    incomeGain: t.incomeGain ?? null,
    exemptGainLoss: t.exemptGainLoss ?? null,
    holdoverRelief: t.holdoverRelief ?? null,
    cloggedLoss: t.cloggedLoss ?? null,
    indexation: t.indexation ?? null,
    source: t.source,
    sourceRef: t.sourceRef,
    warnings: t.warnings,
    version: t.version,
    createdAt: t.createdDate,
    createdBy: t.createdByName,
    updatedAt: t.lastModifiedDate,
    updatedBy: t.lastModifiedByName,
  };
}

/**
 * The report kinds' reads of the clients service's ledger, as the reports service itself (its own token: the
 * clients service accepts it for these reads, scoped by the organisation named). Spread into the full sources.
 */
export function createLedgerReportSources(
  ledgerClient: Client<typeof ledger.LedgerService>,
  asService: () => Promise<CallOptions>,
): LedgerReportSources {
  return {
    async clientTransactions(organisationUuid, clientUuid, query) {
      const rows: ReportTransaction[] = [];
      let after = '';
      do {
        const page = await ledgerClient.listClientTransactions(
          {
            organisationUuid,
            clientUuid,
            securityId: query.securityId,
            startDate: query.startDate,
            endDate: query.endDate,
            incomeOnly: query.incomeOnly ?? false,
            states: query.states ?? [],
            after,
            limit: ROWS_PAGE,
          },
          await asService(),
        );
        // each page's messages are let go as they are mapped: only the plain rows are kept
        for (const t of page.transactions) rows.push(rowOf(t));
        after = page.next;
      } while (after !== '');
      return rows;
    },
    async clientHoldingsAt(organisationUuid, clientUuid, atDate, securityId, options) {
      const answer = await ledgerClient.listClientHoldingsAt(
        { organisationUuid, clientUuid, atDate, securityId, includeNil: options?.includeNil ?? false },
        await asService(),
      );
      return answer.holdings.map((h) => ({
        portfolioUuid: h.portfolioUuid,
        portfolioCode: h.portfolioCode,
        portfolioName: h.portfolioName,
        taxWrapper: h.taxWrapper,
        percentage: h.percentage,
        securityId: h.securityId,
        sedol: h.sedol,
        isin: h.isin,
        securityName: h.securityName,
        issuerName: h.issuerName,
        cgtClass: h.cgtClass,
        quantity: h.quantity,
      }));
    },
    async reconciliation(organisationUuid, clientUuid, securityId) {
      const answer = await ledgerClient.listClientReconciliation(
        { organisationUuid, clientUuid, securityId },
        await asService(),
      );
      return {
        fileName: answer.fileName,
        importedAt: answer.importedAt,
        lines: answer.lines.map((l) => ({
          portfolioCode: l.portfolioCode,
          securityId: l.securityId,
          sedol: l.sedol,
          isin: l.isin,
          securityName: l.securityName,
          asAt: l.asAt,
          custodianQuantity: l.custodianQuantity,
          ledgerQuantity: l.ledgerQuantity,
          difference: l.difference,
          break: l.break,
        })),
      };
    },
  };
}

/** Prices read from the securities service at most this many securities a call. */
const PRICES_PAGE = 10_000;

/** The report kinds' reads of the securities service's prices, as the reports service itself. */
export function createPriceReportSources(
  securitiesClient: Client<typeof securities.SecuritiesService>,
  asService: () => Promise<CallOptions>,
): PriceReportSources {
  return {
    async pricesAt(organisationUuid, securityIds, atDate) {
      const prices = new Map<number, ReportPrice>();
      const ids = [...new Set(securityIds)];
      for (let i = 0; i < ids.length; i += PRICES_PAGE) {
        const answer = await securitiesClient.listPricesAt(
          { organisationUuid, securityIds: ids.slice(i, i + PRICES_PAGE), dates: [atDate] },
          await asService(),
        );
        for (const p of answer.prices) prices.set(p.securityId, { priceGbp: p.priceGbp, priceDate: p.priceDate });
      }
      return prices;
    },
  };
}
