import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type TaxEnginePrisma = PrismaClient;

export function createTaxEnginePrisma(pool: pg.Pool, schema: string): TaxEnginePrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
