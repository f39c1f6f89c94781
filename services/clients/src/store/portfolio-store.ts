import crypto from 'node:crypto';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { aborted, DomainError } from '@gains/errors';
import { calculationStatusFor, type CheckedPortfolio } from '../domain/portfolio-rules';
import type { PortfolioRecord } from '../domain/ledger';
import { decimalText } from './columns';
import { Prisma } from './generated/client';
import type { ClientsPrisma, ClientsTx } from './prisma';
import { lockOwnersThenPortfolios } from './ledger-store';

const WITH_OWNERS = {
  owners: {
    include: { client: { select: { uuid: true, code: true, name: true } } },
    orderBy: [{ percentage: 'desc' }, { clientId: 'asc' }],
  },
} satisfies Prisma.PortfolioInclude;
type PortfolioRow = Prisma.PortfolioGetPayload<{ include: typeof WITH_OWNERS }>;

interface HoldingStats {
  holdingCount: number;
  marketValue: string | null;
}

function toRecord(row: PortfolioRow, stats: HoldingStats): PortfolioRecord {
  const money = (v: Prisma.Decimal | null) => decimalText(v, 2);
  return {
    id: row.id,
    uuid: row.uuid,
    organisationUuid: row.organisationUuid,
    code: row.code,
    name: row.name,
    type: row.type,
    state: row.state,
    currency: row.currency,
    taxWrapper: row.taxWrapper,
    owners: row.owners.map((o) => ({
      clientUuid: o.client.uuid,
      clientCode: o.client.code,
      clientName: o.client.name,
      percentage: decimalText(o.percentage, 6, true),
    })),
    calculationFailures: row.calculationFailures,
    recBreaks: row.recBreaks,
    holdingCount: stats.holdingCount,
    marketValue: stats.marketValue,
    ytdCapitalGainLoss: money(row.ytdCapitalGainLoss),
    ytdIncomeGain: money(row.ytdIncomeGain),
    ytdExemptGainLoss: money(row.ytdExemptGainLoss),
    unrealisedCapitalGainLoss: money(row.unrealisedCapitalGainLoss),
    unrealisedIncomeGain: money(row.unrealisedIncomeGain),
    unrealisedExemptGainLoss: money(row.unrealisedExemptGainLoss),
    indexation: money(row.indexation),
    holdoverRelief: money(row.holdoverRelief),
    cloggedLoss: money(row.cloggedLoss),
    version: row.version,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
    lastModifiedByName: row.updatedBy,
  };
}

/**
 * Held holdings and their market value, computed on read from the latest prices: each holding's quantity x GBP
 * price rounded to the penny (as the holdings table shows it), summed.
 */
async function holdingStats(db: ClientsPrisma, portfolioIds: number[]): Promise<Map<number, HoldingStats>> {
  const stats = new Map<number, HoldingStats>();
  if (portfolioIds.length === 0) return stats;
  const rows = await db.$queryRaw<{ portfolioId: number; holdings: bigint; priced: bigint; value: string | null }[]>`
    SELECT h.portfolio_id AS "portfolioId", count(*) AS holdings, count(s.price_gbp) AS priced,
           sum(round(h.quantity * s.price_gbp, 2))::text AS value
      FROM holding h LEFT JOIN security s ON s.id = h.security_id
     WHERE h.portfolio_id = ANY(${portfolioIds}::int[]) AND (h.quantity > 0 OR h.rec_break)
     GROUP BY h.portfolio_id`;
  for (const id of portfolioIds) stats.set(id, { holdingCount: 0, marketValue: '0.00' });
  for (const r of rows) {
    stats.set(r.portfolioId, {
      holdingCount: Number(r.holdings),
      marketValue: Number(r.priced) === 0 ? null : r.value,
    });
  }
  return stats;
}

export interface PortfolioRef {
  id: number;
  uuid: string;
  code: string;
  taxWrapper: string;
}

export interface ClientRef {
  id: number;
  uuid: string;
  code: string;
  name: string;
}

