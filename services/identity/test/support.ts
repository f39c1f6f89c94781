// Whole-system helpers for identity's tests: a real PostgreSQL, every service in process and the BFF,
// driven through `app.request` exactly as the web app would. The runtime and testing packages are
// reached by path: they depend on identity, so identity cannot list them as dependencies.
import { silentLogger, type Logger } from '@gains/logging';
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
  headers: Headers;
}

/** The refresh token an answer set in its cookie (the refresh call's only carrier of it in a browser). */
export function refreshCookie(answer: Answer): string | undefined {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('gains_refresh='));
  const value = cookie?.split(';')[0]!.slice('gains_refresh='.length);
  return value || undefined;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  org?: string;
  /** The caller's address (X-Forwarded-For), to keep throttling of one test away from another. */
  ip?: string;
  /** A Cookie header, as a browser would send it. */
  cookie?: string;
  /** The peer address of the connection, as the Node server would give it. */
  socket?: string;
  /** Send no X-Forwarded-For at all. */
  noForwardedFor?: boolean;
}

export interface TestSystem {
  system: EmbeddedSystem;
  connectionString: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  signIn(email: string, password?: string, ip?: string): Promise<string>;
  /** Mail in the development mailbox for an address, newest first, read through the API as the provider admin once sent. */
  mailTo(email: string): Promise<{ subject: string; text: string; sentAt: string }[]>;
  stop(): Promise<void>;
}

export async function startTestSystem(
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestSystem> {
  const postgres = await startTestPostgres();
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: options.logger ?? silentLogger(),
    seedDemo: true,
    // The tests speak for several client addresses, as a proxy in front would.
    env: {
      ...process.env,
      GAINS_DEV_MAILBOX: 'true',
      GAINS_TRUSTED_PROXY_HOPS: '1',
      GAINS_DEMO_PASSWORD: PASSWORD,
      ...env,
    },
  });
  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = options.noForwardedFor
      ? {}
      : { 'x-forwarded-for': options.ip ?? '10.0.0.1' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-organisation-uuid'] = options.org;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await system.app.request(
      path,
      { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
      options.socket ? { incoming: { socket: { remoteAddress: options.socket } } } : undefined,
    );
    const textBody = await response.text();
    return { status: response.status, body: textBody ? JSON.parse(textBody) : null, headers: response.headers };
  }
  async function signIn(email: string, password = PASSWORD, ip?: string) {
    const answer = await call('POST', '/api/auth/sign-in', { body: { email, password }, ip });
    if (answer.body?.state !== 'AUTHENTICATED')
      throw new Error(`${email} did not sign in: ${JSON.stringify(answer.body)}`);
    return answer.body.accessToken as string;
  }
  let mailReader: string | undefined;
  return {
    system,
    connectionString: postgres.connectionString,
    call,
    signIn,
    async mailTo(email) {
      await system.settle(); // mail goes out after the answer
      mailReader ??= await signIn('admin@gains.example', PASSWORD, '10.250.0.1');
      const answer = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, { token: mailReader });
      if (answer.status !== 200) throw new Error(`mailbox answered ${answer.status}`);
      return answer.body.content;
    },
    async stop() {
      await system.stop();
      await postgres.stop();
    },
  };
}
