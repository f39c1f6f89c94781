// /api/auth through the app: each step of the sign-in flow answers its state and exactly what the next
// screen needs; the refresh token only ever travels in the HttpOnly `gains_refresh` cookie scoped to the
// refresh call (or, from a client that is not a browser, in the refresh body); and each refusal is the
// error body. The TOTP codes are worked out here from the secret (RFC 6238), not asked of the product.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Answer, type TestSystem } from '../test-support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

const CHALLENGE_EXPIRED = 'Your sign-in has expired; please sign in again';
const SESSION_EXPIRED = 'Your session has expired; please sign in again';
const TWELVE_HOURS = 12 * 60 * 60;

/** The `gains_refresh` Set-Cookie of an answer, split into its value and attributes. */
function refreshCookie(answer: Answer): { value: string; attributes: string[] } | undefined {
  const cookies = answer.headers.getSetCookie().filter((c) => c.startsWith('gains_refresh='));
  expect(cookies.length).toBeLessThanOrEqual(1);
  if (!cookies[0]) return undefined;
  const [pair, ...attributes] = cookies[0].split('; ');
  return { value: pair!.slice('gains_refresh='.length), attributes: attributes.sort() };
}

/** An AUTHENTICATED answer: the access token in the body, the refresh token only in its cookie. */
function expectSignedIn(answer: Answer): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Object.keys(answer.body).sort()).toEqual(['accessToken', 'expiresIn', 'state']);
  expect(answer.body).toMatchObject({ state: 'AUTHENTICATED', expiresIn: 600 });
  expect(answer.body.accessToken.split('.')).toHaveLength(3);
  const cookie = refreshCookie(answer)!;
  expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookie.attributes).toEqual(
    ['HttpOnly', `Max-Age=${TWELVE_HOURS}`, 'Path=/api/auth/refresh', 'SameSite=Strict', 'Secure'].sort(),
  );
  expect(JSON.stringify(answer.body)).not.toContain(cookie.value);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return cookie.value;
}

/** A challenge answer: the state, the challenge session and the banner, and no cookie. */
function expectChallenge(answer: Answer, state: string): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Object.keys(answer.body).sort()).toEqual(['message', 'session', 'state']);
  expect(answer.body.state).toBe(state);
  expect(refreshCookie(answer)).toBeUndefined();
  return answer.body.session;
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.replace(/=+$/, '')) {
    value = ((value << 5) | alphabet.indexOf(ch)) & 0x1fff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238: HMAC-SHA-1 of the 30-second step, dynamically truncated to 6 digits. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const currentStep = () => Math.floor(Date.now() / 30_000);

const post = (path: string, body: unknown, ip: string, extra: { token?: string; cookie?: string } = {}) =>
  t.request('POST', `/api/auth/${path}`, { body, ip, ...extra });

describe('POST /api/auth/sign-in', () => {
  it('when the password is right and no challenge is due, then AUTHENTICATED, the refresh token only in its cookie', async () => {
    const answer = await post('sign-in', { email: 'Brook@Gains.Example', password: t.password }, '10.105.0.1');
    expectSignedIn(answer);
    const user = await t.request('GET', '/api/user', { token: answer.body.accessToken });
    expect(user.body.email).toBe('brook@gains.example');
  });

  it('when the email or password is missing or wrong, then 400 or 401 naming the field, and no cookie', async () => {
    const ip = '10.105.0.2';
    const cases: [body: object, status: number, message: string, field: string][] = [
      [{ password: t.password }, 400, 'Email address is required', 'email'],
      [{ email: 42, password: t.password }, 400, 'Email address is required', 'email'],
      [{ email: 'brook@gains.example' }, 400, 'Password is required', 'password'],
      [{ email: 'brook@gains.example', password: 'Wrong-pass-1!' }, 401, 'Incorrect username or password.', 'password'],
      [{ email: 'nobody@gains.example', password: t.password }, 401, 'Incorrect username or password.', 'password'],
    ];
    for (const [body, status, message, field] of cases) {
      const answer = await post('sign-in', body, ip);
      expectError(answer, status, message, field);
      expect(refreshCookie(answer)).toBeUndefined();
    }
  });
});

describe('POST /api/auth/mfa/setup, /mfa/verify and /mfa', () => {
  const email = 'secure@gains.example'; // CLVP requires MFA
  let secret = '';
  let lastStep = 0;

  it('when the firm requires MFA, then MFA_SETUP; setup shows the secret once; a first code signs in', async () => {
    const ip = '10.105.1.1';
    const session = expectChallenge(await post('sign-in', { email, password: t.password }, ip), 'MFA_SETUP');
    const setup = await post('mfa/setup', { session }, ip);
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUrl', 'secret', 'session', 'state']);
    expect(setup.body.state).toBe('MFA_SETUP');
    expect(refreshCookie(setup)).toBeUndefined();
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);

    lastStep = currentStep();
    const wrong = totp(secret, lastStep) === '000000' ? '111111' : '000000';
    expect((await post('mfa/verify', { session, code: wrong }, ip)).status).toBe(400);
    expectSignedIn(await post('mfa/verify', { session, code: totp(secret, lastStep) }, ip));
    // The setup challenge is spent.
    expectError(await post('mfa/setup', { session }, ip), 401, CHALLENGE_EXPIRED);
  });

  it('when MFA is set up, then sign-in asks for a code (MFA) and a fresh code signs in; a spent challenge is 401', async () => {
    const ip = '10.105.1.2';
    const session = expectChallenge(await post('sign-in', { email, password: t.password }, ip), 'MFA');
    // One step of drift is allowed; the next step's code has not been used yet.
    const step = Math.max(currentStep(), lastStep) + 1;
    expectError(await post('mfa', { session, code: '12345' }, ip), 400, 'Code must be 6 digits', 'code');
    expectSignedIn(await post('mfa', { session, code: totp(secret, step) }, ip));
    expectError(await post('mfa', { session, code: totp(secret, step) }, ip), 401, CHALLENGE_EXPIRED);
    expectError(await post('mfa', { session: '', code: '123456' }, ip), 401, CHALLENGE_EXPIRED);
  });
});

