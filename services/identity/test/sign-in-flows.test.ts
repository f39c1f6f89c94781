import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORG, PASSWORD, refreshCookie, startTestSystem, type TestSystem } from './support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

const NEW_PASSWORD = 'Brand-new-pass1!';

function authenticator(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

describe('revocation', () => {
  it("when an admin disables a user, then every route refuses that user's access token at once", async () => {
    const adviser = await t.signIn('adviser@gains.example', PASSWORD, '10.62.0.1');
    expect((await t.call('GET', '/api/organisations', { token: adviser })).status).toBe(200);
    expect((await t.call('GET', '/api/clients/summary', { token: adviser, org: ORG.ASHW })).status).toBe(200);
    const admin = await t.signIn('admin@gains.example', PASSWORD, '10.62.0.1');
    const users = await t.call('GET', '/api/admin/users?term=adviser', { token: admin });
    const target = (users.body.content as { uuid: string; email: string }[]).find(
      (u) => u.email === 'adviser@gains.example',
    )!;
    const disable = await t.call('POST', `/api/admin/users/${target.uuid}/disable`, { token: admin });
    expect(disable.status).toBeLessThan(300);
    try {
      expect((await t.call('GET', '/api/organisations', { token: adviser })).status).toBe(401);
      expect((await t.call('GET', '/api/clients/summary', { token: adviser, org: ORG.ASHW })).status).toBe(401);
    } finally {
      await t.call('POST', `/api/admin/users/${target.uuid}/enable`, { token: admin });
    }
  });
});

describe('sign-in', () => {
  it('when the password is right and no challenge is due, then AUTHENTICATED with an access token and the refresh token in an HttpOnly cookie', async () => {
    const answer = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'admin@gains.example', password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['accessToken', 'expiresIn', 'state']);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('gains_refresh='))!;
    expect(cookie.split('; ').slice(1).sort()).toEqual([
      'HttpOnly',
      'Max-Age=43200',
      'Path=/api/auth/refresh',
      'SameSite=Strict',
      'Secure',
    ]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ state: 'AUTHENTICATED', expiresIn: 600 });
    const user = await t.call('GET', '/api/user', { token: answer.body.accessToken });
    expect(user.body).toMatchObject({ email: 'admin@gains.example', roles: ['ROLE_ADMIN'] });
  });

  it('when the email or password is missing or wrong, then the exact messages', async () => {
    const ip = '10.1.0.1';
    expect((await t.call('POST', '/api/auth/sign-in', { body: { email: '', password: 'x' }, ip })).body).toMatchObject({
      type_description: 'Email address is required',
      field: 'email',
    });
    expect((await t.call('POST', '/api/auth/sign-in', { body: { email: 'a@b.example' }, ip })).body).toMatchObject({
      type_description: 'Password is required',
      field: 'password',
    });
    const wrong = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'adviser@gains.example', password: 'nope' },
      ip,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ type_description: 'Incorrect username or password.' });
    const unknown = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'nobody@gains.example', password: 'nope' },
      ip,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.type_description).toBe(wrong.body.type_description);
  });
});

