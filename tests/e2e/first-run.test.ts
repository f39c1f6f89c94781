import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gainsInChromium } from './support/suite';
import { DEMO_PASSWORD, SHOTS, USERS, newPage } from './support/browser';

const suite = gainsInChromium();

/** Every console error and warning, and every uncaught page error, from the moment the page opens. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

async function signInFromHere(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/[^/]+\/clients/);
}

describe('a first run', () => {
  it('when a manager signs in and opens the clients page, then the console stays clean', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    const messages = watchConsole(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(messages, 'the sign-in page').toEqual([]);

    await signInFromHere(page, USERS.manager);
    await page.locator('[data-testid="clients-grid"] .ag-center-cols-container .ag-row').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/first-run-clients.png` });
    expect(messages, 'the clients page').toEqual([]);
    await page.context().close();
  });

  it('when the provider admin signs in, then they land in a firm that has clients, not the provider', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await page.goto('/');
    await signInFromHere(page, USERS.admin);
    const rows = page.locator('[data-testid="clients-grid"] .ag-center-cols-container .ag-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Ashworth Wealth Management').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
