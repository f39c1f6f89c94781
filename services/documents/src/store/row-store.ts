import type { HeaderFilter } from '../domain/header-view';
import type { Prisma } from './generated/client';
import { headerWhere } from './header-store';
import type { DocumentsPrisma } from './prisma';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const text = (v: { toString(): string } | null) => (v === null ? '' : v.toString());

/** Which of a header's previews a grid shows. */
export type PreviewView = 'all' | 'proposed' | 'posted';
type CandidateRow = Prisma.CandidateGetPayload<{ include: { _count: { select: { previews: true } } } }>;

/** A candidate's previews by outcome (seed 001 §2 Candidates grid). */
interface PreviewCounts {
  successes: number;
  failures: number;
  edited: number;
}
/** The header a candidate row names (seed 001 §2: header version and code, SEDOL, ISIN). */
interface HeaderOfRow {
  version: number;
  code: string;
  sedol: string;
  isin: string;
}
const NO_COUNTS: PreviewCounts = { successes: 0, failures: 0, edited: 0 };
const instant = (d: Date) => d.toISOString();

/** Previews of these candidates counted by outcome, in one query. */
async function previewCounts(prisma: DocumentsPrisma, candidateIds: number[]): Promise<Map<number, PreviewCounts>> {
  const counts = new Map<number, PreviewCounts>();
  if (candidateIds.length === 0) return counts;
  const rows = await prisma.preview.groupBy({
    by: ['candidateId', 'status', 'edited'],
    where: { candidateId: { in: candidateIds } },
    _count: { _all: true },
  });
  for (const r of rows) {
    const c = counts.get(r.candidateId) ?? { ...NO_COUNTS };
    const n = r._count._all;
    if (r.status === 'PROCESSED') c.successes += n;
    if (r.status === 'FAILED') c.failures += n;
    if (r.edited) c.edited += n;
    counts.set(r.candidateId, c);
  }
  return counts;
}

function candidateView(c: CandidateRow, header?: HeaderOfRow, counts: PreviewCounts = NO_COUNTS) {
  return {
    uuid: c.uuid,
    status: c.status,
    version: c.version,
    clientUuid: c.clientUuid,
    clientCode: c.clientCode,
    clientName: c.clientName,
    portfolioUuid: c.portfolioUuid,
    portfolioCode: c.portfolioCode,
    portfolioName: c.portfolioName,
    securityId: c.securityId,
    asAtDate: day(c.asAtDate),
    holdingQuantity: c.holdingQuantity.toString(),
    valuationCost: text(c.valuationCost),
    cgtCost: text(c.cgtCost),
    price: text(c.price),
    marketValuation: text(c.marketValuation),
    transferQuantity: text(c.transferQuantity),
    transferPercentage: text(c.transferPercentage),
    group1Quantity: text(c.group1Quantity),
    group2Quantity: text(c.group2Quantity),
    edited: c.edited,
    failureReason: c.failureReason,
    previews: c._count.previews,
    group1Fifo: text(c.group1Fifo),
    group2Fifo: text(c.group2Fifo),
    group1Lifo: text(c.group1Lifo),
    group2Lifo: text(c.group2Lifo),
    group1Average: text(c.group1Average),
    group2Average: text(c.group2Average),
    previewSuccesses: counts.successes,
    previewFailures: counts.failures,
    previewsEdited: counts.edited,
    previewsNotEdited: c._count.previews - counts.edited,
    headerVersion: header?.version ?? 0,
    headerCode: header?.code ?? '',
    sedol: header?.sedol ?? '',
    isin: header?.isin ?? '',
    createdAt: instant(c.createdAt),
    createdByName: c.createdByName,
    updatedAt: instant(c.updatedAt),
    updatedByName: c.updatedByName,
  };
}