describe('POST /api/auth/new-password, /forgot-password and /reset-password', () => {
  it('when an invited user signs in with the mailed password, then NEW_PASSWORD_REQUIRED, and a new password signs in', async () => {
    const ip = '10.105.2.1';
    const invited = await t.request('POST', '/api/admin/users', {
      token: t.tokens.admin,
      body: {
        email: 'fresh@gains.example',
        name: 'Fresh',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.ASHW],
      },
    });
    expect(invited.status).toBe(201);
    await t.system.settle();
    const mail = await t.request('GET', '/api/dev/mailbox?to=fresh%40gains.example', { token: t.tokens.admin });
    const temporary = /temporary password (\S+)/.exec(mail.body.content[0].text)![1]!;

    const session = expectChallenge(
      await post('sign-in', { email: 'fresh@gains.example', password: temporary }, ip),
      'NEW_PASSWORD_REQUIRED',
    );
    expectError(
      await post('new-password', { session, password: 'Fresh-pass-2026!', confirmPassword: 'Other-pass-2026!' }, ip),
      400,
      'Passwords must match',
      'confirmPassword',
    );
    expectSignedIn(
      await post('new-password', { session, password: 'Fresh-pass-2026!', confirmPassword: 'Fresh-pass-2026!' }, ip),
    );
    expectError(await post('new-password', { session, password: 'Fresh-pass-2027!' }, ip), 401, CHALLENGE_EXPIRED);
  });

  it('when a reset is asked for, then the same answer for a known and an unknown address, and no cookie', async () => {
    const known = await post('forgot-password', { email: 'manager@gains.example' }, '10.105.2.2');
    const unknown = await post('forgot-password', { email: 'nobody@gains.example' }, '10.105.2.2');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        state: 'RESET_PASSWORD',
        message: "We've sent you an email with a verification code",
      });
      expect(refreshCookie(answer)).toBeUndefined();
    }
    expectError(await post('forgot-password', {}, '10.105.2.2'), 400, 'Email address is required', 'email');
  });

  it('when the reset code is wrong, then 400 naming it; when right, then LOGIN with a message and no cookie', async () => {
    const ip = '10.105.2.3';
    await t.system.settle();
    const mail = await t.request('GET', '/api/dev/mailbox?to=manager%40gains.example', { token: t.tokens.admin });
    const code = /verification code is (\d{6})/.exec(mail.body.content[0].text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email: 'manager@gains.example', password: 'Reset-pass-2026!', confirmPassword: 'Reset-pass-2026!' };
    const refused = await post('reset-password', { ...body, code: wrong }, ip);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('code');
    const reset = await post('reset-password', { ...body, code }, ip);
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body).sort()).toEqual(['message', 'state']);
    expect(reset.body.state).toBe('LOGIN');
    expect(refreshCookie(reset)).toBeUndefined();
    expectSignedIn(await post('sign-in', { email: 'manager@gains.example', password: 'Reset-pass-2026!' }, ip));
  });
});

