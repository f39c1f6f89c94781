import type { SecurityRecord } from '../domain/ledger';
import { dateText, decimalText } from './columns';
import type { Security } from './generated/client';
import type { ClientsPrisma, ClientsTx } from './prisma';

/** The read model of the securities service's securities and latest GBP prices. */

function toRecord(row: Security): SecurityRecord {
  return {
    id: row.id,
    sedol: row.sedol,
    isin: row.isin,
    securityName: row.securityName,
    reportingName: row.reportingName,
    issuerName: row.issuerName,
    currency: row.currency,
    assetClass: row.assetClass,
    cgtClass: row.cgtClass,
    status: row.status,
    quantityDecimalPlaces: row.quantityDecimalPlaces,
    priceGbp: decimalText(row.priceGbp, 8, true),
    priceDate: dateText(row.priceDate),
  };
}

export type SecurityFields = Omit<SecurityRecord, 'priceGbp' | 'priceDate' | 'reportingName' | 'issuerName'> &
  Partial<Pick<SecurityRecord, 'reportingName' | 'issuerName'>>;

export interface PriceFact {
  securityId: number;
  date: string;
  priceGbp: string;
}

/** Keeps the newest price only: an older price arriving late never overwrites a newer one. */
async function applyPrice(db: ClientsTx | ClientsPrisma, price: PriceFact): Promise<void> {
  await db.$executeRaw`
    UPDATE security SET price_gbp = ${price.priceGbp}::numeric, price_date = ${price.date}::date
     WHERE id = ${price.securityId} AND (price_date IS NULL OR price_date <= ${price.date}::date)`;
}

async function upsert(db: ClientsTx | ClientsPrisma, fields: SecurityFields): Promise<void> {
  const data = {
    sedol: fields.sedol,
    isin: fields.isin,
    securityName: fields.securityName,
    currency: fields.currency,
    assetClass: fields.assetClass,
    cgtClass: fields.cgtClass,
    status: fields.status,
    quantityDecimalPlaces: fields.quantityDecimalPlaces,
    ...(fields.reportingName !== undefined ? { reportingName: fields.reportingName } : {}),
    ...(fields.issuerName !== undefined ? { issuerName: fields.issuerName } : {}),
  };
  await db.security.upsert({ where: { id: fields.id }, create: { id: fields.id, ...data }, update: data });
}

export function createSecurityStore(prisma: ClientsPrisma) {
  return {
    async findById(id: number): Promise<SecurityRecord | null> {
      const row = await prisma.security.findUnique({ where: { id } });
      return row && toRecord(row);
    },

    /** A security read through from the securities service, with its latest price when it has one. */
    async remember(fields: SecurityFields, price: PriceFact | null): Promise<SecurityRecord> {
      await prisma.$transaction(async (tx) => {
        await upsert(tx, fields);
        if (price) await applyPrice(tx, price);
      });
      return (await this.findById(fields.id))!;
    },
  };
}
export type SecurityStore = ReturnType<typeof createSecurityStore>;

/** security.changed: the static data the ledger shows (never the price). */
export const upsertSecurity = upsert;
/** price.published: prices of securities the read model holds (others are read through when first used). */
export async function applyPrices(tx: ClientsTx, prices: PriceFact[]): Promise<void> {
  if (prices.length === 0) return;
  // One statement for the event's (up to 1,000) prices; the newest of each security's wins.
  await tx.$executeRaw`
    UPDATE security s SET price_gbp = p.price::numeric, price_date = p.date::date
      FROM (SELECT DISTINCT ON (id) id, date, price
              FROM unnest(${prices.map((p) => p.securityId)}::int[], ${prices.map((p) => p.date)}::text[],
                          ${prices.map((p) => p.priceGbp)}::text[]) AS x(id, date, price)
             ORDER BY id, date DESC) p
     WHERE s.id = p.id AND (s.price_date IS NULL OR s.price_date <= p.date::date)`;
}
