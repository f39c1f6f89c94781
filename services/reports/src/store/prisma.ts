import type pg from 'pg';
import { prismaAdapter } from '@gains/service-kit';
import { PrismaClient } from './generated/client';

export type ReportsPrisma = PrismaClient;
export type ReportsTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createReportsPrisma(pool: pg.Pool, schema: string): ReportsPrisma {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
