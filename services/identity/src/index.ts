import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { identity } from '@gains/proto';
import { DEFAULT_DEMO_PASSWORD, type ServiceModule } from '@gains/service-kit';
import { createTokenIssuer } from './domain/token-issuer';
import { createIdentityService, IDENTITY_PUBLIC_METHODS } from './rpc/identity-service';
import { createAuditStore } from './store/audit-store';
import { createOrganisationStore } from './store/organisation-store';
import { createIdentityPrisma } from './store/prisma';
import { seedDemoIdentity } from './store/seed-demo';
import { createSessionStore } from './store/session-store';
import { createSigningKeyStore } from './store/signing-key-store';
import { createUserStore } from './store/user-store';

const SCHEMA = 'identity';

export const identityModule: ServiceModule = {
  name: 'identity',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, env, seedDemo }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createIdentityPrisma(pool, SCHEMA);
    const deps = {
      users: createUserStore(prisma),
      organisations: createOrganisationStore(prisma),
      sessions: createSessionStore(prisma),
      audit: createAuditStore(prisma),
      tokens: await createTokenIssuer(createSigningKeyStore(prisma)),
      logger,
      now: () => new Date(),
    };
    const relay = createOutboxRelay({ pool, bus, logger });
    return {
      routes: (router) => router.service(identity.IdentityService, createIdentityService(deps)),
      publicMethods: IDENTITY_PUBLIC_METHODS,
      relay,
      async afterStart() {
        if (seedDemo && (await seedDemoIdentity(prisma, env.GAINS_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD))) {
          logger.info('seeded demo organisations and users');
          relay.kick();
        }
      },
      async stop() {
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
