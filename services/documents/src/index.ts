import path from 'node:path';
import { outboxOnlyModule } from '@gains/service-kit';

export const documentsModule = outboxOnlyModule(
  'documents',
  'documents',
  path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
);
