import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';

/** A Prisma driver adapter over the service's schema-scoped pool. */
export function prismaAdapter(pool: pg.Pool, schema: string): PrismaPg {
  return new PrismaPg(pool, { schema });
}
