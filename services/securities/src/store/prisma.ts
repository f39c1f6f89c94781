import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type SecuritiesPrisma = PrismaClient;
export type SecuritiesTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createSecuritiesPrisma(pool: pg.Pool, schema: string): SecuritiesPrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
