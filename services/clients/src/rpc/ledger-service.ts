import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { toConnectError } from '@gains/errors';
import { ledger } from '@gains/proto';
import { cancelGhostTransaction } from '../domain/cancel-ghost-transaction';
import {
  exportClientLedger,
  exportClientLedgers,
  listLedgerClients,
  type ExportChunk,
} from '../domain/export-client-ledger';
import { getPortfolio } from '../domain/get-portfolio';
import { getTransactionMetadata } from '../domain/get-transaction-metadata';
import { getTransactionType } from '../domain/get-transaction-type';
import type { LedgerDeps } from '../domain/ledger-deps';
import { listGhostTransactions } from '../domain/list-ghost-transactions';
import { listHoldingTransactions } from '../domain/list-holding-transactions';
import { listHoldings } from '../domain/list-holdings';
import { listPortfolios } from '../domain/list-portfolios';
import { listTransactionStates } from '../domain/list-transaction-states';
import { listTransactionTypes } from '../domain/list-transaction-types';
import { listTransactions } from '../domain/list-transactions';
import { postTransaction } from '../domain/post-transaction';
import { listHolders } from '../domain/list-holders';
import { listPortfolioHoldingsAt } from '../domain/list-portfolio-holdings-at';
import { listClientTransactions } from '../domain/list-client-transactions';
import { listClientHoldingsAt } from '../domain/list-client-holdings-at';
import { listClientReconciliation } from '../domain/list-client-reconciliation';
import { reverseTransactions } from '../domain/reverse-transactions';
import { postTransactions } from '../domain/post-transactions';
import { repairGhostTransaction } from '../domain/repair-ghost-transaction';
import { savePortfolio } from '../domain/save-portfolio';
import { saveTransactionType } from '../domain/save-transaction-type';
import type { TransactionTypeRecord } from '../domain/transaction-types';
import { updateTransactions } from '../domain/update-transactions';

/** null (no figure yet, no date) travels as an unset optional field. */
function unsetNulls<T extends object>(record: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  const out = { ...record } as Record<string, unknown>;
  for (const key in out) if (out[key] === null) out[key] = undefined;
  return out as { [K in keyof T]: Exclude<T[K], null> | undefined };
}

/** A piece of an exported ledger on the wire; the first carries the head (taxpayer, portfolios, securities). */
function chunkMessage(chunk: ExportChunk) {
  const h = chunk.head;
  return {
    ledgerCsv: chunk.csv,
    rows: chunk.rows,
    ...(h && {
      taxpayer: h.taxpayer,
      ledgerVersion: BigInt(h.ledgerVersion),
      clientCode: h.clientCode,
      clientType: h.clientType,
      portfolios: h.portfolios.map((p) => ({
        uuid: p.uuid,
        code: p.code,
        taxWrapper: p.taxWrapper,
        percentage: p.percentage,
        excluded: p.excluded,
        rows: p.rows,
      })),
      securities: h.securities.map((s) => ({
        id: s.id,
        code: s.code,
        sedol: s.sedol,
        isin: s.isin,
        name: s.name,
        cgtClass: s.cgtClass,
        priceGbp: s.priceGbp ?? '',
        priceDate: s.priceDate ?? '',
      })),
      pricesCsv: h.pricesCsv,
      excludedHoldings: h.excludedHoldings,
      cgtArgs: h.cgtArgs,
      ...(h.spouse && { spouse: h.spouse }),
      ...(h.isaNetPurchases !== undefined && { isaNetPurchases: h.isaNetPurchases }),
    }),
  };
}

function typeMessage(t: TransactionTypeRecord) {
  return {
    uuid: t.uuid,
    name: t.name,
    description: t.description,
    direction: t.direction,
    requiredFields: t.requiredFields,
    effect: t.effect,
    incomeType: t.incomeType,
    corporateAction: t.corporateAction,
    allowZeroQuantity: t.allowZeroQuantity,
    system: t.organisationUuid === null,
    active: t.active,
    version: t.version,
    lastModifiedDate: t.lastModifiedDate,
    lastModifiedByName: t.lastModifiedByName,
  };
}

const grid = (req: { page: number; size: number; term: string; sort: { column: string; direction: string }[] }) => ({
  page: req.page,
  size: req.size,
  term: req.term,
  sort: req.sort.map((s) => ({ column: s.column, direction: s.direction })),
});

