import { createClient, type Transport } from '@connectrpc/connect';
import { createTokenVerifier, type TokenVerifier } from '@gains/auth';
import { identity } from '@gains/proto';

/** Verifies access tokens with the keys identity publishes. */
export function identityTokenVerifier(identityTransport: Transport): TokenVerifier {
  const client = createClient(identity.IdentityService, identityTransport);
  return createTokenVerifier(async () => JSON.parse((await client.getJwks({})).jwksJson));
}
