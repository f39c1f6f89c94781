import { createClient, type Transport } from '@connectrpc/connect';
import type { BffDeps } from '@gains/bff';
import type { ServiceName } from '@gains/config';
import { requestLogSamplerFromEnv, type Logger } from '@gains/logging';
import {
  calculations,
  clients,
  documents,
  identity,
  imports,
  ledger,
  reports,
  securities,
  taxEngine,
  taximiser,
} from '@gains/proto';
import { identityTokenVerifier } from '@gains/service-kit';
import { createLinkSigner } from '@gains/download-links';
import crypto from 'node:crypto';

/** The BFF's Connect clients, created once over whichever transports the form of running gives. */
export function bffDeps(options: {
  transports: Record<ServiceName, Transport>;
  logger: Logger;
  webDir?: string;
  ready: () => Promise<boolean>;
  env?: NodeJS.ProcessEnv;
}): BffDeps {
  const env = options.env ?? process.env;
  return {
    identity: createClient(identity.IdentityService, options.transports.identity),
    clients: createClient(clients.ClientsService, options.transports.clients),
    ledger: createClient(ledger.LedgerService, options.transports.clients),
    imports: createClient(imports.ImportsService, options.transports.clients),
    taxEngine: createClient(taxEngine.TaxEngineService, options.transports['tax-engine']),
    calculations: createClient(calculations.CalculationsService, options.transports['tax-engine']),
    taximiser: createClient(taximiser.TaximiserService, options.transports['tax-engine']),
    securities: createClient(securities.SecuritiesService, options.transports.securities),
    documents: createClient(documents.DocumentsService, options.transports.documents),
    reports: createClient(reports.ReportsService, options.transports.reports),
    traceUrlTemplate: env.GAINS_TRACE_URL_TEMPLATE || undefined,
    verifyToken: identityTokenVerifier(options.transports.identity),
    downloadLinks: createLinkSigner(downloadLinkSecret(env, options.logger)),
    logger: options.logger.child({ service: 'bff' }),
    sampleRequestLog: requestLogSamplerFromEnv(env),
    webDir: options.webDir,
    ready: options.ready,
    // No forwarded header is trusted unless proxies are configured (the chart sets 1 for its ingress):
    // with nothing in front, X-Forwarded-For is whatever the client wrote.
    trustedProxyHops: trustedProxyHops(env.GAINS_TRUSTED_PROXY_HOPS),
  };
}

function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error('Invalid configuration: GAINS_TRUSTED_PROXY_HOPS: must be a whole number from 0 to 10');
  return hops;
}

/**
 * GAINS_DOWNLOAD_LINK_SECRET signs report links; every BFF replica must share it. Unset (embedded), a secret is
 * made for this process: links then open only on the BFF that signed them, and die with it.
 */
function downloadLinkSecret(env: NodeJS.ProcessEnv, logger: Logger): string {
  const secret = env.GAINS_DOWNLOAD_LINK_SECRET;
  if (secret) {
    if (secret.length < 32)
      throw new Error('Invalid configuration: GAINS_DOWNLOAD_LINK_SECRET: must be at least 32 characters');
    return secret;
  }
  logger.warn('GAINS_DOWNLOAD_LINK_SECRET is not set: report links open only on this process');
  return crypto.randomBytes(32).toString('base64url');
}
