import crypto from 'node:crypto';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { aborted, DomainError } from '@gains/errors';
import type { CheckedClient } from '../domain/client-rules';
import { CLIENT_STATES, CLIENT_TYPES, type ReferenceItem } from '../domain/reference-lists';
import type { ClientListQuery, ClientListRow, ClientRecord } from '../domain/client-record';
import { dateText, decimalText } from './columns';
import { Prisma } from './generated/client';
import type { ClientsPrisma, ClientsTx } from './prisma';

export const FULL = {
  addresses: { orderBy: { id: 'asc' } },
  relationships: {
    orderBy: { id: 'asc' },
    include: { child: { select: { id: true, uuid: true, code: true, name: true } } },
  },
  taxOverrides: { orderBy: [{ taxYear: 'desc' }, { overrideType: 'asc' }] },
  _count: { select: { ownerships: true } },
} satisfies Prisma.ClientInclude;
type FullRow = Prisma.ClientGetPayload<{ include: typeof FULL }>;

/**
 * Client type and state are stored by name ("Individual", "Live"), as the clients grid shows and filters them; the
 * API speaks codes. A value no list knows is kept as it is.
 */
const nameOf = (list: ReferenceItem[], code: string) => list.find((i) => i.code === code)?.name ?? code;
const codeOf = (list: ReferenceItem[], stored: string) =>
  list.find((i) => i.name === stored || i.code === stored)?.code ?? stored;

const day = (text: string | undefined | null) => (text ? new Date(`${text}T00:00:00Z`) : null);

export function toRecord(row: FullRow, organisation: { id: number; code: string } | null): ClientRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    organisationUuid: row.organisationUuid,
    ouId: organisation?.id ?? 0,
    ouCode: organisation?.code ?? '',
    code: row.code,
    imsCode: row.imsCode,
    name: row.name,
    reportingName: row.reportingName,
    salutation: row.salutation,
    firstName: row.firstName,
    middleNames: row.middleNames,
    surname: row.surname,
    dateOfBirth: dateText(row.dateOfBirth),
    niNumber: row.niNumber,
    uniqueTaxPayerReference: row.uniqueTaxPayerReference,
    deceased: row.deceased,
    dateDeceased: dateText(row.dateDeceased),
    deceasedRepresentative: row.deceasedRepresentative,
    probateCompleted: row.probateCompleted,
    probateCompletedDate: dateText(row.probateCompletedDate),
    giaExecutorsPortfolioAdded: row.giaExecutorsPortfolioAdded,
    yearEndOverride: row.yearEndOverride,
    yearEndInput: row.yearEndInput,
    company: row.company,
    typeCode: codeOf(CLIENT_TYPES, row.type),
    stateCode: codeOf(CLIENT_STATES, row.state),
    serviceLevelCode: row.serviceLevel,
    countryOfResidenceCode: row.countryOfResidence,
    countryOfDomicileCode: row.countryOfDomicile,
    reportingFrequency: row.reportingFrequency,
    electronicReport: row.electronicReport,
    paperlessReport: row.paperlessReport,
    printedReport: row.printedReport,
    clientPortalReport: row.clientPortalReport,
    fatcaReporting: row.fatcaReporting,
    crsReporting: row.crsReporting,
    isaReporting: row.isaReporting,
    reportingRestrictionFrom: dateText(row.reportingRestrictionFrom),
    relationshipManagerCode: row.relationshipManagerCode,
    relationshipManagerName: row.relationshipManager,
    endDate: dateText(row.endDate),
    familyGroup: row.familyGroup,
    telephone: row.telephone,
    mobile: row.mobile,
    email: row.email,
    notes: row.notes,
    overrideReportTypeMapping: row.overrideReportTypeMapping,
    reportTypeMappings: Array.isArray(row.reportTypeMappings)
      ? (row.reportTypeMappings as { id: number; reportTypeId: number; generate: boolean }[])
      : [],
    inactive: row.inactive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    portfolioCount: row._count.ownerships,
    addresses: row.addresses.map((a) => ({
      id: a.id,
      uuid: a.uuid,
      code: a.code,
      typeCode: a.typeCode,
      ouCode: a.ouCode,
      name: a.name,
      line1: a.line1,
      line2: a.line2,
      line3: a.line3,
      town: a.town,
      county: a.county,
      postcode: a.postcode,
      country: a.country,
      status: a.status,
      primaryTaxCopy: a.primaryTaxCopy,
      additionalCopy: a.additionalCopy,
      coreInternalRef: a.coreInternalRef,
    })),
    relationships: row.relationships.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      childClientId: r.child.id,
      childClientUuid: r.child.uuid,
      childClientCode: r.child.code,
      childClientName: r.child.name,
      typeCode: r.typeCode,
      startDate: dateText(r.startDate),
      endDate: dateText(r.endDate),
      notes: r.notes,
    })),
    taxOverrides: row.taxOverrides.map((t) => ({
      uuid: t.uuid,
      taxYear: t.taxYear,
      overrideType: t.overrideType,
      amount: decimalText(t.amount, 2),
      percentage: decimalText(t.percentage, 6, true),
      rollover: t.rollover,
      notes: t.notes,
      createdAt: t.createdAt.toISOString(),
      createdBy: t.createdBy,
    })),
  };
}

