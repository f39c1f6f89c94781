// Whether an address has an account must not show in forgot password's answer: not in its body, not in
// its status, and not in its time. Timing is not asserted (it is noise in a unit test); instead the mail
// server is made to fail, which showed on the answer's path for known accounts only (a 500 after the
// work an unknown address never got). Now everything that depends on the account happens after the
// answer, for every address alike.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORG, startTestSystem, type TestSystem } from './support';

let t: TestSystem;
beforeAll(async () => {
  // An address where nothing listens: every mail fails at once with ECONNREFUSED.
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  t = await startTestSystem({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => t?.stop());

const sameness = (answer: { status: number; body: unknown }) => ({ status: answer.status, body: answer.body });

it('when mail cannot be sent, then forgot password answers a known account exactly as an unknown one', async () => {
  const ip = '10.31.0.1';
  const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@gains.example' }, ip });
  const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'adviser@gains.example' }, ip });
  const askedAgain = await t.call('POST', '/api/auth/forgot-password', {
    body: { email: 'ADVISER@gains.example ' },
    ip,
  });
  expect(sameness(known)).toEqual(sameness(unknown));
  expect(sameness(askedAgain)).toEqual(sameness(unknown));
  expect({ status: unknown.status, body: unknown.body }).toEqual({
    status: 200,
    body: { state: 'RESET_PASSWORD', message: "We've sent you an email with a verification code" },
  });

  // Both requests were handled after the answer: each has its audit entry.
  await t.system.settle();
  const admin = await t.signIn('admin@gains.example', undefined, '10.31.0.2');
  const audit = await t.call('GET', '/api/admin/audit?size=100', { token: admin });
  const requested = audit.body.content.filter((e: { action: string }) => e.action === 'PASSWORD_RESET_REQUESTED');
  expect(requested.map((e: { email: string; outcome: string }) => `${e.email} ${e.outcome}`).sort()).toEqual([
    'adviser@gains.example SUCCEEDED',
    'adviser@gains.example SUCCEEDED',
    'ghost@gains.example REFUSED',
  ]);
});

it('when mail cannot be sent, then an invitation still answers 201 with the user it created', async () => {
  const manager = await t.signIn('manager@gains.example', undefined, '10.31.0.3');
  const invited = await t.call('POST', '/api/admin/users', {
    token: manager,
    body: {
      email: 'no.mail@gains.example',
      name: 'No Mail',
      role: 'ROLE_CUSTOMER_NON_ADMIN',
      organisationUuids: [ORG.ASHW],
    },
  });
  expect(invited.status).toBe(201);
  const listed = await t.call('GET', '/api/admin/users?term=no.mail', { token: manager });
  expect(listed.body.content).toEqual([invited.body]);
});