describe('POST /api/auth/refresh', () => {
  it('when the cookie is sent, then AUTHENTICATED with a new access token and a new cookie; the old one is spent', async () => {
    const ip = '10.105.3.1';
    const first = expectSignedIn(await post('sign-in', { email: 'brook@gains.example', password: t.password }, ip));
    const refreshed = await post('refresh', {}, ip, { cookie: `gains_refresh=${first}` });
    const second = expectSignedIn(refreshed);
    expect(second).not.toBe(first);
    expect((await t.request('GET', '/api/user', { token: refreshed.body.accessToken })).status).toBe(200);
    // a client that is not a browser may name the token in the body
    expectSignedIn(await post('refresh', { refreshToken: second }, ip));
  });

  it('when both the cookie and a body token are sent, then the cookie is the one used and the body’s stays unspent', async () => {
    const ip = '10.105.3.2';
    const viaCookie = expectSignedIn(await post('sign-in', { email: 'brook@gains.example', password: t.password }, ip));
    const viaBody = expectSignedIn(await post('sign-in', { email: 'brook@gains.example', password: t.password }, ip));
    expectSignedIn(await post('refresh', { refreshToken: viaBody }, ip, { cookie: `gains_refresh=${viaCookie}` }));
    expectSignedIn(await post('refresh', { refreshToken: viaBody }, ip));
  });

  it('when there is no token, or a made-up or spent one, then 401 and no new cookie', async () => {
    const ip = '10.105.3.3';
    for (const extra of [{}, { cookie: 'gains_refresh=made-up' }, { cookie: 'other=1' }]) {
      const answer = await post('refresh', {}, ip, extra);
      expectError(answer, 401, SESSION_EXPIRED);
      expect(refreshCookie(answer)).toBeUndefined();
    }
    expectError(await post('refresh', { refreshToken: 'made-up' }, ip), 401, SESSION_EXPIRED);
  });
});

describe('POST /api/auth/change-password and /sign-out', () => {
  it('when signed in with the right current password, then only a message; a wrong one is 400 naming it; no token, 401', async () => {
    const ip = '10.105.4.1';
    const { accessToken } = await t.signIn('brook@gains.example', ip);
    const body = { password: 'Changed-pass-2026!', confirmPassword: 'Changed-pass-2026!' };
    const wrong = await post('change-password', { ...body, currentPassword: 'Not-mine-2026!' }, ip, {
      token: accessToken,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');
    expectError(await post('change-password', { ...body, currentPassword: t.password }, ip), 401, 'Please sign in');
    const changed = await post('change-password', { ...body, currentPassword: t.password }, ip, { token: accessToken });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Your password has been changed' });
    expect(refreshCookie(changed)).toBeUndefined();
    expectSignedIn(await post('sign-in', { email: 'brook@gains.example', password: body.password }, ip));
  });

  it('when signing out, then 204 with no body, the cookie cleared on its path, and both tokens stop working', async () => {
    const ip = '10.105.4.2';
    const signedIn = await post('sign-in', { email: 'adviser@gains.example', password: t.password }, ip);
    const refresh = expectSignedIn(signedIn);
    const out = await post('sign-out', undefined, ip, { token: signedIn.body.accessToken });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    const cleared = refreshCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual([
      'HttpOnly',
      'Max-Age=0',
      'Path=/api/auth/refresh',
      'SameSite=Strict',
      'Secure',
    ]);
    expectError(await t.request('GET', '/api/user', { token: signedIn.body.accessToken }), 401, SESSION_EXPIRED);
    expectError(await post('refresh', {}, ip, { cookie: `gains_refresh=${refresh}` }), 401, SESSION_EXPIRED);
    expectError(await post('sign-out', undefined, ip), 401, 'Please sign in');
  });
});
