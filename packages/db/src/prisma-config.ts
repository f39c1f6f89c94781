import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';

/**
 * The Prisma CLI configuration every service shares. Prisma 6 is used with its wasm schema engine
 * (`engine: 'js'`) because the native engines cannot be downloaded on our machines. The CLI is used
 * only for `generate` and for authoring migrations (`migrate diff`); migrations are applied at start
 * by our own runner (see migrate.ts).
 */
export function servicePrismaConfig(serviceDir: string) {
  return {
    experimental: { adapter: true },
    engine: 'js' as const,
    schema: path.join(serviceDir, 'prisma'),
    migrations: { path: path.join(serviceDir, 'prisma', 'migrations') },
    async adapter() {
      return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? 'postgresql://localhost/gains' });
    },
  };
}