/** A header's candidates and previews, read a page at a time for one organisation's header. */
export function createRowStore(prisma: DocumentsPrisma) {
  const headerOf = (organisationUuid: string, uuid: string) =>
    prisma.header.findFirst({
      where: { organisationUuid, uuid },
      select: { id: true, version: true, code: true, sedol: true, isin: true },
    });
  return {
    async candidates(organisationUuid: string, headerUuid: string, page: number, size: number) {
      const header = await headerOf(organisationUuid, headerUuid);
      if (!header) return null;
      const where = { headerId: header.id };
      const [rows, total] = await Promise.all([
        prisma.candidate.findMany({
          where,
          orderBy: [{ portfolioCode: 'asc' }, { id: 'asc' }],
          skip: page * size,
          take: size,
          include: { _count: { select: { previews: true } } },
        }),
        prisma.candidate.count({ where }),
      ]);
      const counts = await previewCounts(
        prisma,
        rows.map((c) => c.id),
      );
      return {
        totalSize: total,
        content: rows.map((c) => candidateView(c, header, counts.get(c.id))),
      };
    },

    /**
     * The candidates report: up to `limit` candidates of the headers a search finds, by header (oldest first) then
     * portfolio code, after the position `after` (the last row of the previous page).
     */
    async exportCandidates(
      organisationUuid: string,
      filter: HeaderFilter,
      after: { headerId: number; portfolioCode: string; id: number } | null,
      limit: number,
    ) {
      const rows = await prisma.candidate.findMany({
        where: {
          header: headerWhere(organisationUuid, filter),
          ...(after && {
            OR: [
              { headerId: { gt: after.headerId } },
              { headerId: after.headerId, portfolioCode: { gt: after.portfolioCode } },
              { headerId: after.headerId, portfolioCode: after.portfolioCode, id: { gt: after.id } },
            ],
          }),
        },
        orderBy: [{ headerId: 'asc' }, { portfolioCode: 'asc' }, { id: 'asc' }],
        take: limit,
        include: {
          _count: { select: { previews: true } },
          header: {
            select: {
              uuid: true,
              code: true,
              version: true,
              status: true,
              securityName: true,
              sedol: true,
              isin: true,
              exDate: true,
              payDate: true,
              documentType: { select: { name: true } },
            },
          },
        },
      });
      const last = rows.length === limit ? rows[rows.length - 1]! : null;
      return {
        content: rows.map((c) => ({
          headerUuid: c.header.uuid,
          headerCode: c.header.code,
          headerTypeName: c.header.documentType.name,
          headerStatus: c.header.status,
          securityName: c.header.securityName,
          sedol: c.header.sedol,
          isin: c.header.isin,
          exDate: day(c.header.exDate),
          payDate: day(c.header.payDate),
          candidate: candidateView(c, c.header),
        })),
        last: last && { headerId: last.headerId, portfolioCode: last.portfolioCode, id: last.id },
      };
    },

    /**
     * A page of the header's previews: every one, the proposed transactions (what 'Create transactions' will post:
     * included candidates' unposted rows) or the posted transactions (with their reversals).
     */
    async previews(organisationUuid: string, headerUuid: string, page: number, size: number, which: PreviewView) {
      const header = await prisma.header.findFirst({
        where: { organisationUuid, uuid: headerUuid },
        select: { id: true, code: true, version: true, exDate: true, payDate: true, sedol: true, isin: true },
      });
      if (!header) return null;
      const where = {
        candidate: {
          headerId: header.id,
          ...(which === 'proposed' && { status: { in: ['PENDING', 'EDIT'] } }),
        },
        ...(which === 'proposed' && {
          createTransaction: true,
          postedTransactionUuid: null,
          status: { in: ['PENDING', 'EDIT'] },
        }),
        ...(which === 'posted' && { postedTransactionUuid: { not: null } }),
      };
      const [rows, total, lines, parties] = await Promise.all([
        prisma.preview.findMany({
          where,
          orderBy: [{ candidate: { portfolioCode: 'asc' } }, { candidateId: 'asc' }, { ord: 'asc' }],
          skip: page * size,
          take: size,
          include: {
            candidate: {
              select: { uuid: true, portfolioUuid: true, portfolioCode: true, clientCode: true, clientName: true },
            },
          },
        }),
        prisma.preview.count({ where }),
        prisma.headerLine.findMany({
          where: { headerId: header.id },
          select: {
            id: true,
            securityId: true,
            sedol: true,
            isin: true,
            newSecurity: true,
            rate: true,
            perParent: true,
          },
        }),
        // a movement's in rows post to an in portfolio, not the candidate's (out) one
        prisma.movementPortfolio.findMany({
          where: { headerId: header.id, direction: 'IN' },
          select: { portfolioUuid: true, portfolioCode: true, clientCode: true, clientName: true },
        }),
      ]);
      const lineOf = new Map(lines.map((l) => [l.id, l]));
      const partyOf = new Map(parties.map((m) => [m.portfolioUuid.toLowerCase(), m]));
      /** The portfolio a row posts to and that portfolio's client: the candidate's, or an in portfolio's. */
      const postsTo = (p: (typeof rows)[number]) =>
        p.portfolioUuid.toLowerCase() === p.candidate.portfolioUuid.toLowerCase()
          ? p.candidate
          : (partyOf.get(p.portfolioUuid.toLowerCase()) ?? p.candidate);
      return {
        totalSize: total,
        content: rows.map((p) => {
          const line = p.headerLineId === null ? undefined : lineOf.get(p.headerLineId);
          const converted = line?.newSecurity && p.newSecurityId !== null;
          const party = postsTo(p);
          const onNewSecurity = line?.newSecurity === true && line.securityId === p.securityId;
          return {
            uuid: p.uuid,
            candidateUuid: p.candidate.uuid,
            status: p.status,
            version: p.version,
            candidateVersion: p.candidateVersion,
            transactionType: p.transactionType,
            portfolioUuid: p.portfolioUuid,
            portfolioCode: party.portfolioCode,
            clientCode: party.clientCode,
            clientName: party.clientName,
            securityId: p.securityId,
            // a row on the line's new security (cash in lieu of its fractions) names that security
            sedol: p.sedol || (onNewSecurity ? line.sedol : header.sedol),
            isin: p.isin || (onNewSecurity ? line.isin : header.isin),
            tradeDate: day(p.tradeDate),
            exDate: day(header.exDate),
            payDate: day(header.payDate),
            holdingQuantity: p.holdingQuantity.toString(),
            quantity: text(p.quantity),
            price: text(p.price),
            consideration: text(p.consideration),
            proceeds: text(p.proceeds),
            expense: text(p.expense),
            marketValue: text(p.marketValue),
            rate: text(line?.rate ?? null),
            perParent: text(line?.perParent ?? null),
            newSecurityId: p.newSecurityId ?? 0,
            conversionSedol: converted ? line.sedol : '',
            conversionIsin: converted ? line.isin : '',
            sidRolloverDate: day(p.acquisitionDate),
            ratio: p.ratio,
            apportionmentFactor: text(p.apportionmentFactor),
            createTransaction: p.createTransaction,
            edited: p.edited,
            postedTransactionUuid: p.postedTransactionUuid ?? '',
            // the ledger row's code is the header's and the preview's (pipeline-store toPost); a posted row is
            // SETTLED until the header is reversed
            transactionCode: p.postedTransactionUuid ? `${header.code}-${p.id}` : '',
            transactionState: p.postedTransactionUuid ? (p.reversalTransactionUuid ? 'REVERSED' : 'SETTLED') : '',
            reportDate: p.postedTransactionUuid ? day(p.tradeDate) : '',
            reversalTransactionUuid: p.reversalTransactionUuid ?? '',
            failureReason: p.failureReason,
            acquisitionDate: day(p.acquisitionDate),
            group1Qualifying: text(p.group1Qualifying),
            group2Qualifying: text(p.group2Qualifying),
            headerVersion: header.version,
            headerCode: header.code,
            createdAt: instant(p.createdAt),
            createdByName: p.createdByName,
            updatedAt: instant(p.updatedAt),
            updatedByName: p.updatedByName,
          };
        }),
      };
    },

    /**
     * The Holdings (CA) report's rows: each candidate of the portfolios named in the organisation's corporate
     * action headers (not deleted) with an ex-date on or before the day, and its previews' proposed quantity and
     * cash summed exactly (rows that create a transaction only). One query; the candidate's unique
     * (header, portfolio, security) index finds each header's candidates.
     */
    async portfolioActions(
      organisationUuid: string,
      portfolioUuids: readonly string[],
      atDate: string,
      securityId: number,
    ): Promise<PortfolioActionRow[]> {
      return prisma.$queryRaw<PortfolioActionRow[]>`
        SELECT c.portfolio_uuid::text AS "portfolioUuid", c.security_id AS "securityId", h.uuid::text AS "headerUuid",
               h.code AS "headerCode", t.name AS "typeName", h.status AS "headerStatus",
               to_char(h.ex_date, 'YYYY-MM-DD') AS "exDate", coalesce(to_char(h.pay_date, 'YYYY-MM-DD'), '') AS "payDate",
               trim_scale(c.holding_quantity)::text AS "holdingQuantity", c.decimal_places AS "decimalPlaces",
               c.status AS "candidateStatus",
               coalesce(trim_scale(p.quantity)::text, '') AS "proposedQuantity",
               coalesce(p.cash::text, '') AS "proposedCash", coalesce(p.ratio, '') AS ratio
        FROM header h
        JOIN document_type t ON t.id = h.document_type_id AND t.corporate_action
        JOIN candidate c ON c.header_id = h.id
        LEFT JOIN LATERAL (
          SELECT sum(v.quantity) AS quantity, sum(v.proceeds) AS cash, max(nullif(v.ratio, '')) AS ratio
          FROM preview v WHERE v.candidate_id = c.id AND v.create_transaction
        ) p ON true
        WHERE h.organisation_uuid = ${organisationUuid}::uuid AND h.status <> 'DELETED'
          AND h.ex_date <= ${atDate}::date
          AND c.portfolio_uuid = ANY(${[...portfolioUuids]}::uuid[])
          AND (${securityId}::int = 0 OR c.security_id = ${securityId}::int)
        ORDER BY c.portfolio_uuid, c.security_id, h.ex_date, h.code`;
    },
  };
}

/** One portfolio's candidate of a corporate action, as the Holdings (CA) report reads it (exact decimal text). */
export interface PortfolioActionRow {
  portfolioUuid: string;
  securityId: number;
  headerUuid: string;
  headerCode: string;
  typeName: string;
  headerStatus: string;
  exDate: string;
  payDate: string;
  holdingQuantity: string;
  /** the security's quantity places: a ratio issues whole units of them */
  decimalPlaces: number;
  candidateStatus: string;
  /** '' when no preview carries one */
  proposedQuantity: string;
  proposedCash: string;
  ratio: string;
}

export type RowStore = ReturnType<typeof createRowStore>;
