import { Hono } from 'hono';
import { z } from 'zod';
import { identity } from '@gains/proto';
import { asCaller, authenticate } from '../middleware/authenticate';
import { parseBody } from '../validation';
import type { BffEnv } from '../deps';

const STATE_NAMES: Record<identity.AuthState, string> = {
  [identity.AuthState.UNSPECIFIED]: 'LOGIN',
  [identity.AuthState.AUTHENTICATED]: 'AUTHENTICATED',
  [identity.AuthState.NEW_PASSWORD_REQUIRED]: 'NEW_PASSWORD_REQUIRED',
  [identity.AuthState.MFA]: 'MFA',
  [identity.AuthState.MFA_SETUP]: 'MFA_SETUP',
};

const signInBody = z.object({
  email: z.string({ error: 'Email address is required' }).trim().min(1, 'Email address is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

function remoteAddress(c: { req: { header(name: string): string | undefined } }, fallback: string) {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || fallback;
}

export const authRoutes = new Hono<BffEnv>()
  .post('/sign-in', async (c) => {
    const body = await parseBody(c, signInBody);
    const answer = await c.var.deps.identity.signIn({
      email: body.email,
      password: body.password,
      remoteAddress: remoteAddress(c, (c.env as { incoming?: { socket?: { remoteAddress?: string } } })?.incoming?.socket?.remoteAddress ?? ''),
    });
    return c.json({
      state: STATE_NAMES[answer.state],
      ...(answer.accessToken ? { accessToken: answer.accessToken, expiresIn: answer.expiresIn } : {}),
      ...(answer.session ? { session: answer.session } : {}),
    });
  })
  .post('/sign-out', authenticate, async (c) => {
    await c.var.deps.identity.signOut({}, asCaller(c));
    return c.body(null, 204);
  });
