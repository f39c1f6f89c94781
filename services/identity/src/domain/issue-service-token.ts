import crypto from 'node:crypto';
import { permissionDenied, unauthenticated } from '@gains/errors';
import { ACCESS_TOKEN_SECONDS } from './token-issuer';
import type { IdentityDeps } from './deps';

/** The services that may act as themselves: the tax engine loads ledgers for its background runs; documents' jobs read holders and post a corporate action's rows; the reports service's jobs read a client's figures for its reports. */
export const SERVICES_WITH_TOKENS: ReadonlySet<string> = new Set(['tax-engine', 'documents', 'reports']);

/**
 * A service's own access token. The caller proves itself with the secret the deployment shares between identity
 * and the services (GAINS_SERVICE_TOKEN_SECRET); compared in constant time; unset, no token is ever issued.
 */
export async function issueServiceToken(
  deps: Pick<IdentityDeps, 'tokens' | 'now' | 'serviceTokenSecret'>,
  req: { service: string; secret: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const expected = Buffer.from(deps.serviceTokenSecret);
  const given = Buffer.from(req.secret);
  if (expected.length === 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw unauthenticated('The service secret is not valid');
  }
  if (!SERVICES_WITH_TOKENS.has(req.service)) throw permissionDenied('This service may not have a token');
  return { accessToken: await deps.tokens.issueServiceToken(req.service, deps.now()), expiresIn: ACCESS_TOKEN_SECONDS };
}
