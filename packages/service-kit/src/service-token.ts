import { createClient, type Transport } from '@connectrpc/connect';
import { identity } from '@gains/proto';

/**
 * A service's own access token, for work no user is waiting on (a background recalculation, a corporate action's
 * job): asked of identity with the deployment's shared GAINS_SERVICE_TOKEN_SECRET, kept until a minute before it
 * expires. The services it calls accept it only for the calls they name, scoped by the organisation asked.
 */
export function serviceTokenSource(identityTransport: Transport, service: string, secret: string, now = Date.now) {
  const client = createClient(identity.IdentityService, identityTransport);
  let cached: { token: string; until: number } | undefined;
  return async (): Promise<string> => {
    if (cached && cached.until > now()) return cached.token;
    if (!secret) throw new Error(`GAINS_SERVICE_TOKEN_SECRET is not set: ${service} cannot act as itself`);
    const answer = await client.issueServiceToken({ service, secret });
    cached = { token: answer.accessToken, until: now() + (answer.expiresIn - 60) * 1000 };
    return answer.accessToken;
  };
}
