import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { documents } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import type { DocumentsDeps } from './domain/deps';
import { createDocumentsService } from './rpc/documents-service';
import { createSources } from './rpc/sources';
import { createDocumentTypeStore } from './store/document-type-store';
import { createHeaderStore } from './store/header-store';
import { createLayerStore } from './store/layer-store';
import { createDocumentsPrisma } from './store/prisma';

const SCHEMA = 'documents';

export const documentsModule: ServiceModule = {
  name: 'documents',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, transports }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createDocumentsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    const types = createDocumentTypeStore(prisma);
    const deps: DocumentsDeps = {
      types,
      layers: createLayerStore(prisma),
      headers: createHeaderStore(prisma),
      ...createSources(transports),
    };
    return {
      routes: (router) => router.service(documents.DocumentsService, createDocumentsService(deps)),
      relay,
      // the system document types, brought up to date at every start (idempotent)
      async afterStart() {
        await types.seedSystemTypes();
      },
      async stop() {
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
