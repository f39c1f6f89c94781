import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@gains/access';
import { identity } from '@gains/proto';
import { asCaller, remoteAddress } from '../middleware/authenticate';
import { field, parseBody } from '../validation';
import type { BffEnv } from '../deps';

/** The states of spec §4 as the web app names them. */
const STATE_NAMES: Record<identity.AuthState, string> = {
  [identity.AuthState.UNSPECIFIED]: 'LOGIN',
  [identity.AuthState.LOGIN]: 'LOGIN',
  [identity.AuthState.AUTHENTICATED]: 'AUTHENTICATED',
  [identity.AuthState.NEW_PASSWORD_REQUIRED]: 'NEW_PASSWORD_REQUIRED',
  [identity.AuthState.MFA]: 'MFA',
  [identity.AuthState.MFA_SETUP]: 'MFA_SETUP',
  [identity.AuthState.RESET_PASSWORD]: 'RESET_PASSWORD',
};

/** The refresh token's cookie: sent by the browser only to the refresh call, never readable by scripts. */
export const REFRESH_COOKIE = 'gains_refresh';
const REFRESH_PATH = '/api/auth/refresh';
/** The longest a session lives (identity ends it then whatever the refresh token). */
const REFRESH_COOKIE_SECONDS = 12 * 60 * 60;

/**
 * Every answer that moves the flow: `state`, then what the next screen needs — the access token when
 * AUTHENTICATED, the challenge `session` for NEW_PASSWORD_REQUIRED / MFA / MFA_SETUP, a banner `message`.
 * The refresh token never travels in a body: it is set as an HttpOnly, Secure, SameSite=Strict cookie
 * scoped to the refresh call, so script on the page (an XSS) cannot read or keep it.
 */
export function authAnswerJson(c: Context<BffEnv>, answer: identity.AuthAnswer) {
  if (answer.refreshToken)
    setCookie(c, REFRESH_COOKIE, answer.refreshToken, {
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: REFRESH_PATH,
      maxAge: REFRESH_COOKIE_SECONDS,
    });
  return c.json({
    state: STATE_NAMES[answer.state],
    ...(answer.accessToken ? { accessToken: answer.accessToken, expiresIn: answer.expiresIn } : {}),
    ...(answer.session ? { session: answer.session } : {}),
    ...(answer.message ? { message: answer.message } : {}),
  });
}

// Bodies are type-checked and bounded here; identity applies the §5 rules and answers with their messages.
const password = (message: string) => field.text('password', PASSWORD_MAX_LENGTH, message);
const confirmPassword = field.optionalText('confirmPassword', PASSWORD_MAX_LENGTH).optional();
/** A challenge session: a signed token of a few hundred characters. */
const session = field.text('session', 4096, 'Session is required');

const signInBody = z.object({ email: field.email(), password: password('Password is required') });
const newPasswordBody = z.object({ session, password: password('Password is required'), confirmPassword });
const codeBody = z.object({ session, code: field.text('code', 100, 'Code is required') });
const setupBody = z.object({ session });
const forgotBody = z.object({ email: field.email() });
const resetBody = z.object({
  email: field.email(),
  code: field.text('code', 100, 'Verification code is required'),
  password: password('Password is required'),
  confirmPassword,
});
const changeBody = z.object({
  currentPassword: field.text('currentPassword', PASSWORD_MAX_LENGTH, 'Current password is required'),
  password: password('Password is required'),
  confirmPassword,
});
// A browser sends the cookie; another client may name the token in the body.
const refreshBody = z.object({ refreshToken: field.optionalText('refreshToken', 512).optional() });

export const authRoutes = new Hono<BffEnv>()
  .post('/sign-in', async (c) => {
    const body = await parseBody(c, signInBody);
    return authAnswerJson(c, await c.var.deps.identity.signIn({ ...body, remoteAddress: remoteAddress(c) }));
  })
  .post('/new-password', async (c) => {
    const body = await parseBody(c, newPasswordBody);
    return authAnswerJson(
      c,
      await c.var.deps.identity.completeNewPassword({ ...body, remoteAddress: remoteAddress(c) }),
    );
  })
  .post('/mfa', async (c) => {
    const body = await parseBody(c, codeBody);
    return authAnswerJson(c, await c.var.deps.identity.confirmMfa({ ...body, remoteAddress: remoteAddress(c) }));
  })
  .post('/mfa/setup', async (c) => {
    const body = await parseBody(c, setupBody);
    const answer = await c.var.deps.identity.setupMfa({ ...body, remoteAddress: remoteAddress(c) });
    return c.json({
      state: STATE_NAMES[answer.state],
      session: answer.session,
      secret: answer.secret,
      otpauthUrl: answer.otpauthUrl,
    });
  })
  .post('/mfa/verify', async (c) => {
    const body = await parseBody(c, codeBody);
    return authAnswerJson(c, await c.var.deps.identity.verifyMfaSetup({ ...body, remoteAddress: remoteAddress(c) }));
  })
  .post('/forgot-password', async (c) => {
    const body = await parseBody(c, forgotBody);
    return authAnswerJson(c, await c.var.deps.identity.forgotPassword({ ...body, remoteAddress: remoteAddress(c) }));
  })
  .post('/reset-password', async (c) => {
    const body = await parseBody(c, resetBody);
    return authAnswerJson(c, await c.var.deps.identity.resetPassword({ ...body, remoteAddress: remoteAddress(c) }));
  })
  .post('/refresh', async (c) => {
    const body = await parseBody(c, refreshBody);
    const refreshToken = getCookie(c, REFRESH_COOKIE) || body.refreshToken || '';
    return authAnswerJson(c, await c.var.deps.identity.refresh({ refreshToken, remoteAddress: remoteAddress(c) }));
  })
  .post('/change-password', async (c) => {
    const body = await parseBody(c, changeBody);
    const answer = await c.var.deps.identity.changePassword({ ...body, remoteAddress: remoteAddress(c) }, asCaller(c));
    return c.json({ message: answer.message });
  })
  .post('/sign-out', async (c) => {
    await c.var.deps.identity.signOut({ remoteAddress: remoteAddress(c) }, asCaller(c));
    deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure: true, httpOnly: true, sameSite: 'Strict' });
    return c.body(null, 204);
  });
