import { incomeTypeName } from '@gains/access';
import type { IncomeDiaryFrequency } from '@gains/contracts';
import type { CheckedDiary } from '../domain/income-diary-rules';
import type { Prisma } from './generated/client';
import type { DocumentsPrisma } from './prisma';

/** A header a diary made for one of its dates (or the failure in making it). */
export interface DiaryHeaderView {
  exDate: string;
  payDate: string;
  headerUuid: string;
  headerCode: string;
  headerStatus: string;
  failureReason: string;
  createdAt: string;
}

export interface IncomeDiaryView {
  uuid: string;
  organisationUuid: string;
  securityId: number;
  sedol: string;
  isin: string;
  securityName: string;
  incomeType: string;
  incomeTypeName: string;
  documentTypeUuid: string;
  documentTypeName: string;
  layerUuid: string;
  layerName: string;
  rate: string;
  perParent: string;
  nextExDate: string;
  nextPayDate: string;
  frequency: string;
  active: boolean;
  endDate: string;
  version: number;
  createdAt: string;
  createdByName: string;
  updatedAt: string;
  updatedByName: string;
  headers: DiaryHeaderView[];
  headerCount: number;
}

/** What a save writes (the security as the securities service named it). */
export interface DiaryWrite {
  securityId: number;
  sedol: string;
  isin: string;
  securityName: string;
  quantityDecimalPlaces: number;
  incomeType: string;
  documentTypeId: number;
  layerUuid: string;
  rate: string;
  perParent: string;
  nextExDate: string;
  nextPayDate: string;
  frequency: IncomeDiaryFrequency;
  active: boolean;
  endDate: string | null;
}

/** A due diary as the scheduler works it: what its header needs and where its schedule stands. */
export interface DueDiary extends CheckedDiary {
  id: number;
  uuid: string;
  organisationUuid: string;
  sedol: string;
  isin: string;
  securityName: string;
  quantityDecimalPlaces: number;
  active: boolean;
  scheduleExDate: string;
  schedulePayDate: string;
  stepsTaken: number;
}

export interface DiaryFilter {
  term: string;
  incomeType: string;
  frequency: string;
  active: boolean | null;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  size: number;
}

/** The grid's sortable columns and the column each sorts by. */
export const DIARY_SORTS = {
  nextExDate: 'nextExDate',
  nextPayDate: 'nextPayDate',
  securityName: 'securityName',
  sedol: 'sedol',
  incomeType: 'incomeType',
  frequency: 'frequency',
  rate: 'rate',
  active: 'active',
  updatedAt: 'updatedAt',
} as const;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const asDate = (d: string) => new Date(`${d}T00:00:00Z`);
/** A grid row needs only the count of its headers; a diary read alone lists them. */
const LIST_INCLUDE = {
  documentType: { select: { uuid: true, name: true } },
  _count: { select: { headers: true } },
} satisfies Prisma.IncomeDiaryInclude;
const INCLUDE = { ...LIST_INCLUDE, headers: { orderBy: { exDate: 'desc' } } } satisfies Prisma.IncomeDiaryInclude;
type DiaryRow = Prisma.IncomeDiaryGetPayload<{ include: typeof LIST_INCLUDE }> &
  Partial<Pick<Prisma.IncomeDiaryGetPayload<{ include: typeof INCLUDE }>, 'headers'>>;