describe('first sign-in of an invited user', () => {
  it('when an admin invites a user, then they must set a new password at first sign-in', async () => {
    const admin = await t.signIn('admin@gains.example');
    const invited = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: {
        email: 'New.Starter@gains.example',
        name: 'New Starter',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.ASHW],
      },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: 'new.starter@gains.example',
      status: 'NEW_PASSWORD_REQUIRED',
      mfaEnabled: false,
    });

    const [mail] = await t.mailTo('new.starter@gains.example');
    const temporary = /temporary password (\S+)/.exec(mail!.text)![1]!;

    const first = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'new.starter@gains.example', password: temporary },
    });
    expect(first.body).toEqual({
      state: 'NEW_PASSWORD_REQUIRED',
      session: expect.any(String),
      message: 'Please setup a new password',
    });
    const session = first.body.session;

    const weak = await t.call('POST', '/api/auth/new-password', { body: { session, password: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ type_description: 'Password does not meet requirements', field: 'password' });
    const empty = await t.call('POST', '/api/auth/new-password', { body: { session, password: '' } });
    expect(empty.body.type_description).toBe('Password is required');
    const mismatch = await t.call('POST', '/api/auth/new-password', {
      body: { session, password: NEW_PASSWORD, confirmPassword: 'Other-pass1!' },
    });
    expect(mismatch.body).toMatchObject({ type_description: 'Passwords must match', field: 'confirmPassword' });
    const noConfirmation = await t.call('POST', '/api/auth/new-password', {
      body: { session, password: NEW_PASSWORD, confirmPassword: '' },
    });
    expect(noConfirmation.body.type_description).toBe('Password confirmation is required');
    const forged = await t.call('POST', '/api/auth/new-password', {
      body: { session: session + 'x', password: NEW_PASSWORD },
    });
    expect(forged.status).toBe(401);

    const done = await t.call('POST', '/api/auth/new-password', {
      body: { session, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.body).toMatchObject({ state: 'AUTHENTICATED', accessToken: expect.any(String) });
    expect(refreshCookie(done)).toBeTruthy();

    // The challenge is spent; the temporary password no longer works; the new one does.
    expect(
      (await t.call('POST', '/api/auth/new-password', { body: { session, password: 'Another-pass1!' } })).status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/sign-in', { body: { email: 'new.starter@gains.example', password: temporary } }))
        .status,
    ).toBe(401);
    await t.signIn('new.starter@gains.example', NEW_PASSWORD);
  });
});

