// GET /api/dev/mailbox through the app: the mail identity keeps when no SMTP server is configured, read by
// provider admins only, where GAINS_DEV_MAILBOX=true (test-support sets it). Without the flag the route
// answers 404: services/identity/test/dev-mailbox.test.ts starts a system without it and asks through
// the same app, so this file does not start a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type TestSystem } from '../test-support';

const MAIL_FIELDS = ['id', 'sentAt', 'subject', 'text', 'to'];
const NOT_ALLOWED = 'You do not have permission to do this';

describe('with the development mailbox enabled', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(async () => t?.stop());

  const mailbox = (query = '') => t.request('GET', `/api/dev/mailbox${query}`, { token: t.tokens.admin });

  it('when nothing has been sent, then an empty list', async () => {
    const answer = await mailbox();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ content: [], totalSize: 0 });
  });

  it('when identity has sent mail, then every message with every field, newest first, and `to` picks one address in any case', async () => {
    const forgot = await t.request('POST', '/api/auth/forgot-password', {
      body: { email: 'adviser@gains.example' },
      ip: '10.104.0.1',
    });
    expect(forgot.status).toBe(200);
    await t.system.settle(); // the mail goes out after the answer
    const invited = await t.request('POST', '/api/admin/users', {
      token: t.tokens.admin,
      body: {
        email: 'mailed@gains.example',
        name: 'Mel Mailed',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.ASHW],
      },
    });
    expect(invited.status).toBe(201);
    await t.system.settle();

    const all = await mailbox();
    expect(all.body.totalSize).toBe(2);
    expect(all.body.content.map((m: any) => m.to)).toEqual(['mailed@gains.example', 'adviser@gains.example']);
    for (const mail of all.body.content) {
      expect(Object.keys(mail).sort()).toEqual(MAIL_FIELDS);
      expect(mail.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(Date.parse(mail.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(Date.parse(all.body.content[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(all.body.content[1].sentAt));
    const [invitation, reset] = all.body.content;
    expect(invitation.subject).toBe('You have been invited to Gains');
    expect(invitation.text).toMatch(/^Hello Mel Mailed,/);
    expect(reset.subject).toBe('Your Gains verification code');
    expect(reset.text).toMatch(/Your verification code is \d{6}\n/);

    const adviser = await mailbox('?to=ADVISER%40Gains.Example');
    expect(adviser.body).toEqual({ content: [reset], totalSize: 1 });
    expect((await mailbox('?to=nobody%40gains.example')).body).toEqual({ content: [], totalSize: 0 });
    expect((await mailbox('?to=')).body.totalSize).toBe(2);
  });

  it('when `to` is sent twice or is longer than an address can be, then 400 naming it', async () => {
    expectError(await mailbox('?to=a%40gains.example&to=b%40gains.example'), 400, 'to must be given once', 'to');
    expectError(await mailbox(`?to=${'a'.repeat(255)}`), 400, 'to must be at most 254 characters', 'to');
  });

  it("when anyone but a provider admin asks, then 403 (a firm's admin too); without a token, 401", async () => {
    for (const persona of ['manager', 'brook', 'adviser'] as const) {
      const answer = await t.request('GET', '/api/dev/mailbox?to=adviser%40gains.example', {
        token: t.tokens[persona],
      });
      expectError(answer, 403, NOT_ALLOWED);
    }
    const anonymous = await t.request('GET', '/api/dev/mailbox?to=adviser%40gains.example');
    expectError(anonymous, 401, 'Please sign in');
  });
  // Last: the reset ends the adviser's sessions.
  it('when the code from the mailbox is used, then the password is reset (the mail is the real one)', async () => {
    const [mail] = (await mailbox('?to=adviser%40gains.example')).body.content;
    const code = /verification code is (\d{6})/.exec(mail.text)![1];
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { email: 'adviser@gains.example', code, password: 'Mailbox-reset-1!', confirmPassword: 'Mailbox-reset-1!' },
      ip: '10.104.0.2',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.state).toBe('LOGIN');
  });
});
