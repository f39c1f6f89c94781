import { createMiddleware } from 'hono/factory';
import { assertMember } from '@gains/auth';
import { isUuid } from '@gains/access';
import { invalidArgument, unauthenticated } from '@gains/errors';
import type { BffEnv } from '../deps';

/**
 * A valid bearer access token whose session is still open. Identity is asked on every request, not from a
 * cache, so a sign-out, a disabled user or a reused refresh token stops the session's access token at once.
 * Runs once per request, however many times it is mounted.
 */
export const authenticate = createMiddleware<BffEnv>(async (c, next) => {
  if (!c.get('caller')) {
    const header = c.req.header('authorization');
    if (!header?.startsWith('Bearer ')) throw unauthenticated('Please sign in');
    const caller = await c.var.deps.verifyToken(header.slice('Bearer '.length));
    // A service token (a service's own identity) never comes from a browser: the BFF neither accepts nor forwards one.
    if (caller.service !== undefined) throw unauthenticated('Please sign in');
    const { active } = await c.var.deps.identity.checkSession({}, asCaller({ var: { ...c.var, caller } }));
    if (!active) throw unauthenticated();
    c.set('caller', caller);
  }
  await next();
});

/** Calls under an organisation name it in X-Organisation-Uuid, a uuid; the caller must belong to it. */
export const requireOrganisation = createMiddleware<BffEnv>(async (c, next) => {
  const organisationUuid = c.req.header('x-organisation-uuid') ?? '';
  if (organisationUuid && !isUuid(organisationUuid)) {
    throw invalidArgument('X-Organisation-Uuid', 'X-Organisation-Uuid must be a uuid (8-4-4-4-12 hexadecimal digits)');
  }
  assertMember(c.var.caller, organisationUuid);
  c.set('organisationUuid', organisationUuid);
  await next();
});

/** Options for a Connect call made on behalf of the caller. */
export function asCaller(c: { var: BffEnv['Variables'] }) {
  return { headers: { authorization: `Bearer ${c.var.caller.token}`, 'x-request-id': c.var.requestId } };
}

/**
 * The caller's network address, for throttling and the audit log. Behind N trusted proxies the
 * address is the Nth entry of X-Forwarded-For from the right: the one our nearest proxy appended,
 * which the client cannot forge. With no trusted proxy the header is ignored.
 */
export function remoteAddress(c: {
  req: { header(name: string): string | undefined };
  env: unknown;
  var: { deps: { trustedProxyHops?: number } };
}): string {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  const hops = c.var.deps.trustedProxyHops ?? 0;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const fromProxy = hops > 0 ? forwarded[forwarded.length - hops] : undefined;
  return fromProxy || socket?.remoteAddress || '';
}