describe('multi-factor authentication', () => {
  const email = 'secure@gains.example';
  let secret = '';
  let setupCode = '';

  it('when the firm requires MFA and none is set up, then MFA_SETUP shows a secret and otpauth link and a first code signs in', async () => {
    const first = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(first.body).toMatchObject({ state: 'MFA_SETUP', session: expect.any(String), message: expect.any(String) });
    const session = first.body.session;

    // A challenge is not an access token.
    expect((await t.call('GET', '/api/user', { token: session })).status).toBe(401);

    const setup = await t.call('POST', '/api/auth/mfa/setup', { body: { session } });
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUrl', 'secret', 'session', 'state']);
    expect(setup.body.state).toBe('MFA_SETUP');
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Gains');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    const short = await t.call('POST', '/api/auth/mfa/verify', { body: { session, code: '123' } });
    expect(short.body).toMatchObject({ type_description: 'Code must be 6 digits', field: 'code' });
    const missing = await t.call('POST', '/api/auth/mfa/verify', { body: { session, code: '' } });
    expect(missing.body.type_description).toBe('Code is required');
    const code = authenticator(secret).generate();
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call('POST', '/api/auth/mfa/verify', { body: { session, code: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('code');

    const verified = await t.call('POST', '/api/auth/mfa/verify', { body: { session, code } });
    expect(verified.body).toMatchObject({ state: 'AUTHENTICATED', accessToken: expect.any(String) });
    expect(refreshCookie(verified)).toBeTruthy();
    setupCode = code;

    // Set up once: the setup challenge is spent and the secret is never shown again.
    expect((await t.call('POST', '/api/auth/mfa/setup', { body: { session } })).status).toBe(401);
  });

  it('when MFA is set up, then sign-in asks for a code; a wrong or replayed code is refused; a fresh one signs in', async () => {
    const first = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(first.body).toMatchObject({ state: 'MFA', session: expect.any(String) });
    const session = first.body.session;

    const replayed = await t.call('POST', '/api/auth/mfa', { body: { session, code: setupCode } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.field).toBe('code');

    // The next time step: accepted within one step of drift, and newer than the one used at setup.
    const next = authenticator(secret).generate({ timestamp: Date.now() + 30_000 });
    const ok = await t.call('POST', '/api/auth/mfa', { body: { session, code: next } });
    expect(ok.body).toMatchObject({ state: 'AUTHENTICATED', accessToken: expect.any(String) });

    const again = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    const reused = await t.call('POST', '/api/auth/mfa', { body: { session: again.body.session, code: next } });
    expect(reused.status).toBe(400);

    const tooFar = authenticator(secret).generate({ timestamp: Date.now() + 5 * 60_000 });
    const far = await t.call('POST', '/api/auth/mfa', { body: { session: again.body.session, code: tooFar } });
    expect(far.status).toBe(400);
  });

  it('when an MFA challenge has started a session, then it starts no other, even with a later code', async () => {
    // Two minutes on, past every time step used above; only the clock is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    try {
      const ip = '10.2.9.1';
      const { session } = (await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, ip })).body;
      const ok = await t.call('POST', '/api/auth/mfa', {
        body: { session, code: authenticator(secret).generate() },
        ip,
      });
      expect(ok.body.state).toBe('AUTHENTICATED');

      vi.setSystemTime(Date.now() + 30_000);
      const later = authenticator(secret).generate();
      const replayed = await t.call('POST', '/api/auth/mfa', { body: { session, code: later }, ip });
      expect(replayed.status).toBe(401);
      expect(replayed.body.type_description).toBe('Your sign-in has expired; please sign in again');

      // A fresh challenge takes that same later code: only the used challenge is spent.
      const again = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, ip });
      const fresh = await t.call('POST', '/api/auth/mfa', { body: { session: again.body.session, code: later }, ip });
      expect(fresh.body.state).toBe('AUTHENTICATED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when an admin resets the MFA, then the user sets it up again', async () => {
    const admin = await t.signIn('admin@gains.example');
    const users = await t.call('GET', '/api/admin/users?term=secure', { token: admin });
    const secure = users.body.content[0];
    expect(secure).toMatchObject({ email, mfaEnabled: true });
    const reset = await t.call('POST', `/api/admin/users/${secure.uuid}/reset-mfa`, { token: admin });
    expect(reset.body).toMatchObject({ mfaEnabled: false });
    const first = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(first.body.state).toBe('MFA_SETUP');
  });
});

describe('forgot and reset password', () => {
  const email = 'adviser@gains.example';
  const ip = '10.2.0.1';

  it('when the email is unknown or known, then the answer is the same', async () => {
    const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@gains.example' }, ip });
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email }, ip });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({
      state: 'RESET_PASSWORD',
      message: "We've sent you an email with a verification code",
    });
    expect(await t.mailTo('ghost@gains.example')).toHaveLength(0);
    // Asking again at once answers the same but sends no second mail.
    expect((await t.call('POST', '/api/auth/forgot-password', { body: { email }, ip })).body).toEqual(known.body);
    expect(await t.mailTo(email)).toHaveLength(1);
    const missing = await t.call('POST', '/api/auth/forgot-password', { body: { email: ' ' }, ip });
    expect(missing.body).toMatchObject({ type_description: 'Email address is required', field: 'email' });
  });

  it('when the emailed code and a new password are given, then the password is reset, sessions end and LOGIN follows', async () => {
    const before = await t.signIn(email, PASSWORD, ip);
    await t.call('POST', '/api/auth/forgot-password', { body: { email }, ip });
    const [mail] = await t.mailTo(email);
    expect(mail!.subject).toBe('Your Gains verification code');
    const code = /verification code is (\d{6})/.exec(mail!.text)![1]!;

    const noCode = await t.call('POST', '/api/auth/reset-password', {
      body: { email, code: '', password: NEW_PASSWORD },
      ip,
    });
    expect(noCode.body).toMatchObject({ type_description: 'Verification code is required', field: 'code' });
    const weak = await t.call('POST', '/api/auth/reset-password', { body: { email, code, password: 'weakpass' }, ip });
    expect(weak.body.type_description).toBe('Password does not meet requirements');
    const mismatch = await t.call('POST', '/api/auth/reset-password', {
      body: { email, code, password: NEW_PASSWORD, confirmPassword: 'Nope-nope1!' },
      ip,
    });
    expect(mismatch.body.type_description).toBe('Passwords must match');
    const wrongCode = await t.call('POST', '/api/auth/reset-password', {
      body: { email, code: code === '000000' ? '000001' : '000000', password: NEW_PASSWORD },
      ip,
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.field).toBe('code');

    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ state: 'LOGIN', message: expect.stringContaining('reset') });

    expect((await t.call('GET', '/api/user', { token: before })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, ip })).status).toBe(401);
    await t.signIn(email, NEW_PASSWORD, ip);
    const reused = await t.call('POST', '/api/auth/reset-password', {
      body: { email, code, password: 'Third-pass1!' },
      ip,
    });
    expect(reused.status).toBe(400);
  });
});

