import type { DocumentsPrisma } from './prisma';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const text = (v: { toString(): string } | null) => (v === null ? '' : v.toString());

/** A header's candidates and previews, read a page at a time for one organisation's header. */
export function createRowStore(prisma: DocumentsPrisma) {
  const headerOf = (organisationUuid: string, uuid: string) =>
    prisma.header.findFirst({ where: { organisationUuid, uuid }, select: { id: true } });
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
      return {
        totalSize: total,
        content: rows.map((c) => ({
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
        })),
      };
    },

    async previews(organisationUuid: string, headerUuid: string, page: number, size: number) {
      const header = await headerOf(organisationUuid, headerUuid);
      if (!header) return null;
      const where = { candidate: { headerId: header.id } };
      const [rows, total] = await Promise.all([
        prisma.preview.findMany({
          where,
          orderBy: [{ candidate: { portfolioCode: 'asc' } }, { candidateId: 'asc' }, { ord: 'asc' }],
          skip: page * size,
          take: size,
          include: { candidate: { select: { uuid: true, portfolioCode: true, clientCode: true } } },
        }),
        prisma.preview.count({ where }),
      ]);
      return {
        totalSize: total,
        content: rows.map((p) => ({
          uuid: p.uuid,
          candidateUuid: p.candidate.uuid,
          status: p.status,
          version: p.version,
          candidateVersion: p.candidateVersion,
          transactionType: p.transactionType,
          portfolioUuid: p.portfolioUuid,
          portfolioCode: p.candidate.portfolioCode,
          clientCode: p.candidate.clientCode,
          securityId: p.securityId,
          tradeDate: day(p.tradeDate),
          holdingQuantity: p.holdingQuantity.toString(),
          quantity: text(p.quantity),
          price: text(p.price),
          consideration: text(p.consideration),
          expense: text(p.expense),
          marketValue: text(p.marketValue),
          newSecurityId: p.newSecurityId ?? 0,
          ratio: p.ratio,
          apportionmentFactor: text(p.apportionmentFactor),
          createTransaction: p.createTransaction,
          edited: p.edited,
          postedTransactionUuid: p.postedTransactionUuid ?? '',
        })),
      };
    },
  };
}

export type RowStore = ReturnType<typeof createRowStore>;
