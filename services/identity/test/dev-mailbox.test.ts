import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem({ GAINS_DEV_MAILBOX: 'false' });
});
afterAll(async () => t?.stop());

it('when the development mailbox is not enabled, then its route does not exist and forgot password still answers', async () => {
  const forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'adviser@gains.example' } });
  expect(forgot.body).toEqual({ state: 'RESET_PASSWORD', message: "We've sent you an email with a verification code" });
  const mailbox = await t.call('GET', '/api/dev/mailbox');
  expect(mailbox.status).toBe(404);
  expect(mailbox.body).toMatchObject({ type_description: 'This API route was not found' });
});