export function columnsOf(c: CheckedClient) {
  return {
    code: c.code,
    imsCode: c.imsCode.trim(),
    name: c.name,
    reportingName: c.reportingName.trim(),
    salutation: c.salutation.trim(),
    firstName: c.firstName.trim(),
    middleNames: c.middleNames.trim(),
    surname: c.surname.trim(),
    dateOfBirth: day(c.dateOfBirth),
    niNumber: c.niNumber,
    uniqueTaxPayerReference: c.uniqueTaxPayerReference,
    deceased: c.deceased,
    dateDeceased: day(c.dateDeceased),
    deceasedRepresentative: c.deceasedRepresentative.trim(),
    probateCompleted: c.probateCompleted,
    probateCompletedDate: day(c.probateCompletedDate),
    giaExecutorsPortfolioAdded: c.giaExecutorsPortfolioAdded,
    yearEndOverride: c.yearEndOverride,
    yearEndInput: c.yearEndInput ?? null,
    company: c.company,
    type: nameOf(CLIENT_TYPES, c.typeCode),
    state: nameOf(CLIENT_STATES, c.stateCode),
    inactive: c.stateCode !== 'LIVE',
    serviceLevel: c.serviceLevelCode.trim(),
    countryOfResidence: c.countryOfResidenceCode,
    countryOfDomicile: c.countryOfDomicileCode,
    reportingFrequency: c.reportingFrequency,
    electronicReport: c.electronicReport,
    paperlessReport: c.paperlessReport,
    printedReport: c.printedReport,
    clientPortalReport: c.clientPortalReport,
    fatcaReporting: c.fatcaReporting,
    crsReporting: c.crsReporting,
    isaReporting: c.isaReporting,
    reportingRestrictionFrom: day(c.reportingRestrictionFrom),
    relationshipManagerCode: c.relationshipManagerCode.trim(),
    relationshipManager: c.relationshipManagerName.trim(),
    endDate: day(c.endDate),
    familyGroup: c.familyGroup.trim(),
    telephone: c.telephone.trim(),
    mobile: c.mobile.trim(),
    email: c.email,
    notes: c.notes,
    overrideReportTypeMapping: c.overrideReportTypeMapping,
    reportTypeMappings: c.reportTypeMappings as unknown as Prisma.InputJsonValue,
  };
}

// Whitelisted: sort columns reach SQL only through this table.
const LIST_SORT: Record<string, Prisma.ClientOrderByWithRelationInput> = {
  code: { code: 'asc' },
  name: { name: 'asc' },
  type: { type: 'asc' },
  state: { state: 'asc' },
  serviceLevel: { serviceLevel: 'asc' },
  relationshipManager: { relationshipManager: 'asc' },
  familyGroup: { familyGroup: 'asc' },
  niNumber: { niNumber: 'asc' },
  company: { company: 'asc' },
  lastModifiedDate: { updatedAt: 'asc' },
  lastModifiedByName: { updatedBy: 'asc' },
};
export const CLIENT_LIST_SORT_COLUMNS = Object.keys(LIST_SORT);

