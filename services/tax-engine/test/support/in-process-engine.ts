import { startInProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
// The clients and securities services are reached by path: the engine does not depend on them, its tests run them.
import { clientsModule } from '../../../clients/src/index';
import { securitiesModule } from '../../../securities/src/index';
import { taxEngineModule } from '../../src/index';
import { PASSWORD, SECRET, signInDemoUsers, storedCalculationsFixture } from './stored-calculations';

/**
 * The tax engine in process with identity, securities and clients on a real PostgreSQL with the demo data, a
 * connection to the database, the ledger fixture (its security added) and the demo users signed in. In process, one
 * flush takes the outbox's events through the bus to the engine's consumer.
 */
export async function startEngineInProcess() {
  const postgres = await startTestPostgres();
  const system = await startInProcessSystem({
    modules: {
      identity: identityModule,
      securities: securitiesModule,
      clients: clientsModule,
      'tax-engine': taxEngineModule,
    },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: {
      ...process.env,
      GAINS_DEMO_PASSWORD: PASSWORD,
      GAINS_DEMO_PRICE_DAYS: '5',
      GAINS_TAX_ENGINE_WORKERS: '2',
      GAINS_SERVICE_TOKEN_SECRET: SECRET,
    },
  });
  const db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  const fx = storedCalculationsFixture(db, () => system.flushEvents());
  await fx.addSecurity();
  const as = await signInDemoUsers(system.transports.identity);
  return {
    system,
    db,
    fx,
    as,
    async stop() {
      await db.end();
      await system.stop();
      await postgres.stop();
    },
  };
}
