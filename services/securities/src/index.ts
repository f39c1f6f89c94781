import path from 'node:path';
import { outboxOnlyModule } from '@gains/service-kit';

export const securitiesModule = outboxOnlyModule(
  'securities',
  'securities',
  path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
);
