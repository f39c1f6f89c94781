import { Writable } from 'node:stream';
import { createLogger } from '@gains/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './support';

describe('when the development mailbox is not enabled', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ GAINS_DEV_MAILBOX: 'false' });
  });
  afterAll(async () => t?.stop());

  it('then nobody can read it, not even a provider admin, and forgot password still answers', async () => {
    const forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'adviser@gains.example' } });
    expect(forgot.body).toEqual({
      state: 'RESET_PASSWORD',
      message: "We've sent you an email with a verification code",
    });
    expect((await t.call('GET', '/api/dev/mailbox')).status).toBe(401);
    const admin = await t.signIn('admin@gains.example');
    const mailbox = await t.call('GET', '/api/dev/mailbox', { token: admin });
    expect(mailbox.status).toBe(404);
    expect(mailbox.body).toMatchObject({ type_description: 'This API route was not found' });
  });
});

describe('when the development mailbox is enabled', () => {
  let t: TestSystem;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startTestSystem(
      { GAINS_DEV_MAILBOX: 'true' },
      { logger: createLogger({ level: 'debug', destination: sink }) },
    );
  });
  afterAll(async () => t?.stop());

  it('then only a signed-in provider admin reads it, and the reset code it holds never reaches a log line', async () => {
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'adviser@gains.example' }, ip: '10.61.0.1' });

    const anonymous = await t.call('GET', '/api/dev/mailbox?to=adviser%40gains.example');
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/code/i);
    for (const email of ['manager@gains.example', 'adviser@gains.example']) {
      const token = await t.signIn(email, undefined, '10.61.0.2');
      const refused = await t.call('GET', '/api/dev/mailbox', { token });
      expect(refused.status).toBe(403);
    }

    const mail = await t.mailTo('adviser@gains.example');
    const code = /\b(\d{6})\b/.exec(mail[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const log = lines.join('');
    expect(log).toContain('adviser@gains.example');
    expect(log).not.toContain(code);
    expect(log).not.toContain(mail[0]!.text);
  });
});
