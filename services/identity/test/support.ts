// Whole-system helpers for identity's tests: a real PostgreSQL, every service in process and the BFF,
// driven through `app.request` exactly as the web app would. The runtime and testing packages are
// reached by path: they depend on identity, so identity cannot list them as dependencies.
import { silentLogger } from '@gains/logging';
import { DEFAULT_DEMO_PASSWORD, DEMO_ORGANISATIONS } from '@gains/service-kit';
import { startEmbeddedSystem, type EmbeddedSystem } from '../../../packages/runtime/src/embedded-system';
import { startTestPostgres } from '../../../packages/testing/src/postgres';

export const PASSWORD = DEFAULT_DEMO_PASSWORD;
export const ORG = Object.fromEntries(DEMO_ORGANISATIONS.map((o) => [o.code, o.uuid])) as Record<
  (typeof DEMO_ORGANISATIONS)[number]['code'],
  string
>;

export interface Answer<T = any> {
  status: number;
  body: T;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  org?: string;
  /** The caller's address (X-Forwarded-For), to keep throttling of one test away from another. */
  ip?: string;
}

export interface TestSystem {
  system: EmbeddedSystem;
  connectionString: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  signIn(email: string, password?: string, ip?: string): Promise<string>;
  /** Mail in the development mailbox for an address, newest first, read through the API once sent. */
  mailTo(email: string): Promise<{ subject: string; text: string; sentAt: string }[]>;
  stop(): Promise<void>;
}

export async function startTestSystem(env: Record<string, string> = {}): Promise<TestSystem> {
  const postgres = await startTestPostgres();
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEV_MAILBOX: 'true', GAINS_DEMO_PASSWORD: PASSWORD, ...env },
  });
  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.0.0.1' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-organisation-uuid'] = options.org;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await system.app.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const textBody = await response.text();
    return { status: response.status, body: textBody ? JSON.parse(textBody) : null };
  }
  return {
    system,
    connectionString: postgres.connectionString,
    call,
    async signIn(email, password = PASSWORD, ip) {
      const answer = await call('POST', '/api/auth/sign-in', { body: { email, password }, ip });
      if (answer.body?.state !== 'AUTHENTICATED')
        throw new Error(`${email} did not sign in: ${JSON.stringify(answer.body)}`);
      return answer.body.accessToken as string;
    },
    async mailTo(email) {
      await system.settle(); // mail goes out after the answer
      const answer = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      if (answer.status !== 200) throw new Error(`mailbox answered ${answer.status}`);
      return answer.body.content;
    },
    async stop() {
      await system.stop();
      await postgres.stop();
    },
  };
}
