import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type DocumentsPrisma = PrismaClient;

export function createDocumentsPrisma(pool: pg.Pool, schema: string): DocumentsPrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
