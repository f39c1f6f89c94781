import type { HeaderFilter, HeaderView, MovementView, SearchDateType } from '../domain/header-view';
import type { Prisma } from './generated/client';
import type { AutoProcessHeader } from '../domain/auto-process';
import type { ProcessingOverride } from '../domain/deps';
import { processingOverrideOf } from '../domain/document-type-rules';
import type { DocumentsPrisma } from './prisma';

const FULL = {
  documentType: true,
  lines: { include: { lineDefinition: true }, orderBy: [{ ord: 'asc' as const }, { id: 'asc' as const }] },
  movementPortfolios: { orderBy: [{ direction: 'asc' as const }, { ord: 'asc' as const }] },
} satisfies Prisma.HeaderInclude;
type HeaderRow = Prisma.HeaderGetPayload<{ include: typeof FULL }>;

const isEmptyJson = (v: unknown) => !v || (typeof v === 'object' && Object.keys(v).length === 0);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const text = (v: { toString(): string } | null) => (v === null ? '' : v.toString());

function view(h: HeaderRow, layerName: string, orgName: string, counts: HeaderView['counts']): HeaderView {
  const movement = (direction: string): MovementView[] =>
    h.movementPortfolios
      .filter((m) => m.direction === direction)
      .map((m) => ({
        clientUuid: m.clientUuid,
        clientCode: m.clientCode,
        clientName: m.clientName,
        portfolioUuid: m.portfolioUuid,
        portfolioCode: m.portfolioCode,
        portfolioName: m.portfolioName,
        transferPercentage: m.transferPercentage.toString(),
        ord: m.ord,
      }));
  return {
    uuid: h.uuid,
    code: h.code,
    name: h.name,
    description: h.description,
    status: h.status,
    version: h.version,
    typeUuid: h.documentType.uuid,
    typeCode: h.documentType.code,
    typeName: h.documentType.name,
    documentTypeCode: h.documentType.documentTypeCode,
    effect: h.documentType.effect,
    exDate: day(h.exDate),
    payDate: day(h.payDate),
    startDate: day(h.startDate),
    tradeDate: day(h.tradeDate),
    layerUuid: h.layerUuid ?? '',
    layerName,
    parentSecurityPrice: text(h.parentSecurityPrice),
    fractionPrice: text(h.fractionPrice),
    processingOverride: processingOverrideOf(
      isEmptyJson(h.processingOverride) ? h.documentType.processingOverride : h.processingOverride,
    ),
    securityId: h.securityId ?? 0,
    securityName: h.securityName,
    sedol: h.sedol,
    isin: h.isin,
    distributionCurrency: h.distributionCurrency,
    edited: h.edited,
    orgName,
    lines: h.lines.map((l) => ({
      uuid: l.uuid,
      lineDefinitionUuid: l.lineDefinition.uuid,
      ord: l.ord,
      securityId: l.securityId ?? 0,
      sedol: l.sedol,
      isin: l.isin,
      securityName: l.securityName,
      transactionTypeName: l.lineDefinition.transactionTypeName,
      rate: l.rate.toString(),
      perParent: l.perParent.toString(),
      price: text(l.price),
      apportionmentFactor: text(l.apportionmentFactor),
      calculatedRatePrice: text(l.calculatedRatePrice),
      incomeReportLabel: l.incomeReportLabel,
      newSecurity: l.newSecurity,
    })),
    inPortfolios: movement('IN'),
    outPortfolios: movement('OUT'),
    counts,
    createdDate: h.createdAt.toISOString(),
    createdByName: h.createdByName,
    lastModifiedDate: h.updatedAt.toISOString(),
    lastModifiedByName: h.updatedByName,
  };
}

/** What a save writes: the header's own columns, its lines and its movement portfolios. */
export interface HeaderWrite {
  documentTypeId: number;
  name: string;
  description: string;
  exDate: string | null;
  payDate: string | null;
  startDate: string | null;
  tradeDate: string | null;
  layerUuid: string | null;
  parentSecurityPrice: string | null;
  fractionPrice?: string | null;
  /** the header's own override; unset keeps the header's (creating: its type's is copied) */
  processingOverride?: ProcessingOverride | null;
  securityId: number | null;
  sedol: string;
  isin: string;
  securityName: string;
  quantityDecimalPlaces: number;
  lines: {
    lineDefinitionId: number;
    ord: number;
    securityId: number | null;
    sedol: string;
    isin: string;
    securityName: string;
    rate: string;
    perParent: string;
    price: string | null;
    apportionmentFactor: string | null;
    calculatedRatePrice: string;
    incomeReportLabel: string;
    newSecurity: boolean;
    quantityDecimalPlaces: number;
  }[];
  movements: (Omit<MovementView, 'ord'> & { direction: 'IN' | 'OUT'; ord: number })[];
}