describe('change password', () => {
  const email = 'brook@gains.example';
  const ip = '10.3.0.1';

  it('when signed in with the right current password, then the password changes and other sessions end', async () => {
    const other = await t.signIn(email, PASSWORD, ip);
    const token = await t.signIn(email, PASSWORD, ip);
    expect(
      (
        await t.call('POST', '/api/auth/change-password', {
          body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(401);

    const noCurrent = await t.call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: '', password: NEW_PASSWORD },
      ip,
    });
    expect(noCurrent.body).toMatchObject({
      type_description: 'Current password is required',
      field: 'currentPassword',
    });
    const weak = await t.call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: PASSWORD, password: 'short' },
      ip,
    });
    expect(weak.body.type_description).toBe('Password does not meet requirements');
    const mismatch = await t.call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: 'x' },
      ip,
    });
    expect(mismatch.body.type_description).toBe('Passwords must match');
    const wrong = await t.call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: 'Wrong-pass1!', password: NEW_PASSWORD },
      ip,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');

    const changed = await t.call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Your password has been changed' });
    expect((await t.call('GET', '/api/user', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/user', { token: other })).status).toBe(401);
    await t.signIn(email, NEW_PASSWORD, ip);
  });
});

describe('sessions', () => {
  it('when a refresh token is used, then it rotates; reusing an old one revokes the whole family at once', async () => {
    const first = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'manager@gains.example', password: PASSWORD },
    });
    const r1 = refreshCookie(first)!;
    const second = await t.call('POST', '/api/auth/refresh', { body: {}, cookie: `gains_refresh=${r1}` });
    expect(second.status).toBe(200);
    expect(Object.keys(second.body).sort()).toEqual(['accessToken', 'expiresIn', 'state']);
    const r2 = refreshCookie(second)!;
    expect(r2).toBeTruthy();
    expect(r2).not.toBe(r1);
    const access = second.body.accessToken as string;
    expect((await t.call('GET', '/api/user', { token: access })).status).toBe(200);
    expect((await t.call('GET', '/api/organisations', { token: access })).status).toBe(200);

    // a client that is not a browser may name the token in the body instead
    const reuse = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: r1 } });
    expect(reuse.status).toBe(401);
    expect((await t.call('POST', '/api/auth/refresh', { body: {}, cookie: `gains_refresh=${r2}` })).status).toBe(401);
    // every route refuses the family's access token at once, not after a cache expires
    expect((await t.call('GET', '/api/user', { token: access })).status).toBe(401);
    expect((await t.call('GET', '/api/organisations', { token: access })).status).toBe(401);
    expect((await t.call('GET', '/api/clients/summary', { token: access, org: ORG.ASHW })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/refresh', { body: { refreshToken: 'made-up' } })).status).toBe(401);
  });

  it('when signing out, then the access token and the refresh token stop working at once and the cookie is cleared', async () => {
    const signedIn = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'manager@gains.example', password: PASSWORD },
    });
    const { accessToken } = signedIn.body;
    const refreshToken = refreshCookie(signedIn)!;
    expect((await t.call('GET', '/api/clients/summary', { token: accessToken, org: ORG.ASHW })).status).toBe(200);
    const out = await t.call('POST', '/api/auth/sign-out', { token: accessToken });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('gains_refresh='))).toMatch(/Max-Age=0/);
    expect((await t.call('GET', '/api/user', { token: accessToken })).status).toBe(401);
    expect((await t.call('GET', '/api/clients/summary', { token: accessToken, org: ORG.ASHW })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/refresh', { body: {}, cookie: `gains_refresh=${refreshToken}` })).status,
    ).toBe(401);
  });
});

