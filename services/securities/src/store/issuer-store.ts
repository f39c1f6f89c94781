import crypto from 'node:crypto';
import type { Issuer } from '@gains/contracts';
import type { IssuerFields } from '../domain/security-rules';
import { writeAudit, type AuditRecord } from './audit';
import { likeEscape } from './security-store';
import type { SecuritiesPrisma, SecuritiesTx } from './prisma';

export function createIssuerStore(prisma: SecuritiesPrisma) {
  async function findByUuid(uuid: string, db: SecuritiesPrisma | SecuritiesTx = prisma): Promise<Issuer | undefined> {
    const rows = await db.$queryRaw<Issuer[]>`
      SELECT i.uuid::text AS uuid, i.name, i.long_name AS "longName",
             (SELECT count(*)::int FROM security s WHERE s.issuer_uuid = i.uuid) AS "securityCount"
        FROM issuer i WHERE i.uuid = ${uuid}::uuid`;
    return rows[0];
  }
  return {
    findByUuid,

    async list(term: string): Promise<Issuer[]> {
      const contains = `%${likeEscape(term)}%`;
      return prisma.$queryRaw<Issuer[]>`
        SELECT i.uuid::text AS uuid, i.name, i.long_name AS "longName", count(s.id)::int AS "securityCount"
          FROM issuer i LEFT JOIN security s ON s.issuer_uuid = i.uuid
         WHERE ${term} = '' OR i.name ILIKE ${contains} OR i.long_name ILIKE ${contains}
         GROUP BY i.uuid ORDER BY lower(i.name), i.uuid`;
    },

    async findByName(name: string): Promise<Issuer | undefined> {
      const row = await prisma.issuer.findFirst({ where: { name: { equals: name, mode: 'insensitive' } } });
      return row ? findByUuid(row.uuid) : undefined;
    },

    async insert(
      fields: IssuerFields,
      actorName: string,
      audit: (created: Issuer) => AuditRecord,
      tx?: SecuritiesTx,
      uuid: string = crypto.randomUUID(),
    ): Promise<Issuer> {
      const run = async (db: SecuritiesTx) => {
        await db.issuer.create({
          data: { uuid, name: fields.name, longName: fields.longName, updatedByName: actorName },
        });
        const created = (await findByUuid(uuid, db))!;
        await writeAudit(db, audit(created));
        return created;
      };
      return tx ? run(tx) : prisma.$transaction(run);
    },

    async update(
      uuid: string,
      fields: IssuerFields,
      actorName: string,
      audit: (updated: Issuer) => AuditRecord,
      tx?: SecuritiesTx,
    ): Promise<Issuer> {
      const run = async (db: SecuritiesTx) => {
        await db.issuer.update({
          where: { uuid },
          data: { name: fields.name, longName: fields.longName, updatedByName: actorName, updatedAt: new Date() },
        });
        const updated = (await findByUuid(uuid, db))!;
        await writeAudit(db, audit(updated));
        return updated;
      };
      return tx ? run(tx) : prisma.$transaction(run);
    },
  };
}
export type IssuerStore = ReturnType<typeof createIssuerStore>;