/** The ledger (ledger.proto): thin, map, call, map. */
export function createLedgerService(deps: LedgerDeps): ServiceImpl<typeof ledger.LedgerService> {
  return {
    async listPortfolios(req, ctx) {
      const portfolios = await listPortfolios(deps, requireCaller(ctx), req);
      return { portfolios: portfolios.map(unsetNulls) };
    },
    async getPortfolio(req, ctx) {
      return unsetNulls(await getPortfolio(deps, requireCaller(ctx), req));
    },
    async savePortfolio(req, ctx) {
      const p = req.portfolio;
      return unsetNulls(
        await savePortfolio(deps, requireCaller(ctx), {
          organisationUuid: req.organisationUuid,
          uuid: req.uuid,
          version: req.version,
          portfolio: {
            code: p?.code ?? '',
            name: p?.name ?? '',
            type: p?.type ?? '',
            state: p?.state ?? '',
            currency: p?.currency ?? '',
            taxWrapper: p?.taxWrapper ?? '',
            owners: (p?.owners ?? []).map((o) => ({ clientUuid: o.clientUuid, percentage: o.percentage })),
          },
        }),
      );
    },
    async listHoldings(req, ctx) {
      return { holdings: (await listHoldings(deps, requireCaller(ctx), req)).map(unsetNulls) };
    },
    async listHoldingTransactions(req, ctx) {
      const page = await listHoldingTransactions(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        portfolioUuid: req.portfolioUuid,
        clientUuid: req.clientUuid,
        securityId: req.securityId,
        ...grid(req),
      });
      return { content: page.content.map(unsetNulls), totalSize: page.totalSize };
    },
    async listTransactions(req, ctx) {
      const rows = await listTransactions(deps, requireCaller(ctx), req);
      return { content: rows.map(unsetNulls), totalSize: rows.length };
    },
    async postTransaction(req, ctx) {
      const {
        uuid: _uuid,
        version: _version,
        ...transaction
      } = req.transaction ?? create(ledger.TransactionInputSchema);
      return unsetNulls(
        await postTransaction(deps, requireCaller(ctx), {
          organisationUuid: req.organisationUuid,
          portfolioUuid: req.portfolioUuid,
          securityId: req.securityId,
          transaction,
        }),
      );
    },
    async postTransactions(req, ctx) {
      const { uuids, records } = await postTransactions(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        uuidsOnly: req.uuidsOnly,
        portfolioUuid: req.portfolioUuid,
        transactions: req.transactions.map((t) => {
          const {
            uuid: _uuid,
            version: _version,
            ...transaction
          } = t.transaction ?? create(ledger.TransactionInputSchema);
          return { securityId: t.securityId, transaction, portfolioUuid: t.portfolioUuid };
        }),
      });
      return { transactions: records.map(unsetNulls), uuids };
    },
    async listHolders(req, ctx) {
      return listHolders(deps, requireCaller(ctx), req);
    },
    async listPortfolioHoldingsAt(req, ctx) {
      return listPortfolioHoldingsAt(deps, requireCaller(ctx), req);
    },
    async listClientTransactions(req, ctx) {
      const page = await listClientTransactions(deps, requireCaller(ctx), req);
      return { transactions: page.transactions.map(unsetNulls), next: page.next };
    },
    async listClientHoldingsAt(req, ctx) {
      return listClientHoldingsAt(deps, requireCaller(ctx), req);
    },
    async listClientReconciliation(req, ctx) {
      return listClientReconciliation(deps, requireCaller(ctx), req);
    },
    async reverseTransactions(req, ctx) {
      return { reversed: await reverseTransactions(deps, requireCaller(ctx), req) };
    },
    async updateTransactions(req, ctx) {
      const rows = await updateTransactions(deps, requireCaller(ctx), req);
      return { transactions: rows.map(unsetNulls) };
    },
    async listTransactionTypes(req, ctx) {
      return { types: (await listTransactionTypes(deps, requireCaller(ctx), req)).map(typeMessage) };
    },
    async getTransactionType(req, ctx) {
      return typeMessage(await getTransactionType(deps, requireCaller(ctx), req));
    },
    async saveTransactionType(req, ctx) {
      const t = req.type;
      const saved = await saveTransactionType(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        uuid: req.uuid,
        version: req.version,
        type: {
          name: t?.name ?? '',
          description: t?.description ?? '',
          direction: t?.direction ?? '',
          requiredFields: t?.requiredFields ?? [],
          effect: t?.effect ?? '',
          incomeType: t?.incomeType ?? '',
          corporateAction: t?.corporateAction ?? false,
          allowZeroQuantity: t?.allowZeroQuantity ?? false,
          active: t?.active ?? true,
        },
      });
      return typeMessage(saved);
    },
    async listTransactionStates(req, ctx) {
      return { states: listTransactionStates(requireCaller(ctx), req.organisationUuid) };
    },
    async getTransactionMetadata(req, ctx) {
      const m = await getTransactionMetadata(deps, requireCaller(ctx), req);
      return { ...m, transactionType: typeMessage(m.transactionType), latestPrice: m.latestPrice ?? undefined };
    },
    async listGhostTransactions(req, ctx) {
      const page = await listGhostTransactions(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        ...grid(req),
      });
      return { content: page.content.map(unsetNulls), totalSize: page.totalSize };
    },
    async repairGhostTransaction(req, ctx) {
      return unsetNulls(await repairGhostTransaction(deps, requireCaller(ctx), req));
    },
    async cancelGhostTransaction(req, ctx) {
      return unsetNulls(await cancelGhostTransaction(deps, requireCaller(ctx), req));
    },
    async listLedgerClients(req, ctx) {
      return listLedgerClients(deps.ledgerExport, requireCaller(ctx), req);
    },
    // A stream's errors surface after the handler returned, past the error interceptor: converted here.
    async *exportClientLedger(req, ctx) {
      try {
        for await (const chunk of exportClientLedger(deps.ledgerExport, requireCaller(ctx), req)) {
          yield chunkMessage(chunk);
        }
      } catch (e) {
        throw toConnectError(e);
      }
    },
    async *exportClientLedgers(req, ctx) {
      try {
        for await (const chunk of exportClientLedgers(deps.ledgerExport, requireCaller(ctx), req)) {
          yield { ...chunkMessage(chunk), clientUuid: chunk.clientUuid, error: chunk.error ?? '' };
        }
      } catch (e) {
        throw toConnectError(e);
      }
    },
  };
}
