import { createClient, type CallOptions, type Transport } from '@connectrpc/connect';
import { ledger, securities } from '@gains/proto';
import type { HolderSource } from '../domain/create-candidates';
import type { PortfolioHoldingSource } from '../domain/create-movement-candidates';
import type { LedgerPoster } from '../domain/create-transactions';
import type { LedgerReverser } from '../domain/reverse-header';

/** What the pipeline's jobs ask of the ledger. */
export interface LedgerSources {
  /** the holders of a security (corporate actions) and a portfolio's holdings (movements) at a date */
  holders: HolderSource & PortfolioHoldingSource;
  poster: LedgerPoster;
  reverser: LedgerReverser;
}

/** YYYY-MM-DD of the day before. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The ledger as the pipeline's jobs see it: they act as the documents service itself (no user waits on them), so
 * every call carries the service's token (`asService`) and names the organisation. A corporate action's holders
 * are valued at the security's last price before the ex-date (securities' ListPricesAt), as they are counted at
 * the end of that day, not at today's price; a security not priced by then has none.
 */
export function createLedgerSources(
  transport: Transport,
  asService: () => Promise<CallOptions>,
  securitiesTransport: Transport,
): LedgerSources {
  const ledgerClient = createClient(ledger.LedgerService, transport);
  const securitiesClient = createClient(securities.SecuritiesService, securitiesTransport);
  return {
    holders: {
      async holders(organisationUuid, securityId, beforeDate, after, limit, periodStart = '') {
        const page = await ledgerClient.listHolders(
          { organisationUuid, securityId, beforeDate, after, limit, periodStart },
          await asService(),
        );
        if (page.holders.length === 0) return page;
        const { prices } = await securitiesClient.listPricesAt(
          { organisationUuid, securityIds: [securityId], dates: [dayBefore(beforeDate)] },
          await asService(),
        );
        const price = prices[0]?.priceGbp ?? '';
        return { ...page, holders: page.holders.map((h) => ({ ...h, price })) };
      },
      holdingsAt: async (organisationUuid, portfolioUuid, atDate) =>
        ledgerClient.listPortfolioHoldingsAt({ organisationUuid, portfolioUuid, atDate }, await asService()),
    },
    poster: {
      // a preview's rows become settled ledger transactions; a figure the row lacks is sent empty
      async post(organisationUuid, rows, notes) {
        const answer = await ledgerClient.postTransactions(
          {
            organisationUuid,
            portfolioUuid: rows[0]!.portfolioUuid,
            uuidsOnly: true,
            transactions: rows.map((r) => ({
              securityId: r.securityId,
              portfolioUuid: r.portfolioUuid,
              transaction: {
                type: r.transactionType,
                state: 'SETTLED',
                transactionCode: r.transactionCode,
                tradeDate: r.tradeDate,
                quantity: r.quantity ?? '',
                price: r.price ?? '',
                consideration: r.consideration ?? '',
                marketValue: r.marketValue ?? '',
                newSecurityId: r.newSecurityId ?? 0,
                ratio: r.ratio,
                originalAcquisitionDate: r.acquisitionDate ?? '',
                currency: 'GBP',
                notes,
              },
            })),
          },
          await asService(),
        );
        return answer.uuids;
      },
    },
    reverser: {
      async reverse(organisationUuid, transactionUuids) {
        await ledgerClient.reverseTransactions({ organisationUuid, transactionUuids }, await asService());
      },
    },
  };
}
