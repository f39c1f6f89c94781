// The whole system for the BFF's tests: a real PostgreSQL, every service in process and the BFF app,
// driven through `app.request` as the web app would. The runtime and testing packages depend on the
// BFF, so they are reached by path.
import { createLogger, silentLogger } from '@gains/logging';
import { expect } from 'vitest';
import { startEmbeddedSystem, type EmbeddedSystem } from '../../packages/runtime/src/embedded-system';
import { startTestPostgres } from '../../packages/testing/src/postgres';

// CSV answers are read back with the one parser the services' tests use
export { csvRecords, parseCsv } from '../../packages/testing/src/csv';

export const ORG = {
  GAINS: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000001',
  ASHW: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
  BRKF: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003',
  CLVP: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000004',
};

export const PERSONAS = {
  anonymous: { email: '', roles: [] as string[] },
  admin: { email: 'admin@gains.example', roles: ['ROLE_ADMIN'] }, // the provider, across firms
  manager: { email: 'manager@gains.example', roles: ['ROLE_CUSTOMER_ADMIN'] }, // ASHW and BRKF
  adviser: { email: 'adviser@gains.example', roles: ['ROLE_CUSTOMER_NON_ADMIN'] }, // ASHW
  brook: { email: 'brook@gains.example', roles: ['ROLE_CUSTOMER_ADMIN'] }, // BRKF only: another firm than ASHW
} as const;
export type Persona = keyof typeof PERSONAS;

/** Every field of an organisation as the API answers it (spec §3 Organisation), sorted. */
export const ORGANISATION_FIELDS = [
  'code',
  'customer',
  'id',
  'ignoreBfLoss',
  'mfaRequired',
  'name',
  'notes',
  'parent',
  'serviceLevelId',
  'type',
  'uuid',
];
export const PERSONA_NAMES = Object.keys(PERSONAS) as Persona[];

export interface RequestOptions {
  token?: string;
  /** A JSON body, or raw text sent as it is (with a JSON content type). */
  body?: unknown;
  rawBody?: string;
  org?: string;
  /** The caller's address (X-Forwarded-For), to keep throttling of one test away from another. */
  ip?: string;
  /** A Cookie header, as a browser would send it. */
  cookie?: string;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** the body's bytes as sent, for answers that are not text (a PDF) */
  bytes: Uint8Array;
}

export interface TestSystem {
  system: EmbeddedSystem;
  connectionString: string;
  password: string;
  request(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  signIn(
    email: string,
    ip?: string,
  ): Promise<{ state: string; accessToken: string; refreshToken: string; session: string }>;
  /** An access token for each signed-in persona (none for anonymous). */
  tokens: Record<Persona, string>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL and the embedded system with the demo data, and signs every persona in. */
export async function startTestSystem(
  options: { password?: string; env?: Record<string, string>; webDir?: string } = {},
): Promise<TestSystem> {
  const password = options.password ?? 'Walk-the-line-1!';
  const postgres = await startTestPostgres();
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    // GAINS_TEST_LOG=1 shows the system's warnings and errors (a failing test's cause)
    logger: process.env.GAINS_TEST_LOG ? createLogger({ level: 'warn' }) : silentLogger(),
    seedDemo: true,
    webDir: options.webDir,
    // the tests speak for several client addresses, as a proxy in front would
    env: {
      ...process.env,
      GAINS_DEV_MAILBOX: 'true',
      GAINS_TRUSTED_PROXY_HOPS: '1',
      GAINS_DEMO_PASSWORD: password,
      // A month of demo prices, not five years: the tests that need more seed their own.
      GAINS_DEMO_PRICE_DAYS: '30',
      ...options.env,
    },
  });

  async function request(method: string, path: string, o: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? '10.77.0.1' };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.org) headers['x-organisation-uuid'] = o.org;
    if (o.cookie) headers.cookie = o.cookie;
    const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await system.app.request(path, { method, headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (the web app's HTML): kept as text.
    }
    return { status: response.status, body: parsed, headers: response.headers, bytes };
  }

  async function signIn(email: string, ip = '10.78.0.1') {
    const answer = await request('POST', '/api/auth/sign-in', { body: { email, password }, ip });
    // the refresh token comes as an HttpOnly cookie, never in the body
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('gains_refresh='));
    const refreshToken = cookie?.split(';')[0]!.slice('gains_refresh='.length) ?? '';
    return { ...(answer.body as { state: string; accessToken: string; session: string }), refreshToken };
  }

  const tokens = {} as Record<Persona, string>;
  for (const name of PERSONA_NAMES) {
    if (name !== 'anonymous') tokens[name] = (await signIn(PERSONAS[name].email)).accessToken;
  }
  return {
    system,
    connectionString: postgres.connectionString,
    password,
    request,
    signIn,
    tokens,
    async stop() {
      await system.stop();
      await postgres.stop();
    },
  };
}

/**
 * The answer is the spec's error body with this status: `{type_description, timestamp, id}`, plus `field`
 * exactly when the refusal names one; the id is the request's own (X-Request-Id) and the timestamp is now.
 */
export function expectError(answer: Answer, status: number, message: string | RegExp, field?: string): void {
  const label = `${answer.status} ${JSON.stringify(answer.body)}`;
  expect(answer.status, label).toBe(status);
  expect(Object.keys(answer.body ?? {}).sort(), label).toEqual(
    field === undefined ? ['id', 'timestamp', 'type_description'] : ['field', 'id', 'timestamp', 'type_description'],
  );
  if (typeof message === 'string') expect(answer.body.type_description, label).toBe(message);
  else expect(answer.body.type_description, label).toMatch(message);
  if (field !== undefined) expect(answer.body.field, label).toBe(field);
  expect(answer.body.id).toBe(answer.headers.get('x-request-id'));
  expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const age = Date.now() - Date.parse(answer.body.timestamp);
  expect(answer.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(age).toBeGreaterThanOrEqual(0);
  expect(age).toBeLessThan(60_000);
}
