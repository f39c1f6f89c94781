/** Headless Chromium (Debian's) for the browser tests, and the few steps every test shares. */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const DEMO_PASSWORD = process.env.GAINS_DEMO_PASSWORD ?? 'Gains-demo-2026!';
export const USERS = {
  admin: 'admin@gains.example',
  manager: 'manager@gains.example',
  adviser: 'adviser@gains.example',
} as const;
export const SHOTS = '/tmp/shots';

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Sign in through the sign-in screen and wait for the clients page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/[^/]+\/clients/);
}

/** The organisation uuid of the current address. */
export function organisationOf(page: Page): string {
  return new URL(page.url()).pathname.split('/')[1];
}

/** The API, from outside the browser. */
export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in for ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export async function api<T>(baseUrl: string, token: string, path: string, organisationUuid?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(organisationUuid ? { 'x-organisation-uuid': organisationUuid } : {}),
    },
  });
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
