import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { DomainError } from '@gains/errors';
import { Prisma } from './generated/client';
import type { IdentityPrisma } from './prisma';

export interface CustomerSettings {
  usePriceAgingDays: boolean;
  oldPriceAgeDays: number | null;
  reconcileCost: boolean;
  holdingVariance: string;
  valuationCostVariance: string;
  allowClientTypeUpdateViaFeed: boolean;
}

export interface OrganisationRecord {
  id: number;
  uuid: string;
  code: string;
  name: string;
  type: string;
  parentId: number | null;
  serviceLevelId: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  mfaRequired: boolean;
  customer: CustomerSettings | null;
}

export interface OrganisationData {
  code: string;
  name: string;
  type: string;
  parentId: number | null;
  serviceLevelId: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  mfaRequired: boolean;
  customer: CustomerSettings | null;
}

type Row = Omit<OrganisationRecord, 'customer'> & { customer: unknown };

function toRecord(row: Row): OrganisationRecord {
  const { createdAt: _c, updatedAt: _u, ...rest } = row as Row & { createdAt?: Date; updatedAt?: Date };
  return { ...rest, customer: (row.customer as CustomerSettings | null) ?? null };
}

function toColumns<D extends OrganisationData>(data: D) {
  const customer: Prisma.InputJsonObject | typeof Prisma.DbNull =
    data.customer === null ? Prisma.DbNull : ({ ...data.customer } as Prisma.InputJsonObject);
  return { ...data, customer };
}

function duplicateCode(error: unknown): never {
  if ((error as { code?: string }).code === 'P2002') {
    throw new DomainError('ALREADY_EXISTS', 'An organisation with this code already exists', 'code');
  }
  throw error;
}

export function createOrganisationStore(prisma: IdentityPrisma) {
  return {
    async findByUuid(uuid: string): Promise<OrganisationRecord | null> {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
      const row = await prisma.organisation.findUnique({ where: { uuid } });
      return row && toRecord(row);
    },
    async findById(id: number): Promise<OrganisationRecord | null> {
      const row = await prisma.organisation.findUnique({ where: { id } });
      return row && toRecord(row);
    },
    async findByCode(code: string): Promise<OrganisationRecord | null> {
      const row = await prisma.organisation.findUnique({ where: { code } });
      return row && toRecord(row);
    },
    async listAll(): Promise<OrganisationRecord[]> {
      return (await prisma.organisation.findMany({ orderBy: { code: 'asc' } })).map(toRecord);
    },
    async listByUuids(uuids: string[]): Promise<OrganisationRecord[]> {
      return (await prisma.organisation.findMany({ where: { uuid: { in: uuids } }, orderBy: { code: 'asc' } })).map(
        toRecord,
      );
    },
    async listByType(type: string): Promise<OrganisationRecord[]> {
      return (await prisma.organisation.findMany({ where: { type }, orderBy: { code: 'asc' } })).map(toRecord);
    },
    async listChildren(parentId: number): Promise<OrganisationRecord[]> {
      return (await prisma.organisation.findMany({ where: { parentId }, orderBy: { code: 'asc' } })).map(toRecord);
    },
    async listByIds(ids: number[]): Promise<OrganisationRecord[]> {
      return (await prisma.organisation.findMany({ where: { id: { in: ids } } })).map(toRecord);
    },
    /** Organisations whose code or name contains the term, optionally only of the given types. */
    async search(term: string, types?: string[]): Promise<OrganisationRecord[]> {
      const rows = await prisma.organisation.findMany({
        where: {
          ...(term
            ? {
                OR: [
                  { code: { contains: term, mode: 'insensitive' } },
                  { name: { contains: term, mode: 'insensitive' } },
                ],
              }
            : {}),
          ...(types ? { type: { in: types } } : {}),
        },
        orderBy: { code: 'asc' },
        take: 100,
      });
      return rows.map(toRecord);
    },
    async count(): Promise<number> {
      return prisma.organisation.count();
    },
    /** Inserts the organisation and its events in one transaction. */
    async insert(
      data: OrganisationData & { uuid: string },
      events: (created: OrganisationRecord) => OutboxEvent[],
    ): Promise<OrganisationRecord> {
      return prisma
        .$transaction(async (tx) => {
          const created = toRecord(await tx.organisation.create({ data: toColumns(data) }));
          await appendToOutbox(tx, events(created));
          return created;
        })
        .catch(duplicateCode);
    },
    /** Updates the organisation and writes its events in one transaction. */
    async update(
      id: number,
      data: OrganisationData,
      events: (updated: OrganisationRecord) => OutboxEvent[],
    ): Promise<OrganisationRecord> {
      return prisma
        .$transaction(async (tx) => {
          const columns = toColumns(data);
          const updated = toRecord(await tx.organisation.update({ where: { id }, data: columns }));
          await appendToOutbox(tx, events(updated));
          return updated;
        })
        .catch(duplicateCode);
    },
  };
}

export type OrganisationStore = ReturnType<typeof createOrganisationStore>;
