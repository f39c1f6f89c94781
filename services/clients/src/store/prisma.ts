import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type ClientsPrisma = PrismaClient;
export type ClientsTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createClientsPrisma(pool: pg.Pool, schema: string): ClientsPrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