const asDate = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);
const columns = (w: HeaderWrite) => ({
  documentTypeId: w.documentTypeId,
  name: w.name,
  description: w.description,
  exDate: asDate(w.exDate),
  payDate: asDate(w.payDate),
  startDate: asDate(w.startDate),
  tradeDate: asDate(w.tradeDate),
  layerUuid: w.layerUuid,
  parentSecurityPrice: w.parentSecurityPrice,
  fractionPrice: w.fractionPrice ?? null,
  ...(w.processingOverride && { processingOverride: { ...w.processingOverride } }),
  securityId: w.securityId,
  sedol: w.sedol,
  isin: w.isin,
  securityName: w.securityName,
  quantityDecimalPlaces: w.quantityDecimalPlaces,
});
const children = (w: HeaderWrite) => ({
  lines: {
    create: w.lines.map((l) => ({ uuid: crypto.randomUUID(), ...l, newSecurity: l.newSecurity })),
  },
  movementPortfolios: { create: w.movements },
});

const DATE_COLUMN: Record<SearchDateType, string> = {
  PAY_DATE: 'payDate',
  EX_DATE: 'exDate',
  TRADE_DATE: 'tradeDate',
  CREATED_DATE: 'createdAt',
  LAST_MODIFIED_DATE: 'updatedAt',
};

/** The organisation's headers a search's filters find; a term matches code, SEDOL, ISIN, security or name. */
export function headerWhere(
  organisationUuid: string,
  filter: HeaderFilter & { term?: string },
): Prisma.HeaderWhereInput {
  const column = DATE_COLUMN[filter.dateType];
  const end = filter.to ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000) : null;
  const term = (filter.term ?? '').trim();
  return {
    organisationUuid,
    documentType: {
      documentTypeCode: filter.documentTypeCode,
      ...(filter.typeUuid && { uuid: filter.typeUuid }),
    },
    ...(filter.status && { status: filter.status }),
    ...(filter.securityId > 0 && { securityId: filter.securityId }),
    ...(filter.layerUuid && { layerUuid: filter.layerUuid }),
    ...((filter.from || end) && {
      [column]: { ...(filter.from && { gte: new Date(`${filter.from}T00:00:00Z`) }), ...(end && { lt: end }) },
    }),
    ...(term && {
      OR: ['code', 'sedol', 'isin', 'securityName', 'name'].map((c) => ({
        [c]: { contains: term, mode: 'insensitive' as const },
      })),
    }),
  };
}

