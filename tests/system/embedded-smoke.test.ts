import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem, type EmbeddedSystem } from '@gains/runtime';
import { startTestPostgres } from '@gains/testing';
import type { RunningPostgres } from '@gains/db';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiSmoke } from '../support/api-smoke';

const PASSWORD = 'Smoke-test-pass1!';
let postgres: RunningPostgres;
let system: EmbeddedSystem;

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
});

afterAll(async () => {
  await system?.stop();
  await postgres?.stop();
});

describe('the embedded form', () => {
  it('when a firm manager uses the API, then sign-in, organisations, the clients grid and tenancy behave', async () => {
    await apiSmoke((path, init) => Promise.resolve(system.app.request(path, init)), PASSWORD);
  });
});
