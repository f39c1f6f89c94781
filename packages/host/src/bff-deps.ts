import { createClient, type Transport } from '@connectrpc/connect';
import type { BffDeps } from '@gains/bff';
import type { ServiceName } from '@gains/config';
import type { Logger } from '@gains/logging';
import { clients, identity, taxEngine } from '@gains/proto';
import { identityTokenVerifier } from '@gains/service-kit';

/** The BFF's Connect clients, created once over whichever transports the form of running gives. */
export function bffDeps(options: {
  transports: Record<ServiceName, Transport>;
  logger: Logger;
  webDir?: string;
  ready: () => Promise<boolean>;
}): BffDeps {
  return {
    identity: createClient(identity.IdentityService, options.transports.identity),
    clients: createClient(clients.ClientsService, options.transports.clients),
    taxEngine: createClient(taxEngine.TaxEngineService, options.transports['tax-engine']),
    verifyToken: identityTokenVerifier(options.transports.identity),
    logger: options.logger.child({ service: 'bff' }),
    webDir: options.webDir,
    ready: options.ready,
    // One hop by default: the ingress in the cluster; in the embedded form the loopback-only
    // server lets tests speak for several addresses. Set 0 where nothing proxies.
    trustedProxyHops: Number(process.env.GAINS_TRUSTED_PROXY_HOPS ?? 1),
  };
}
