import path from 'node:path';
import { outboxOnlyModule } from '@gains/service-kit';

export const reportsModule = outboxOnlyModule(
  'reports',
  'reports',
  path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
);
