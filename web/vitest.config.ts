import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// The web app's unit tests: the shared pieces (formatting, grid state, forms, layout rules) in a
// simulated browser (happy-dom), with the app's own Vite config (the `@/` alias, React).
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      // rendering a whole chart or grid in happy-dom takes seconds on a busy 2-core machine
      testTimeout: 20_000,
    },
  }),
);