/** Headers, always read and written for one organisation. */
export function createHeaderStore(prisma: DocumentsPrisma) {
  const counts = async (headerId: number): Promise<HeaderView['counts']> => {
    const rows = await prisma.candidate.groupBy({ by: ['status'], where: { headerId }, _count: true });
    const n = (...statuses: string[]) =>
      rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r._count, 0);
    const edited = await prisma.candidate.count({ where: { headerId, edited: true } });
    const previewsEdited = await prisma.preview.count({ where: { candidate: { headerId }, edited: true } });
    const posted = await prisma.preview.count({
      where: { candidate: { headerId }, postedTransactionUuid: { not: null }, reversalTransactionUuid: null },
    });
    const header = await prisma.header.findUniqueOrThrow({ where: { id: headerId }, select: { runCount: true } });
    const all = rows.reduce((sum, r) => sum + r._count, 0);
    return {
      candidates: all,
      successes: n('PROCESSED'),
      failures: n('FAILED'),
      runCandidates: n('PROCESSED', 'FAILED', 'PARTIALLY_PROCESSED'),
      runSuccesses: n('PROCESSED'),
      runFailures: n('FAILED'),
      runs: header.runCount,
      candidatesEdited: edited,
      previewsEdited,
      postedTransactions: posted,
    };
  };
  const layerName = async (h: HeaderRow) =>
    h.layerUuid ? ((await prisma.layer.findUnique({ where: { uuid: h.layerUuid } }))?.name ?? '') : '';
  const full = async (h: HeaderRow, orgName: string) => view(h, await layerName(h), orgName, await counts(h.id));

  return {
    async get(organisationUuid: string, uuid: string, orgName: string): Promise<HeaderView | null> {
      const h = await prisma.header.findFirst({ where: { organisationUuid, uuid }, include: FULL });
      return h && full(h, orgName);
    },

    /** The row a change starts from: its status and version (null when the organisation has no such header). */
    async state(organisationUuid: string, uuid: string) {
      return prisma.header.findFirst({
        where: { organisationUuid, uuid },
        select: { id: true, status: true, version: true, documentTypeId: true, securityId: true },
      });
    },

    /** A new header numbered within the organisation and its kind (CA-000001, PM-000001). */
    async create(
      organisationUuid: string,
      kind: string,
      status: string,
      w: HeaderWrite,
      byName: string,
      orgName: string,
    ): Promise<HeaderView> {
      const h = await prisma.$transaction(async (tx) => {
        // one numbering at a time per organisation and kind
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${organisationUuid}:${kind}`}))`;
        const last = await tx.header.findFirst({
          where: { organisationUuid, code: { startsWith: `${kind}-` } },
          orderBy: { code: 'desc' },
          select: { code: true },
        });
        const next = last ? Number(last.code.slice(kind.length + 1)) + 1 : 1;
        const created = await tx.header.create({
          data: {
            uuid: crypto.randomUUID(),
            organisationUuid,
            code: `${kind}-${String(next).padStart(6, '0')}`,
            status,
            createdByName: byName,
            updatedByName: byName,
            ...columns(w),
            ...children(w),
          },
          include: FULL,
        });
        // the type's processing override is the header's own from now on (a later change of the type leaves it)
        if (!w.processingOverride)
          await tx.$executeRaw`
          UPDATE header h SET processing_override = t.processing_override
          FROM document_type t WHERE t.id = h.document_type_id AND h.id = ${created.id}`;
        await tx.headerAudit.create({
          data: { headerId: created.id, byName, action: 'CREATE', toStatus: status },
        });
        return created;
      });
      return full(h, orgName);
    },

    /** The terms replaced, if the version is still `version`; null when it is not (a stale edit). */
    async update(
      organisationUuid: string,
      uuid: string,
      version: number,
      w: HeaderWrite,
      byName: string,
      orgName: string,
    ): Promise<HeaderView | null> {
      const h = await prisma.$transaction(async (tx) => {
        const found = await tx.header.findFirst({ where: { organisationUuid, uuid }, select: { id: true } });
        if (!found) return null;
        const { count } = await tx.header.updateMany({
          where: { id: found.id, version },
          data: {
            ...columns(w),
            version: { increment: 1 },
            updatedAt: new Date(),
            updatedByName: byName,
            edited: true,
          },
        });
        if (count === 0) return null;
        await tx.headerLine.deleteMany({ where: { headerId: found.id } });
        await tx.movementPortfolio.deleteMany({ where: { headerId: found.id } });
        await tx.header.update({ where: { id: found.id }, data: children(w) });
        await tx.headerAudit.create({ data: { headerId: found.id, byName, action: 'UPDATE' } });
        return tx.header.findUniqueOrThrow({ where: { id: found.id }, include: FULL });
      });
      return h && full(h, orgName);
    },

    /** Drops the candidates of earlier terms and marks the header as finding its candidates under `jobUuid`. */
    async beginCandidates(organisationUuid: string, uuid: string, jobUuid: string, byName: string): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const h = await tx.header.findFirstOrThrow({
          where: { organisationUuid, uuid },
          select: { id: true, status: true },
        });
        await tx.candidate.deleteMany({ where: { headerId: h.id } });
        await tx.header.update({ where: { id: h.id }, data: { status: 'CREATING_CANDIDATES', jobUuid } });
        await tx.headerAudit.create({
          data: { headerId: h.id, byName, action: 'STATUS', fromStatus: h.status, toStatus: 'CREATING_CANDIDATES' },
        });
      });
    },

    /**
     * Marks the header as `toStatus` (a job's in-progress status) under `jobUuid`, if it is still in the status its
     * caller checked (two requests at once: the second finds it changed); false when it is not.
     */
    async beginJob(
      organisationUuid: string,
      uuid: string,
      checkedStatus: string,
      toStatus: string,
      jobUuid: string,
      byName: string,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const h = await tx.header.findFirstOrThrow({ where: { organisationUuid, uuid }, select: { id: true } });
        const { count } = await tx.header.updateMany({
          where: { id: h.id, status: checkedStatus },
          data: { status: toStatus, jobUuid },
        });
        if (count === 0) return false;
        await tx.headerAudit.create({
          data: { headerId: h.id, byName, action: toStatus, fromStatus: checkedStatus, toStatus },
        });
        return true;
      });
    },

    /**
     * Live headers (of one organisation, or every one for the timer) whose processing override asks for auto
     * processing, PENDING or EDIT, with what they have to post and how many candidates wait for a review.
     */
    async autoProcessCandidates(organisationUuid: string | null): Promise<AutoProcessHeader[]> {
      const rows = await prisma.$queryRaw<(Omit<AutoProcessHeader, 'override'> & { override: unknown })[]>`
        WITH o AS (
          SELECT h.id, h.organisation_uuid, h.uuid, h.code, h.status, h.pay_date, h.start_date,
                 -- its own, copied from its type when made; a header made before headers kept one follows its type
                 CASE WHEN h.processing_override = '{}'::jsonb THEN t.processing_override
                      ELSE h.processing_override END AS override
          FROM header h JOIN document_type t ON t.id = h.document_type_id
          WHERE h.status IN ('PENDING', 'EDIT')
            AND (${organisationUuid}::uuid IS NULL OR h.organisation_uuid = ${organisationUuid}::uuid))
        SELECT o.organisation_uuid::text AS "organisationUuid", o.uuid::text AS uuid, o.code, o.status,
               to_char(o.pay_date, 'YYYY-MM-DD') AS "payDate", to_char(o.start_date, 'YYYY-MM-DD') AS "startDate",
               o.override,
               (SELECT count(*)::int FROM candidate c WHERE c.header_id = o.id AND c.status = 'PENDING_DIFF')
                 AS differing,
               (SELECT count(*)::int FROM candidate c WHERE c.header_id = o.id AND c.status IN ('PENDING', 'EDIT'))
                 AS "toPost"
        FROM o WHERE (o.override->>'autoProcess')::boolean IS TRUE ORDER BY o.id`;
      return rows.map((r) => ({ ...r, override: processingOverrideOf(r.override) }));
    },

    /** A page of the organisation's headers of one kind, newest first; the date range is whole days. */
    async search(
      organisationUuid: string,
      filter: {
        documentTypeCode: string;
        typeUuid: string;
        status: string;
        securityId: number;
        layerUuid: string;
        dateType: SearchDateType;
        from: string | null;
        to: string | null;
        term: string;
        page: number;
        size: number;
      },
      orgName: string,
    ): Promise<{ content: HeaderView[]; totalSize: number }> {
      const where = headerWhere(organisationUuid, filter);
      const [rows, total] = await Promise.all([
        prisma.header.findMany({
          where,
          include: FULL,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: filter.page * filter.size,
          take: filter.size,
        }),
        prisma.header.count({ where }),
      ]);
      return { content: await Promise.all(rows.map((h) => full(h, orgName))), totalSize: total };
    },

    /** The CA reports: up to `limit` of the headers a search finds, oldest first, after the id `afterId`. */
    async exportPage(
      organisationUuid: string,
      filter: HeaderFilter,
      afterId: number,
      limit: number,
      orgName: string,
    ): Promise<{ content: HeaderView[]; lastId: number | null }> {
      const rows = await prisma.header.findMany({
        where: { ...headerWhere(organisationUuid, filter), id: { gt: afterId } },
        include: FULL,
        orderBy: { id: 'asc' },
        take: limit,
      });
      const content: HeaderView[] = [];
      // One header at a time: each reads its counts, and a page of a thousand must not open a thousand queries.
      for (const h of rows) content.push(await full(h, orgName));
      return { content, lastId: rows.length === limit ? rows[rows.length - 1]!.id : null };
    },
  };
}

export type HeaderStore = ReturnType<typeof createHeaderStore>;
