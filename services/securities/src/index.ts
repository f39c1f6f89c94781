import path from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { identity, securities } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import type { SecuritiesDeps } from './domain/deps';
import { londonToday } from './domain/date-rules';
import { NO_PRICE_AGING } from './domain/price-rules';
import { createSecuritiesService } from './rpc/securities-service';
import { createChangeStore } from './store/change-store';
import { createCurrencyStore } from './store/currency-store';
import { createIssuerStore } from './store/issuer-store';
import { createPriceStore } from './store/price-store';
import { createSecuritiesPrisma } from './store/prisma';
import { createSecurityStore } from './store/security-store';
import { demoOptionsFromEnv, seedDemoSecurities } from './store/seed-demo';

const SCHEMA = 'securities';

export const securitiesModule: ServiceModule = {
  name: 'securities',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, seedDemo, transports, env }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createSecuritiesPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    const identityClient = createClient(identity.IdentityService, transports.identity);
    const deps: SecuritiesDeps = {
      securities: createSecurityStore(prisma),
      issuers: createIssuerStore(prisma),
      prices: createPriceStore(prisma),
      currencies: createCurrencyStore(prisma),
      changes: createChangeStore(prisma),
      // Identity owns organisations: their price aging is asked for with the caller's own token.
      async priceAging(caller, organisationUuid) {
        const { organisation } = await identityClient.getOrganisation(
          { uuid: organisationUuid },
          { headers: { authorization: `Bearer ${caller.token}` } },
        );
        const customer = organisation?.customer;
        if (!customer) return NO_PRICE_AGING;
        return { usePriceAgingDays: customer.usePriceAgingDays, oldPriceAgeDays: customer.oldPriceAgeDays ?? null };
      },
      today: () => londonToday(),
    };
    return {
      routes: (router) => router.service(securities.SecuritiesService, createSecuritiesService(deps)),
      relay,
      async afterStart() {
        if (!seedDemo) return;
        const seeded = await seedDemoSecurities(prisma, pool, demoOptionsFromEnv(env, londonToday()));
        if (seeded) logger.info(seeded, 'seeded demo securities');
      },
      async stop() {
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
