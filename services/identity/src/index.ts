import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { identity } from '@gains/proto';
import { DEFAULT_DEMO_PASSWORD, demoLargeRequested, type ServiceModule } from '@gains/service-kit';
import { identityConfig } from './config';
import { createAfterAnswer } from './background/after-answer';
import { createSecretCipher } from './domain/secret-cipher';
import type { IdentityDeps } from './domain/deps';
import { createTokenIssuer } from './domain/token-issuer';
import { createMailer } from './mail/mailer';
import { createIdentityService, IDENTITY_PUBLIC_METHODS } from './rpc/identity-service';
import { createAuditStore } from './store/audit-store';
import { createInvitationStore } from './store/invitation-store';
import { createMailStore } from './store/mail-store';
import { createPasswordResetStore } from './store/password-reset-store';
import { createServiceLevelStore } from './store/service-level-store';
import { createThrottleStore } from './store/throttle-store';
import { createOrganisationStore } from './store/organisation-store';
import { createIdentityPrisma } from './store/prisma';
import { seedDemoIdentity, seedLargeDemoOrganisation } from './store/seed-demo';
import { createSessionStore } from './store/session-store';
import { createSigningKeyStore } from './store/signing-key-store';
import { createUserStore } from './store/user-store';

const SCHEMA = 'identity';

export const identityModule: ServiceModule = {
  name: 'identity',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, env, form, seedDemo }) {
    const config = identityConfig(env, form);
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createIdentityPrisma(pool, SCHEMA);
    const mailbox = createMailStore(prisma);
    if (!config.mfaEncryptionKey)
      logger.warn('GAINS_MFA_ENCRYPTION_KEY is not set: MFA secrets use the development key');
    const afterAnswer = createAfterAnswer(logger);
    const deps: IdentityDeps = {
      users: createUserStore(prisma),
      invitations: createInvitationStore(prisma),
      organisations: createOrganisationStore(prisma),
      serviceLevels: createServiceLevelStore(prisma),
      sessions: createSessionStore(prisma),
      passwordResets: createPasswordResetStore(prisma),
      throttle: createThrottleStore(prisma),
      audit: createAuditStore(prisma),
      mailbox,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, store: mailbox, logger }),
      afterAnswer,
      tokens: await createTokenIssuer(createSigningKeyStore(prisma)),
      cipher: createSecretCipher(config.mfaEncryptionKey),
      logger,
      now: () => new Date(),
      devMailbox: config.devMailbox,
      serviceTokenSecret: env.GAINS_SERVICE_TOKEN_SECRET ?? '',
    };
    const relay = createOutboxRelay({ pool, bus, logger });
    return {
      routes: (router) => router.service(identity.IdentityService, createIdentityService(deps)),
      publicMethods: IDENTITY_PUBLIC_METHODS,
      relay,
      async afterStart() {
        if (seedDemo && (await seedDemoIdentity(prisma, config.demoPassword ?? DEFAULT_DEMO_PASSWORD))) {
          logger.info('seeded demo organisations and users');
          relay.kick();
        }
        if (seedDemo && demoLargeRequested(env) && (await seedLargeDemoOrganisation(prisma))) {
          logger.info('seeded the large demo organisation');
          relay.kick();
        }
      },
      settle: () => afterAnswer.drain(),
      async stop() {
        await afterAnswer.drain();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