describe('throttling', () => {
  it('when an account fails 5 times, then it is locked with a message saying when to retry, even for the right password', async () => {
    const email = 'locked.out@gains.example';
    const admin = await t.signIn('admin@gains.example');
    await t.call('POST', '/api/admin/users', {
      token: admin,
      body: { email, name: 'Locked Out', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [ORG.BRKF] },
    });
    for (let i = 0; i < 5; i++) {
      // From different addresses: the account's own count locks it.
      const answer = await t.call('POST', '/api/auth/sign-in', {
        body: { email, password: 'Wrong-pass1!' },
        ip: `10.4.0.${i}`,
      });
      expect(answer.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/auth/sign-in', {
      body: { email, password: 'Wrong-pass1!' },
      ip: '10.4.1.1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.type_description).toMatch(/^Too many attempts\. Try again after \d\d:\d\d \(in 15 minutes\)\.$/);
    const [mail] = await t.mailTo(email);
    const temporary = /temporary password (\S+)/.exec(mail!.text)![1]!;
    const right = await t.call('POST', '/api/auth/sign-in', { body: { email, password: temporary }, ip: '10.4.1.2' });
    expect(right.status).toBe(429);
  });

  it('when one address fails 20 times across accounts, then that address is locked', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 20; i++) {
      const answer = await t.call('POST', '/api/auth/sign-in', {
        body: { email: `guess${i}@gains.example`, password: 'x' },
        ip,
      });
      expect(answer.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'admin@gains.example', password: PASSWORD },
      ip,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.type_description).toMatch(/Too many attempts/);
    await t.signIn('admin@gains.example', PASSWORD, '10.5.0.2');
  });

  it('when MFA codes keep failing, then the account is locked too', async () => {
    const email = 'secure@gains.example'; // MFA reset above: set it up again
    const first = await t.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, ip: '10.6.0.1' });
    const setup = await t.call('POST', '/api/auth/mfa/setup', { body: { session: first.body.session } });
    const code = authenticator(setup.body.secret).generate();
    expect(
      (await t.call('POST', '/api/auth/mfa/verify', { body: { session: first.body.session, code } })).body.state,
    ).toBe('AUTHENTICATED');
    const challenge = await t.call('POST', '/api/auth/sign-in', {
      body: { email, password: PASSWORD },
      ip: '10.6.0.1',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await t.call('POST', '/api/auth/mfa', {
            body: { session: challenge.body.session, code: wrong },
            ip: '10.6.0.1',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('audit log', () => {
  it('when a super admin reads it, then sign-ins, failures, MFA and password changes are there with user and address', async () => {
    const admin = await t.signIn('admin@gains.example');
    const page = await t.call('GET', '/api/admin/audit?size=100', { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.totalSize).toBeGreaterThan(20);
    const actions = new Set(
      page.body.content.map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`),
    );
    for (const expected of [
      'SIGN_IN:SUCCEEDED',
      'SIGN_IN:FAILED',
      'MFA_SETUP:SUCCEEDED',
      'MFA_CODE:FAILED',
      'MFA_RESET:SUCCEEDED',
      'PASSWORD_CHANGE:SUCCEEDED',
      'PASSWORD_RESET:SUCCEEDED',
      'PASSWORD_SET:SUCCEEDED',
      'SIGN_OUT:SUCCEEDED',
      'REFRESH:REFUSED',
    ]) {
      expect(actions, expected).toContain(expected);
    }
    const failure = page.body.content.find(
      (e: { action: string; outcome: string; remoteAddress: string }) =>
        e.action === 'SIGN_IN' && e.remoteAddress === '10.5.0.1',
    );
    expect(failure).toMatchObject({ at: expect.any(String), email: expect.stringContaining('@gains.example') });
    const manager = await t.signIn('manager@gains.example');
    expect((await t.call('GET', '/api/admin/audit', { token: manager })).status).toBe(403);
  });
});