export function createClientRecordStore(prisma: ClientsPrisma) {
  const organisationOf = (uuid: string) =>
    prisma.organisation.findUnique({ where: { uuid }, select: { id: true, code: true } });

  async function writeNested(
    tx: ClientsTx,
    clientId: number,
    organisationUuid: string,
    c: CheckedClient,
    actor: string,
  ) {
    // Relationships name clients of the same organisation only.
    const childUuids = [...new Set(c.relationships.map((r) => r.childClientUuid))];
    const children = await tx.client.findMany({
      where: { organisationUuid, uuid: { in: childUuids } },
      select: { id: true, uuid: true },
    });
    const childId = new Map(children.map((ch) => [ch.uuid, ch.id]));
    c.relationships.forEach((r, i) => {
      const id = childId.get(r.childClientUuid);
      if (id === undefined) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          'The related client must be a client of this organisation',
          `relationships.${i}.childClientUuid`,
        );
      }
      if (id === clientId) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          'A client cannot be related to itself',
          `relationships.${i}.childClientUuid`,
        );
      }
    });
    // Rows keep their uuid; rows left out are removed.
    const keep = (rows: { uuid: string }[]) => rows.map((r) => r.uuid).filter(Boolean);
    await tx.address.deleteMany({ where: { clientId, uuid: { notIn: keep(c.addresses) } } });
    await tx.relationship.deleteMany({ where: { parentClientId: clientId, uuid: { notIn: keep(c.relationships) } } });
    await tx.taxOverride.deleteMany({ where: { clientId, uuid: { notIn: keep(c.taxOverrides) } } });
    for (const a of c.addresses) {
      const data = {
        code: a.code.trim(),
        typeCode: a.typeCode.trim() || 'HOME',
        ouCode: a.ouCode.trim(),
        name: a.name.trim(),
        line1: a.line1,
        line2: a.line2.trim(),
        line3: a.line3.trim(),
        town: a.town.trim(),
        county: a.county.trim(),
        postcode: a.postcode,
        country: a.country,
        status: a.status,
        primaryTaxCopy: a.primaryTaxCopy,
        additionalCopy: a.additionalCopy,
        coreInternalRef: a.coreInternalRef.trim(),
      };
      const { count } = a.uuid
        ? await tx.address.updateMany({ where: { clientId, uuid: a.uuid }, data })
        : { count: 0 };
      if (count === 0) await tx.address.create({ data: { ...data, uuid: crypto.randomUUID(), clientId } });
    }
    for (const r of c.relationships) {
      const data = {
        childClientId: childId.get(r.childClientUuid)!,
        typeCode: r.typeCode,
        startDate: day(r.startDate)!,
        endDate: day(r.endDate),
        notes: r.notes,
      };
      const { count } = r.uuid
        ? await tx.relationship.updateMany({ where: { parentClientId: clientId, uuid: r.uuid }, data })
        : { count: 0 };
      if (count === 0)
        await tx.relationship.create({ data: { ...data, uuid: crypto.randomUUID(), parentClientId: clientId } });
    }
    for (const t of c.taxOverrides) {
      const data = {
        taxYear: t.taxYear,
        overrideType: t.overrideType,
        amount: t.amount ?? null,
        percentage: t.percentage ?? null,
        rollover: t.rollover,
        notes: t.notes.trim(),
      };
      const { count } = t.uuid
        ? await tx.taxOverride.updateMany({ where: { clientId, uuid: t.uuid }, data })
        : { count: 0 };
      if (count === 0) {
        await tx.taxOverride.create({ data: { ...data, uuid: crypto.randomUUID(), clientId, createdBy: actor } });
      }
    }
  }

  return {
    async list(q: ClientListQuery): Promise<{ rows: ClientListRow[]; total: number }> {
      const term = q.term.trim();
      const where: Prisma.ClientWhereInput = {
        organisationUuid: q.organisationUuid,
        ...(q.company === undefined ? {} : { company: q.company }),
        ...(term
          ? {
              OR: ['code', 'name', 'reportingName', 'niNumber', 'relationshipManager', 'familyGroup'].map((f) => ({
                [f]: { contains: term, mode: 'insensitive' as const },
              })),
            }
          : {}),
      };
      const orderBy = [
        ...q.sort
          .filter((s) => LIST_SORT[s.column])
          .map((s) => {
            const [key] = Object.keys(LIST_SORT[s.column]!);
            return { [key!]: s.direction === 'desc' ? 'desc' : 'asc' } as Prisma.ClientOrderByWithRelationInput;
          }),
        { code: 'asc' as const },
      ];
      const [rows, total] = await Promise.all([
        prisma.client.findMany({
          where,
          orderBy,
          skip: (q.page - 1) * q.size,
          take: q.size,
          include: { _count: { select: { ownerships: true } } },
        }),
        prisma.client.count({ where }),
      ]);
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          uuid: r.uuid,
          code: r.code,
          name: r.name,
          typeCode: codeOf(CLIENT_TYPES, r.type),
          stateCode: codeOf(CLIENT_STATES, r.state),
          serviceLevel: r.serviceLevel,
          relationshipManager: r.relationshipManager,
          familyGroup: r.familyGroup,
          niNumber: r.niNumber,
          company: r.company,
          inactive: r.inactive,
          portfolioCount: r._count.ownerships,
          updatedAt: r.updatedAt.toISOString(),
          updatedBy: r.updatedBy,
        })),
      };
    },

    async get(organisationUuid: string, key: { id: number } | { uuid: string }): Promise<ClientRecord | null> {
      const row = await prisma.client.findFirst({ where: { organisationUuid, ...key }, include: FULL });
      return row ? toRecord(row, await organisationOf(organisationUuid)) : null;
    },

    async codeTaken(
      organisationUuid: string,
      code: string,
      exceptId: number,
    ): Promise<{ id: number; uuid: string; code: string; name: string } | null> {
      return prisma.client.findFirst({
        where: { organisationUuid, code: { equals: code, mode: 'insensitive' }, NOT: { id: exceptId } },
        select: { id: true, uuid: true, code: true, name: true },
      });
    },

    /** The first trade date in any of the client's portfolios (for its tax years). */
    async firstTradeDate(organisationUuid: string, clientId: number): Promise<string | null> {
      const row = await prisma.ledgerTransaction.findFirst({
        where: {
          organisationUuid,
          portfolioId: {
            in: (await prisma.portfolioOwner.findMany({ where: { clientId } })).map((o) => o.portfolioId),
          },
        },
        orderBy: { tradeDate: 'asc' },
        select: { tradeDate: true },
      });
      return row ? dateText(row.tradeDate) : null;
    },

    /** Creates the client and its nested rows, all or nothing, with the events in the same transaction. */
    async create(organisationUuid: string, c: CheckedClient, actor: string, events: (uuid: string) => OutboxEvent[]) {
      const uuid = crypto.randomUUID();
      const id = await prisma.$transaction(async (tx: ClientsTx) => {
        const created = await tx.client.create({
          data: { ...columnsOf(c), uuid, organisationUuid, createdBy: actor, updatedBy: actor },
          select: { id: true },
        });
        await writeNested(tx, created.id, organisationUuid, c, actor);
        await appendToOutbox(tx, events(uuid));
        return created.id;
      });
      return id;
    },

    /** Replaces the client at the version read (a stale one is ABORTED and nothing is written). */
    async update(
      organisationUuid: string,
      id: number,
      version: number,
      c: CheckedClient,
      actor: string,
      events: OutboxEvent[],
    ) {
      await prisma.$transaction(async (tx: ClientsTx) => {
        const { count } = await tx.client.updateMany({
          where: { id, organisationUuid, version },
          data: { ...columnsOf(c), updatedBy: actor, version: { increment: 1 } },
        });
        if (count === 0) {
          throw aborted(
            `Client ${c.code} was changed by someone else since it was read; reload it and try again`,
            'version',
          );
        }
        await writeNested(tx, id, organisationUuid, c, actor);
        await appendToOutbox(tx, events);
      });
    },
  };
}
export type ClientRecordStore = ReturnType<typeof createClientRecordStore>;