export function createPortfolioStore(prisma: ClientsPrisma) {
  async function load(where: Prisma.PortfolioWhereInput): Promise<PortfolioRecord[]> {
    const rows = await prisma.portfolio.findMany({ where, include: WITH_OWNERS, orderBy: { code: 'asc' } });
    const stats = await holdingStats(
      prisma,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toRecord(r, stats.get(r.id)!));
  }

  return {
    async findByUuid(organisationUuid: string, uuid: string): Promise<PortfolioRecord | null> {
      return (await load({ uuid, organisationUuid }))[0] ?? null;
    },

    /** What a write needs of a portfolio of the organisation (no owners, no figures), or null. */
    async findRef(organisationUuid: string, uuid: string): Promise<PortfolioRef | null> {
      return prisma.portfolio.findFirst({
        where: { uuid, organisationUuid },
        select: { id: true, uuid: true, code: true, taxWrapper: true },
      });
    },

    /** What a write needs of each of these portfolios of the organisation (those it has). */
    async findRefs(organisationUuid: string, uuids: string[]): Promise<PortfolioRef[]> {
      if (uuids.length === 0) return [];
      return prisma.portfolio.findMany({
        where: { uuid: { in: uuids }, organisationUuid },
        select: { id: true, uuid: true, code: true, taxWrapper: true },
      });
    },

    /** The portfolios any of these clients (of the organisation) own. */
    async findOwnedBy(organisationUuid: string, clientUuids: string[]): Promise<PortfolioRecord[]> {
      if (clientUuids.length === 0) return [];
      return load({ organisationUuid, owners: { some: { client: { uuid: { in: clientUuids }, organisationUuid } } } });
    },

    /** The organisation's clients among these uuids. */
    async findClients(organisationUuid: string, uuids: string[]): Promise<ClientRef[]> {
      if (uuids.length === 0) return [];
      return prisma.client.findMany({
        where: { organisationUuid, uuid: { in: uuids } },
        select: { id: true, uuid: true, code: true, name: true },
      });
    },

    async codeTaken(organisationUuid: string, code: string, exceptUuid: string): Promise<boolean> {
      // Compared as text, whatever its case (not ILIKE, where a code holding % or a backslash would be a pattern).
      const [row] = await prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM portfolio
         WHERE organisation_uuid = ${organisationUuid}::uuid AND lower(code) = lower(${code})
           AND uuid::text <> ${exceptUuid}`;
      return Number(row!.n) > 0;
    },

    /** The earliest trade date of the portfolio's ledger, or null when it has none. */
    async earliestTradeDate(organisationUuid: string, portfolioId: number): Promise<string | null> {
      const first = await prisma.ledgerTransaction.findFirst({
        where: { organisationUuid, portfolioId },
        orderBy: { tradeDate: 'asc' },
        select: { tradeDate: true },
      });
      return first ? first.tradeDate.toISOString().slice(0, 10) : null;
    },

    /**
     * Creates (existing null) or updates a portfolio with its owners, its holdings' calculation status (ISA and
     * pension: EXCLUDED) and the events, in one transaction. A stale version: ABORTED, nothing changed.
     */
    async save(
      organisationUuid: string,
      existing: { id: number; version: number } | null,
      fields: CheckedPortfolio,
      owners: ClientRef[],
      actorName: string,
      events: OutboxEvent[],
    ): Promise<string> {
      const percentage = new Map(fields.owners.map((o) => [o.clientUuid, o.percentage]));
      const columns = {
        code: fields.code,
        name: fields.name,
        type: fields.type,
        state: fields.state,
        currency: fields.currency,
        taxWrapper: fields.taxWrapper,
        updatedBy: actorName,
      };
      return prisma
        .$transaction(async (tx: ClientsTx) => {
          let id: number;
          let uuid: string;
          if (existing) {
            // the old and new owners, then the portfolio, as a ledger change and a calculation storing figures take them
            await lockOwnersThenPortfolios(
              tx,
              organisationUuid,
              [existing.id],
              owners.map((o) => o.id),
            );
            const { count } = await tx.portfolio.updateMany({
              where: { id: existing.id, organisationUuid, version: existing.version },
              data: { ...columns, version: { increment: 1 } },
            });
            if (count === 0) {
              throw aborted(`Portfolio ${fields.code} was changed by someone else; reload it and try again`, 'version');
            }
            id = existing.id;
            uuid = (await tx.portfolio.findFirstOrThrow({ where: { id, organisationUuid }, select: { uuid: true } }))
              .uuid;
            await tx.portfolioOwner.deleteMany({ where: { portfolioId: id } });
            // Into or out of a wrapper: excluded from CGT, or waiting for the tax engine again.
            const status = calculationStatusFor(fields.taxWrapper);
            await tx.holding.updateMany({
              where:
                status === 'EXCLUDED'
                  ? { organisationUuid, portfolioId: id }
                  : { organisationUuid, portfolioId: id, calculationStatus: 'EXCLUDED' },
              data: { calculationStatus: status },
            });
          } else {
            uuid = crypto.randomUUID();
            id = (
              await tx.portfolio.create({
                data: { uuid, organisationUuid, ...columns, createdBy: actorName },
                select: { id: true },
              })
            ).id;
          }
          await tx.portfolioOwner.createMany({
            data: owners.map((c) => ({ portfolioId: id, clientId: c.id, percentage: percentage.get(c.uuid)! })),
          });
          await appendToOutbox(tx, events);
          return uuid;
        })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
            // Two saves of the same code at once: the second is told as the check would have told it.
            throw new DomainError(
              'ALREADY_EXISTS',
              `A portfolio with code ${fields.code} already exists`,
              'portfolio.code',
            );
          }
          throw error;
        });
    },
  };
}
export type PortfolioStore = ReturnType<typeof createPortfolioStore>;
