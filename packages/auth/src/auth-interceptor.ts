import type { Interceptor } from '@connectrpc/connect';
import { unauthenticated } from '@gains/errors';
import { callerKey } from './caller';
import type { TokenVerifier } from './tokens';

/**
 * Every service verifies the caller's token itself (the BFF is not the only gate). Methods in
 * `publicMethods` (sign-in, key set, health) need no token.
 */
export function authInterceptor(verify: TokenVerifier, publicMethods: ReadonlySet<string> = new Set()): Interceptor {
  return (next) => async (req) => {
    const header = req.header.get('authorization');
    if (header?.startsWith('Bearer ')) {
      req.contextValues.set(callerKey, await verify(header.slice('Bearer '.length)));
    } else if (!publicMethods.has(req.method.name) && req.service.typeName !== 'gains.health.v1.HealthService') {
      throw unauthenticated();
    }
    return next(req);
  };
}

/** The header a calling service forwards so the callee sees the same caller. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
