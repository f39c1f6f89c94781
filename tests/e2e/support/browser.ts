/** Headless Chromium (Debian's) for the browser tests, and the few steps every test shares. */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const DEMO_PASSWORD = process.env.GAINS_DEMO_PASSWORD ?? 'Gains-demo-2026!';
export const USERS = {
  admin: 'admin@gains.example',
  manager: 'manager@gains.example',
  adviser: 'adviser@gains.example',
  brook: 'brook@gains.example',
  secure: 'secure@gains.example',
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

/**
 * A fresh browser context that prefers reduced motion, as a user may set their system: the app then opens
 * dialogs without animation, so no click lands on a dialog still growing into place. `forwardedFor` makes
 * the BFF see that client address (X-Forwarded-For), so tests that fail sign-ins on purpose do not lock the
 * address the other tests share.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { forwardedFor?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    acceptDownloads: true,
    reducedMotion: 'reduce',
    extraHTTPHeaders: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : undefined,
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

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

const mailReaders = new Map<string, Promise<string>>();

/** The development mailbox (GET /api/dev/mailbox, read as the provider admin), newest first. */
export async function mailTo(baseUrl: string, email: string): Promise<Mail[]> {
  if (!mailReaders.has(baseUrl)) mailReaders.set(baseUrl, apiToken(baseUrl, USERS.admin));
  const token = await mailReaders.get(baseUrl)!;
  const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  const mail = ((await response.json()) as { content: Mail[] }).content;
  return [...mail].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/** Wait for a mail to `email` whose text matches `pattern`; answers the first capture group. */
export async function waitForMail(
  baseUrl: string,
  email: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of await mailTo(baseUrl, email)) {
      const match = pattern.exec(mail.text);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

/** POST to the API, from outside the browser. */
export async function apiPost<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A call of the REST API as a signed-in user of the organisation: the JSON answer, or an error naming the call. */
export async function apiCall<T>(
  baseUrl: string,
  who: { token: string; org: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      'x-organisation-uuid': who.org,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A full-page screenshot in SHOTS, once the page has settled. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The rows an AG Grid shows inside the element of that test id. */
export const gridRows = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ag-center-cols-container .ag-row');
