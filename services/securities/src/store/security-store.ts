import type { Security, SecuritySearchResult, SecuritySortColumn } from '@gains/contracts';
import { DomainError } from '@gains/errors';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { Prisma } from './generated/client';
import type { SecurityFields } from '../domain/security-rules';
import type { AuditRecord } from './audit';
import { writeAudit } from './audit';
import type { SecuritiesPrisma, SecuritiesTx } from './prisma';

// Whitelisted: sort columns reach SQL only through this table.
const COLUMN_SQL: Record<SecuritySortColumn, string> = {
  id: 's.id',
  sedol: 's.sedol',
  isin: 's.isin',
  securityName: 'lower(s.security_name)',
  reportingName: 'lower(s.reporting_name)',
  issuerName: 'lower(i.name)',
  currency: 's.currency_code',
  assetClass: 's.asset_class',
  cgtClass: 's.cgt_class',
  status: 's.status',
  quantityDecimalPlaces: 's.quantity_decimal_places',
  lastModifiedDate: 's.updated_at',
};

const SELECT_SECURITY = Prisma.sql`
  SELECT s.id, s.sedol, s.isin, s.issuer_uuid::text AS "issuer", i.name AS "issuerName",
         i.long_name AS "issuerLongName", s.security_name AS "securityName", s.reporting_name AS "reportingName",
         s.description AS "securityDescription", s.long_description AS "securityLongDescription",
         s.currency_code AS "currency", s.asset_class AS "assetClass", s.cgt_class AS "cgtClass",
         s.quantity_decimal_places AS "quantityDecimalPlaces", s.status,
         to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
         to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastModifiedDate",
         s.updated_by_name AS "lastModifiedByName"
    FROM security s JOIN issuer i ON i.uuid = s.issuer_uuid`;

/** Escapes LIKE wildcards so a search for "50%" means the characters typed. */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export interface SecurityQuery {
  page: number;
  size: number;
  term: string;
  sort: { column: SecuritySortColumn; direction: 'asc' | 'desc' }[];
}

function toColumns(fields: SecurityFields) {
  return {
    sedol: fields.sedol,
    isin: fields.isin,
    issuerUuid: fields.issuer,
    securityName: fields.securityName,
    reportingName: fields.reportingName,
    description: fields.securityDescription,
    longDescription: fields.securityLongDescription,
    currencyCode: fields.currency,
    assetClass: fields.assetClass,
    cgtClass: fields.cgtClass,
    quantityDecimalPlaces: fields.quantityDecimalPlaces,
    status: fields.status,
  };
}

/** A SEDOL or ISIN taken between the use case's check and the write (two saves at once): 409, not 500. */
function duplicateCode(error: unknown): never {
  if ((error as { code?: string }).code === 'P2002') {
    const isin = JSON.stringify((error as { meta?: unknown }).meta ?? '').includes('isin');
    throw new DomainError(
      'ALREADY_EXISTS',
      `Another security has this ${isin ? 'ISIN' : 'SEDOL'}`,
      isin ? 'isin' : 'sedol',
    );
  }
  throw error;
}

