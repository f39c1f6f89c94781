import path from 'node:path';
import { outboxOnlyModule } from '@gains/service-kit';

export const taxEngineModule = outboxOnlyModule(
  'tax-engine',
  'tax_engine',
  path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
);