/** Income diaries, always read and written for one organisation (the scheduler's claims by the diary's own id). */
export function createIncomeDiaryStore(prisma: DocumentsPrisma) {
  const view = async (d: DiaryRow, withHeaders: boolean): Promise<IncomeDiaryView> => {
    const headers = (withHeaders && d.headers) || [];
    const layer = await prisma.layer.findUnique({ where: { uuid: d.layerUuid }, select: { name: true } });
    const made = withHeaders
      ? await prisma.header.findMany({
          where: {
            organisationUuid: d.organisationUuid,
            uuid: { in: headers.flatMap((h) => (h.headerUuid ? [h.headerUuid] : [])) },
          },
          select: { uuid: true, code: true, status: true },
        })
      : [];
    const byUuid = new Map(made.map((h) => [h.uuid, h]));
    return {
      uuid: d.uuid,
      organisationUuid: d.organisationUuid,
      securityId: d.securityId,
      sedol: d.sedol,
      isin: d.isin,
      securityName: d.securityName,
      incomeType: d.incomeType,
      incomeTypeName: incomeTypeName(d.incomeType),
      documentTypeUuid: d.documentType.uuid,
      documentTypeName: d.documentType.name,
      layerUuid: d.layerUuid,
      layerName: layer?.name ?? '',
      rate: d.rate.toString(),
      perParent: d.perParent.toString(),
      nextExDate: day(d.nextExDate),
      nextPayDate: day(d.nextPayDate),
      frequency: d.frequency,
      active: d.active,
      endDate: day(d.endDate),
      version: d.version,
      createdAt: d.createdAt.toISOString(),
      createdByName: d.createdByName,
      updatedAt: d.updatedAt.toISOString(),
      updatedByName: d.updatedByName,
      headers: withHeaders
        ? headers.map((h) => ({
            exDate: day(h.exDate),
            payDate: day(h.payDate),
            headerUuid: h.headerUuid ?? '',
            headerCode: (h.headerUuid && byUuid.get(h.headerUuid)?.code) || '',
            headerStatus: (h.headerUuid && byUuid.get(h.headerUuid)?.status) || '',
            failureReason: h.failureReason,
            createdAt: h.createdAt.toISOString(),
          }))
        : [],
      headerCount: d._count.headers,
    };
  };
  const columns = (w: DiaryWrite) => ({
    securityId: w.securityId,
    sedol: w.sedol,
    isin: w.isin,
    securityName: w.securityName,
    quantityDecimalPlaces: w.quantityDecimalPlaces,
    incomeType: w.incomeType,
    documentTypeId: w.documentTypeId,
    layerUuid: w.layerUuid,
    rate: w.rate,
    perParent: w.perParent,
    nextExDate: asDate(w.nextExDate),
    nextPayDate: asDate(w.nextPayDate),
    // the dates a user sets start the schedule again from them
    scheduleExDate: asDate(w.nextExDate),
    schedulePayDate: asDate(w.nextPayDate),
    stepsTaken: 0,
    frequency: w.frequency,
    active: w.active,
    endDate: w.endDate ? asDate(w.endDate) : null,
  });

  return {
    async get(organisationUuid: string, uuid: string): Promise<IncomeDiaryView | null> {
      const d = await prisma.incomeDiary.findFirst({ where: { organisationUuid, uuid }, include: INCLUDE });
      return d && view(d, true);
    },

    async state(organisationUuid: string, uuid: string) {
      return prisma.incomeDiary.findFirst({
        where: { organisationUuid, uuid },
        select: {
          id: true,
          version: true,
          nextExDate: true,
          nextPayDate: true,
          frequency: true,
          _count: { select: { headers: true } },
        },
      });
    },

    async list(organisationUuid: string, f: DiaryFilter) {
      const term = f.term.trim();
      const where: Prisma.IncomeDiaryWhereInput = {
        organisationUuid,
        ...(f.incomeType ? { incomeType: f.incomeType } : {}),
        ...(f.frequency ? { frequency: f.frequency } : {}),
        ...(f.active === null ? {} : { active: f.active }),
        ...(term
          ? {
              OR: [
                { sedol: { contains: term, mode: 'insensitive' } },
                { isin: { contains: term, mode: 'insensitive' } },
                { securityName: { contains: term, mode: 'insensitive' } },
              ],
            }
          : {}),
      };
      const column = DIARY_SORTS[f.sort as keyof typeof DIARY_SORTS] ?? 'nextExDate';
      const [rows, total] = await Promise.all([
        prisma.incomeDiary.findMany({
          where,
          include: LIST_INCLUDE,
          orderBy: [{ [column]: f.direction }, { id: 'asc' }],
          skip: f.page * f.size,
          take: f.size,
        }),
        prisma.incomeDiary.count({ where }),
      ]);
      return { content: await Promise.all(rows.map((r) => view(r, false))), totalSize: total };
    },

    async insert(organisationUuid: string, w: DiaryWrite, byName: string): Promise<IncomeDiaryView> {
      const d = await prisma.incomeDiary.create({
        data: {
          uuid: crypto.randomUUID(),
          organisationUuid,
          ...columns(w),
          createdByName: byName,
          updatedByName: byName,
        },
        include: INCLUDE,
      });
      return view(d, true);
    },

    /**
     * The terms replaced if the version is still `version` (null when not: a stale edit). Dates kept as they were
     * keep the schedule's own dates and steps, so an edit of the rate alone does not restart the schedule.
     */
    async update(
      organisationUuid: string,
      uuid: string,
      version: number,
      w: DiaryWrite,
      byName: string,
    ): Promise<IncomeDiaryView | null> {
      const now = await prisma.incomeDiary.findFirst({ where: { organisationUuid, uuid } });
      if (!now) return null;
      const sameDates =
        day(now.nextExDate) === w.nextExDate && day(now.nextPayDate) === w.nextPayDate && now.frequency === w.frequency;
      const { scheduleExDate, schedulePayDate, stepsTaken, ...rest } = columns(w);
      const data = sameDates ? rest : { ...rest, scheduleExDate, schedulePayDate, stepsTaken };
      const changed = await prisma.incomeDiary.updateMany({
        where: { organisationUuid, uuid, version },
        data: { ...data, version: { increment: 1 }, updatedAt: new Date(), updatedByName: byName },
      });
      if (changed.count === 0) return null;
      return this.get(organisationUuid, uuid);
    },

    async remove(organisationUuid: string, uuid: string): Promise<boolean> {
      const gone = await prisma.incomeDiary.deleteMany({ where: { organisationUuid, uuid, headers: { none: {} } } });
      return gone.count > 0;
    },

    /** Diaries due on `today` (one organisation's, or every one's), oldest date first. */
    async due(today: string, organisationUuid: string | null, limit: number): Promise<DueDiary[]> {
      const rows = await prisma.incomeDiary.findMany({
        where: {
          active: true,
          nextExDate: { lte: asDate(today) },
          ...(organisationUuid ? { organisationUuid } : {}),
        },
        include: { documentType: { select: { uuid: true } } },
        orderBy: [{ nextExDate: 'asc' }, { id: 'asc' }],
        take: limit,
      });
      return rows.map((d) => ({
        id: d.id,
        uuid: d.uuid,
        organisationUuid: d.organisationUuid,
        securityId: d.securityId,
        sedol: d.sedol,
        isin: d.isin,
        securityName: d.securityName,
        quantityDecimalPlaces: d.quantityDecimalPlaces,
        incomeType: d.incomeType,
        documentTypeUuid: d.documentType.uuid,
        layerUuid: d.layerUuid,
        rate: d.rate.toString(),
        perParent: d.perParent.toString(),
        nextExDate: day(d.nextExDate),
        nextPayDate: day(d.nextPayDate),
        frequency: d.frequency as IncomeDiaryFrequency,
        active: d.active,
        endDate: d.endDate ? day(d.endDate) : null,
        scheduleExDate: day(d.scheduleExDate),
        schedulePayDate: day(d.schedulePayDate),
        stepsTaken: d.stepsTaken,
      }));
    },

    /**
     * Claims a diary's date for one header, in one transaction with the diary locked: the date is recorded (unique
     * per diary and ex date) and the diary moved on to `next`. Null when another run got there first (the diary
     * is no longer at that date, or the date is already recorded): then no header is made.
     */
    async claim(
      diaryId: number,
      exDate: string,
      payDate: string,
      next: { active: boolean; stepsTaken: number; nextExDate: string | null; nextPayDate: string | null },
    ): Promise<number | null> {
      return prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ next_ex_date: Date; active: boolean }[]>`
          SELECT next_ex_date, active FROM income_diary WHERE id = ${diaryId} FOR UPDATE`;
        const row = locked[0];
        if (!row || !row.active || day(row.next_ex_date) !== exDate) return null;
        const inserted = await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO income_diary_header (diary_id, ex_date, pay_date)
          VALUES (${diaryId}, ${asDate(exDate)}, ${asDate(payDate)})
          ON CONFLICT (diary_id, ex_date) DO NOTHING RETURNING id`;
        if (inserted.length === 0) return null;
        await tx.incomeDiary.update({
          where: { id: diaryId },
          data: {
            active: next.active,
            stepsTaken: next.stepsTaken,
            ...(next.nextExDate ? { nextExDate: asDate(next.nextExDate) } : {}),
            ...(next.nextPayDate ? { nextPayDate: asDate(next.nextPayDate) } : {}),
            version: { increment: 1 },
            updatedAt: new Date(),
            updatedByName: 'Income diary',
          },
        });
        return inserted[0]!.id;
      });
    },

    async madeHeader(claimId: number, headerUuid: string) {
      await prisma.incomeDiaryHeader.update({ where: { id: claimId }, data: { headerUuid } });
    },

    async failed(claimId: number, reason: string) {
      await prisma.incomeDiaryHeader.update({ where: { id: claimId }, data: { failureReason: reason.slice(0, 1000) } });
    },

    async claimView(claimId: number, organisationUuid: string): Promise<DiaryHeaderView> {
      const h = await prisma.incomeDiaryHeader.findUniqueOrThrow({ where: { id: claimId } });
      const header = h.headerUuid
        ? await prisma.header.findFirst({
            where: { organisationUuid, uuid: h.headerUuid },
            select: { code: true, status: true },
          })
        : null;
      return {
        exDate: day(h.exDate),
        payDate: day(h.payDate),
        headerUuid: h.headerUuid ?? '',
        headerCode: header?.code ?? '',
        headerStatus: header?.status ?? '',
        failureReason: h.failureReason,
        createdAt: h.createdAt.toISOString(),
      };
    },

    /** The securities of the organisation's active diaries paying from `from` to `to` (the coming period). */
    async payingSecurities(organisationUuid: string, from: string, to: string): Promise<number[]> {
      const rows = await prisma.incomeDiary.findMany({
        where: { organisationUuid, active: true, nextPayDate: { gte: asDate(from), lte: asDate(to) } },
        select: { securityId: true },
        distinct: ['securityId'],
      });
      return rows.map((r) => r.securityId);
    },

    /** Clients with a candidate of an income header still to post (PENDING or EDIT) in a live header. */
    async clientsWithUnpostedIncome(organisationUuid: string): Promise<string[]> {
      const rows = await prisma.candidate.findMany({
        where: {
          status: { in: ['PENDING', 'EDIT'] },
          header: {
            organisationUuid,
            documentType: { income: true },
            status: { notIn: ['DELETED', 'DELETING', 'REVERSED', 'REVERSING'] },
          },
        },
        select: { clientUuid: true },
        distinct: ['clientUuid'],
      });
      return rows.map((r) => r.clientUuid);
    },

    /** Organisations with a diary or an income header: those whose 'Income Pending' the timer keeps. */
    async organisationsWithIncome(): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ organisation_uuid: string }[]>`
        SELECT organisation_uuid FROM income_diary
        UNION
        SELECT h.organisation_uuid FROM header h JOIN document_type t ON t.id = h.document_type_id WHERE t.income`;
      return rows.map((r) => r.organisation_uuid);
    },
  };
}

export type IncomeDiaryStore = ReturnType<typeof createIncomeDiaryStore>;
