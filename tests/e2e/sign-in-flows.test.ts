/**
 * Every sign-in screen against the real embedded system: first sign-in with a new password, authenticator
 * set-up and codes, forgot and reset via the development mailbox, change password, refresh, sign-out and
 * throttling. One system for the file: each test uses its own user (and failing ones their own address),
 * so the throttling of one test cannot lock another.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { gainsInChromium } from './support/suite';
import { DEMO_PASSWORD, SHOTS, USERS, newPage, signIn, waitForMail } from './support/browser';

const suite = gainsInChromium();

const NEW_PASSWORD = 'Fresh-start-2026!';

function authenticator(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300); // let banners and transitions settle
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

async function metRules(page: Page): Promise<number> {
  return page.locator('.gains-password-rules li.is-met').count();
}

describe('the development mailbox', () => {
  it('when a customer admin opens it, then it is refused: only provider admins read codes', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    await page.goto('/dev/mailbox');
    await page.getByText('Only provider administrators can read the development mailbox').waitFor();
    await shot(page, 'mailbox-refused');
    await page.context().close();
  });

  it('when a provider admin opens it, then it lists sent mail newest first', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    await page
      .getByText(/No mail has been sent yet|Your Gains/)
      .first()
      .waitFor();
    await shot(page, 'mailbox-empty');
    await page.context().close();
  });
});

describe('first sign-in of an invited user', () => {
  const email = 'first.timer@gains.example';

  it('when an admin invites a user, then the user reads the temporary password in the mailbox and sets a new password', async () => {
    // the admin invites through the Users page
    const admin = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(admin, USERS.admin);
    const org = new URL(admin.url()).pathname.split('/')[1];
    await admin.goto(`/${org}/administration/users`);
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Name').fill('First Timer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${email}`).waitFor();
    await admin.locator('.ag-center-cols-container .ag-row').filter({ hasText: 'First Timer' }).waitFor();
    await shot(admin, 'users-after-invite');

    // the provider admin's mailbox page shows the invitation with the temporary password
    await admin.goto('/dev/mailbox');
    const mail = admin.getByTestId('mail').filter({ hasText: email }).first();
    await mail.waitFor();
    await shot(admin, 'mailbox');
    const body = await mail.getByTestId('mail-body').innerText();
    const temporary = /temporary password (\S+)/.exec(body)?.[1];
    expect(temporary).toBeTruthy();
    await admin.context().close();

    const page = await newPage(suite.browser, suite.gains.baseUrl);

    await submitSignIn(page, email, temporary!);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByText('Please setup a new password').waitFor();
    expect(await metRules(page)).toBe(0);

    // the requirement list turns green item by item
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    expect(await metRules(page)).toBe(1);
    await password.fill('abcDEF12');
    expect(await metRules(page)).toBe(4);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password does not meet requirements').waitFor();
    await page.getByText('Password confirmation is required').waitFor();
    await shot(page, 'new-password-invalid');

    await password.fill(NEW_PASSWORD);
    expect(await metRules(page)).toBe(5);
    await page.getByLabel('Confirm password').fill('Something-else-1!');
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await shot(page, 'new-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/[^/]+\/clients/);

    // the temporary password is spent; the new one signs in
    await logOut(page);
    await signIn(page, email, NEW_PASSWORD);
    await page.context().close();
  });
});

describe('multi-factor authentication', () => {
  const email = 'secure@gains.example';
  let secret = '';

  it('when the firm requires MFA, then the user sets up an authenticator from the QR code or secret and a first code signs in', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await submitSignIn(page, email, DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    await page.getByTestId('mfa-qr').waitFor();
    secret = (await page.getByTestId('mfa-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const link = await page.getByTestId('mfa-link').getAttribute('href');
    expect(new URL(link!).searchParams.get('secret')).toBe(secret);
    expect(await page.getByTestId('mfa-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await shot(page, 'mfa-setup');

    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Code is required').waitFor();
    await page.getByLabel('Code').fill('123');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Code must be 6 digits').waitFor();
    await shot(page, 'mfa-setup-invalid');

    await page.getByLabel('Code').fill(authenticator(secret).generate());
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/[^/]+\/clients/);
    await logOut(page);
    await page.context().close();
  });

  it('when MFA is set up, then a wrong code shows the error and the next code signs in', async () => {
    expect(secret).not.toBe('');
    const page = await newPage(suite.browser, suite.gains.baseUrl, { forwardedFor: '10.20.0.1' });
    await submitSignIn(page, email, DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Enter your verification code' }).waitFor();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Code is required').waitFor();

    const next = authenticator(secret).generate({ timestamp: Date.now() + 30_000 });
    const wrong = next === '000000' ? '111111' : '000000';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    const banner = page.getByTestId('auth-error');
    await banner.waitFor();
    expect((await banner.innerText()).trim().length).toBeGreaterThan(0);
    await shot(page, 'mfa-wrong-code');

    // the code of the next time step: newer than the one used at set-up, within the allowed drift
    await page.getByLabel('Code').fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/[^/]+\/clients/);
    await page.context().close();
  });
});

describe('forgot and reset password', () => {
  const email = USERS.brook;

  it('when the user forgets the password, then the emailed code resets it and LOGIN says so', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl, { forwardedFor: '10.21.0.1' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await page.getByText('Email address is required').waitFor();
    await shot(page, 'forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send verification code' }).click();

    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByText("We've sent you an email with a verification code").waitFor();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Verification code is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await shot(page, 'reset-password');

    const code = await waitForMail(suite.gains.baseUrl, email, /verification code is (\d{6})/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByTestId('auth-notice').waitFor();
    expect(await page.getByTestId('auth-notice').innerText()).toMatch(/reset/i);
    await shot(page, 'login-after-reset');
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/[^/]+\/clients/);
    await page.context().close();
  });
});

describe('change password', () => {
  const email = USERS.manager;
  const changed = 'Changed-pass-2026!';

  it('when the user changes the password, then the old one is refused and the new one signs in', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl, { forwardedFor: '10.22.0.1' });
    await signIn(page, email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').fill('Not-the-password-1!');
    await dialog.getByLabel('Password', { exact: true }).fill(changed);
    await dialog.getByLabel('Confirm password').fill(changed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.gains-modal-alert').waitFor();

    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await logOut(page);
    await submitSignIn(page, email, DEMO_PASSWORD);
    await page.getByTestId('auth-error').waitFor();
    await signIn(page, email, changed);
    await page.context().close();
  });
});

describe('sessions', () => {
  /** The access tokens the page sends, newest last (they live in the page's memory only). */
  function bearerTokens(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      const header = request.headers()['authorization'];
      if (header?.startsWith('Bearer ')) seen.push(header.slice('Bearer '.length));
    });
    return seen;
  }
  const refreshCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'gains_refresh');

  it('when signed in, then no token is in browser storage, and a reload stays signed in through the HttpOnly refresh cookie', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    const tokens = bearerTokens(page);
    await signIn(page, USERS.admin);
    await page.getByTestId('clients-grid').waitFor();
    const before = await refreshCookie(page);
    expect(before).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/refresh' });
    const stored = (await page.evaluate(`JSON.stringify({ ...localStorage, ...sessionStorage })`)) as string;
    expect(tokens.length).toBeGreaterThan(0);
    expect(stored).not.toContain(tokens[0]!);
    expect(stored).not.toContain(before!.value);
    expect(await page.evaluate('document.cookie')).not.toContain('gains_refresh');

    await page.reload();
    await page.getByTestId('clients-grid').waitFor();
    await expect.poll(() => page.getByTestId('clients-grid').getAttribute('data-loading')).toBe('false');
    expect((await refreshCookie(page))!.value).not.toBe(before!.value); // rotated
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('when the server refuses the access token, then one refresh gets a new one and the call succeeds', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    await page.getByTestId('clients-grid').waitFor();
    // the next clients call answers 401, as for an expired token; the app refreshes and asks again
    let refused = 0;
    await page.route('**/api/clients/summary**', async (route) => {
      if (refused++ === 0) await route.fulfill({ status: 401, contentType: 'application/json', body: '{}' });
      else await route.continue();
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
    await page.reload();
    await refreshed;
    await page.getByTestId('clients-grid').waitFor();
    await expect.poll(() => page.getByTestId('clients-grid').getAttribute('data-loading')).toBe('false');
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('when the refresh cookie is gone or refused, then a reload shows the sign-in screen', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    await page.context().clearCookies();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(`localStorage.getItem('gains.signedIn')`)).toBeNull();
    await page.context().close();
  });

  it('when the user signs out, then the old tokens stop working', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    const tokens = bearerTokens(page);
    await signIn(page, USERS.admin);
    await page.getByTestId('clients-grid').waitFor();
    const cookie = (await refreshCookie(page))!;
    const accessToken = tokens[tokens.length - 1]!;
    await logOut(page);
    expect(await refreshCookie(page)).toBeUndefined();
    const user = await fetch(`${suite.gains.baseUrl}/api/user`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(user.status).toBe(401);
    const refresh = await fetch(`${suite.gains.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `gains_refresh=${cookie.value}` },
      body: '{}',
    });
    expect(refresh.status).toBe(401);
    await page.context().close();
  });
});

describe('throttling', () => {
  it('when an account fails too often, then the banner says when to try again', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl, { forwardedFor: '10.23.0.1' });
    await page.goto('/');
    await page.getByLabel('Email address').fill(USERS.adviser);
    const banner = page.getByTestId('auth-error');
    let text = '';
    for (let i = 0; i < 8 && !/try again after/i.test(text); i++) {
      await page.getByLabel('Password').fill(`Wrong-pass-${i}!`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await banner.waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
      text = await banner.innerText();
    }
    expect(text).toMatch(/Too many attempts\. Try again after \d\d:\d\d/);
    await shot(page, 'sign-in-throttled');
    await page.context().close();
  });
});
