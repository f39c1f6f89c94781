import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startGains, type RunningGains } from './start-gains';

/**
 * A browser test file's shared setup: Gains started and headless Chromium launched before the file's tests (its
 * first hooks), both stopped after. Read `suite.gains` and `suite.browser` in later hooks and in tests.
 */
export function gainsInChromium(): { gains: RunningGains; browser: Browser } {
  const suite = {} as { gains: RunningGains; browser: Browser };
  beforeAll(async () => {
    suite.gains = await startGains();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.gains?.stop();
  });
  return suite;
}
