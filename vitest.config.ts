import { defineConfig } from 'vitest/config';

// Suites: `unit` (pure code and whole-service tests against a real PostgreSQL), `web` (the web
// app's shared pieces in happy-dom; web/vitest.config.ts), `system` (cross-service, NATS, cluster,
// chart) and `e2e` (headless Chromium).
export default defineConfig({
  test: {
    projects: [
      'web/vitest.config.ts',
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'bff/src/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts', 'tests/cluster/**/*.test.ts', 'tests/chart/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
