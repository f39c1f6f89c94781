import { Code, ConnectError, createClient, type CallOptions, type Transport } from '@connectrpc/connect';
import { portfolioPoolCost, type Holding } from '@gains/contracts';
import { sumDecimals } from '@gains/decimal';
import { calculations, ledger, securities } from '@gains/proto';
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
 * the end of that day, not at today's price; a security not priced by then has none. Their CGT cost is the
 * ledger's (today's) unless an owner has traded the security since: then it is the portfolio's part of the tax
 * engine's pool at the end of that day (GetPoolsAt), or none when the engine cannot say.
 */
export function createLedgerSources(
  transport: Transport,
  asService: () => Promise<CallOptions>,
  securitiesTransport: Transport,
  taxEngineTransport: Transport,
): LedgerSources {
  const ledgerClient = createClient(ledger.LedgerService, transport);
  const securitiesClient = createClient(securities.SecuritiesService, securitiesTransport);
  const calculationsClient = createClient(calculations.CalculationsService, taxEngineTransport);
  /**
   * A client's pools at the end of the day, or null when the engine cannot compute its ledger (a row it cannot
   * read): the cost is then unknown. A busy or unreachable engine throws, so the job's chunk is tried again.
   */
  const poolsAt = async (organisationUuid: string, clientUuid: string, atDate: string) => {
    try {
      const answer = await calculationsClient.getPoolsAt({ organisationUuid, clientUuid, atDate }, await asService());
      return JSON.parse(answer.holdingsJson) as Holding[];
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.FailedPrecondition) return null;
      throw error;
    }
  };
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
        const atDay = dayBefore(beforeDate);
        const pools = new Map<string, Holding[] | null>();
        const holders = [];
        for (const h of page.holders) {
          if (!h.costMovedSince || h.taxWrapper !== 'GIA' || h.owners.length === 0) {
            holders.push({ ...h, price });
            continue;
          }
          // a joint portfolio's cost is its owners' parts of it, each in their own pool
          const parts: string[] = [];
          for (const owner of h.owners) {
            if (!pools.has(owner.clientUuid))
              pools.set(owner.clientUuid, await poolsAt(organisationUuid, owner.clientUuid, atDay));
            const clientPools = pools.get(owner.clientUuid);
            parts.push(clientPools ? portfolioPoolCost(clientPools, page.securityCode, h.portfolioCode) : '');
          }
          holders.push({ ...h, price, cgtCost: parts.includes('') ? '' : sumDecimals(parts) });
        }
        return { ...page, holders };
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
