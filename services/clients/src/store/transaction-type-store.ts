import crypto from 'node:crypto';
import { aborted } from '@gains/errors';
import { SYSTEM_TRANSACTION_TYPES, type TransactionTypeRecord } from '../domain/transaction-types';
import type { TransactionType } from './generated/client';
import type { ClientsPrisma } from './prisma';

export type TransactionTypeFields = Pick<
  TransactionTypeRecord,
  | 'name'
  | 'description'
  | 'direction'
  | 'requiredFields'
  | 'effect'
  | 'incomeType'
  | 'corporateAction'
  | 'allowZeroQuantity'
  | 'active'
>;

function toRecord(row: TransactionType): TransactionTypeRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    organisationUuid: row.organisationUuid,
    name: row.name,
    description: row.description,
    direction: row.direction,
    requiredFields: row.requiredFields,
    effect: row.effect,
    incomeType: row.incomeType,
    corporateAction: row.corporateAction,
    allowZeroQuantity: row.allowZeroQuantity,
    active: row.active,
    version: row.version,
    lastModifiedDate: row.updatedAt.toISOString(),
    lastModifiedByName: row.updatedBy,
  };
}

/** The types a firm sees: the system's and its own. */
const visibleTo = (organisationUuid: string) => ({
  OR: [{ organisationUuid: null }, { organisationUuid }],
});

export function createTransactionTypeStore(prisma: ClientsPrisma) {
  // Compared as text, whatever its case (not ILIKE, where a name holding % or a backslash would be a pattern).
  async function idsNamed(organisationUuid: string, name: string): Promise<number[]> {
    const rows = await prisma.$queryRaw<{ id: number }[]>`
      SELECT id FROM transaction_type
       WHERE lower(name) = lower(${name}) AND (organisation_uuid IS NULL OR organisation_uuid = ${organisationUuid}::uuid)`;
    return rows.map((r) => r.id);
  }

  return {
    /**
     * Ships the system types, idempotently at every start: what they mean (name, effect, fields) follows the
     * release; the description and active flag a provider admin may have changed are kept.
     */
    async seedSystemTypes(): Promise<void> {
      for (const type of SYSTEM_TRANSACTION_TYPES) {
        const meaning = {
          name: type.name,
          direction: type.direction,
          requiredFields: type.requiredFields,
          effect: type.effect,
          incomeType: type.incomeType,
          corporateAction: type.corporateAction,
          allowZeroQuantity: type.allowZeroQuantity,
        };
        await prisma.transactionType.upsert({
          where: { uuid: type.uuid },
          create: { uuid: type.uuid, organisationUuid: null, description: type.description, ...meaning },
          update: meaning,
        });
      }
    },

    async list(organisationUuid: string, activeOnly: boolean): Promise<TransactionTypeRecord[]> {
      const rows = await prisma.transactionType.findMany({
        where: { ...visibleTo(organisationUuid), ...(activeOnly ? { active: true } : {}) },
        orderBy: [{ organisationUuid: { sort: 'asc', nulls: 'first' } }, { name: 'asc' }],
      });
      return rows.map(toRecord);
    },

    async findByUuid(organisationUuid: string, uuid: string): Promise<TransactionTypeRecord | null> {
      const row = await prisma.transactionType.findFirst({ where: { uuid, ...visibleTo(organisationUuid) } });
      return row && toRecord(row);
    },

    /** By name, whatever its case (names are unique in a firm among its own and the system's). */
    async findByName(organisationUuid: string, name: string): Promise<TransactionTypeRecord | null> {
      const rows = await prisma.transactionType.findMany({
        where: { id: { in: await idsNamed(organisationUuid, name) } },
      });
      const row = rows.find((r) => r.name === name) ?? rows[0];
      return row ? toRecord(row) : null;
    },

    async nameTaken(organisationUuid: string, name: string, exceptUuid: string): Promise<boolean> {
      const ids = await idsNamed(organisationUuid, name);
      if (ids.length === 0) return false;
      const others = await prisma.transactionType.count({
        where: { id: { in: ids }, ...(exceptUuid ? { NOT: { uuid: exceptUuid } } : {}) },
      });
      return others > 0;
    },

    async insert(
      organisationUuid: string,
      fields: TransactionTypeFields,
      actorName: string,
    ): Promise<TransactionTypeRecord> {
      const row = await prisma.transactionType.create({
        data: { uuid: crypto.randomUUID(), organisationUuid, ...fields, updatedBy: actorName },
      });
      return toRecord(row);
    },

    /** Stale version: ABORTED, nothing changed. */
    async update(
      uuid: string,
      version: number,
      fields: Partial<TransactionTypeFields>,
      actorName: string,
    ): Promise<TransactionTypeRecord> {
      const { count } = await prisma.transactionType.updateMany({
        where: { uuid, version },
        data: { ...fields, updatedBy: actorName, version: { increment: 1 } },
      });
      if (count === 0) {
        throw aborted(`Transaction type ${fields.name ?? uuid} was changed by someone else; reload it and try again`);
      }
      return toRecord((await prisma.transactionType.findUnique({ where: { uuid } }))!);
    },
  };
}
export type TransactionTypeStore = ReturnType<typeof createTransactionTypeStore>;
