import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type IdentityPrisma = PrismaClient;
export type IdentityTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createIdentityPrisma(pool: pg.Pool, schema: string): IdentityPrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