export function createSecurityStore(prisma: SecuritiesPrisma) {
  async function findById(id: number, db: SecuritiesPrisma | SecuritiesTx = prisma): Promise<Security | undefined> {
    const rows = await db.$queryRaw<Security[]>`${SELECT_SECURITY} WHERE s.id = ${id}`;
    return rows[0];
  }

  return {
    findById,

    /** SEDOL, ISIN or id -> the security's id and currency, for the price upload. */
    async codeIndex(): Promise<Map<string, { id: number; currency: string }>> {
      const rows = await prisma.security.findMany({
        select: { id: true, sedol: true, isin: true, currencyCode: true },
      });
      const index = new Map<string, { id: number; currency: string }>();
      for (const r of rows) {
        const value = { id: r.id, currency: r.currencyCode };
        index.set(r.sedol, value);
        index.set(r.isin, value);
        index.set(String(r.id), value);
      }
      return index;
    },

    /**
     * At most `limit` securities matching by SEDOL, ISIN or name, ranked: an exact code (or id) first, then a
     * code or name starting with the term, then a name containing it; alphabetical within a rank.
     */
    async search(term: string, limit: number): Promise<SecuritySearchResult[]> {
      const upper = term.toUpperCase();
      const prefix = `${likeEscape(term)}%`;
      const contains = `%${likeEscape(term)}%`;
      return prisma.$queryRaw<SecuritySearchResult[]>`
        SELECT s.id, s.sedol, s.isin, s.reporting_name AS "reportingName", s.security_name AS "securityName",
               i.name AS "issuerName"
          FROM security s JOIN issuer i ON i.uuid = s.issuer_uuid
         WHERE s.sedol ILIKE ${contains} OR s.isin ILIKE ${contains} OR s.security_name ILIKE ${contains}
            OR s.reporting_name ILIKE ${contains} OR i.name ILIKE ${contains} OR s.id::text = ${term}
         ORDER BY CASE
                    WHEN s.sedol = ${upper} OR s.isin = ${upper} OR s.id::text = ${term} THEN 0
                    WHEN s.sedol ILIKE ${prefix} OR s.isin ILIKE ${prefix} OR s.security_name ILIKE ${prefix}
                      OR s.reporting_name ILIKE ${prefix} OR i.name ILIKE ${prefix} THEN 1
                    ELSE 2
                  END,
                  lower(s.security_name), s.id
         LIMIT ${limit}`;
    },

    async findPage(query: SecurityQuery): Promise<{ content: Security[]; totalSize: number }> {
      const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
      if (query.term) {
        const contains = `%${likeEscape(query.term)}%`;
        conditions.push(Prisma.sql`(s.sedol ILIKE ${contains} OR s.isin ILIKE ${contains}
          OR s.security_name ILIKE ${contains} OR s.reporting_name ILIKE ${contains} OR i.name ILIKE ${contains}
          OR s.asset_class ILIKE ${contains} OR s.currency_code ILIKE ${contains})`);
      }
      const where = Prisma.join(conditions, ' AND ');
      const orderBy = [...query.sort, { column: 'securityName' as const, direction: 'asc' as const }]
        .map((s) => `${COLUMN_SQL[s.column]} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`)
        .concat('s.id ASC')
        .join(', ');
      const [content, [{ n }]] = await Promise.all([
        prisma.$queryRaw<Security[]>`${SELECT_SECURITY} WHERE ${where}
          ORDER BY ${Prisma.raw(orderBy)} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
        prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM security s JOIN issuer i ON i.uuid = s.issuer_uuid
          WHERE ${where}`,
      ]);
      return { content, totalSize: Number(n) };
    },

    async sedolOrIsinTaken(sedol: string, isin: string, exceptId: number): Promise<'sedol' | 'isin' | undefined> {
      const rows = await prisma.security.findMany({
        where: { OR: [{ sedol }, { isin }], NOT: { id: exceptId } },
        select: { sedol: true, isin: true },
      });
      if (rows.some((r) => r.sedol === sedol)) return 'sedol';
      if (rows.some((r) => r.isin === isin)) return 'isin';
      return undefined;
    },

    /** Inserts a security with its audit entry and events in one transaction. */
    async insert(
      fields: SecurityFields,
      actorName: string,
      audit: (created: Security) => AuditRecord,
      events: (created: Security) => OutboxEvent[],
      tx?: SecuritiesTx,
    ): Promise<Security> {
      const run = async (db: SecuritiesTx) => {
        const row = await db.security.create({ data: { ...toColumns(fields), updatedByName: actorName } });
        const created = (await findById(row.id, db))!;
        await writeAudit(db, audit(created));
        await appendToOutbox(db, events(created));
        return created;
      };
      return (tx ? run(tx) : prisma.$transaction(run)).catch(duplicateCode);
    },

    /** Updates securities (all or none) with their audit entries and events in one transaction. */
    async updateMany(
      changes: { id: number; fields: SecurityFields }[],
      actorName: string,
      audit: (updated: Security, before: Security) => AuditRecord,
      events: (updated: Security) => OutboxEvent[],
      tx?: SecuritiesTx,
    ): Promise<Security[]> {
      const run = async (db: SecuritiesTx) => {
        const out: Security[] = [];
        for (const { id, fields } of changes) {
          const before = (await findById(id, db))!;
          await db.security.update({
            where: { id },
            data: { ...toColumns(fields), updatedByName: actorName, updatedAt: new Date() },
          });
          const updated = (await findById(id, db))!;
          await writeAudit(db, audit(updated, before));
          await appendToOutbox(db, events(updated));
          out.push(updated);
        }
        return out;
      };
      return (tx ? run(tx) : prisma.$transaction(run)).catch(duplicateCode);
    },
  };
}
export type SecurityStore = ReturnType<typeof createSecurityStore>;
