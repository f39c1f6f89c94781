import type { Client } from '@connectrpc/connect';
import type { Caller, TokenVerifier } from '@gains/auth';
import type { LinkSigner } from '@gains/download-links';
import type { Logger, RequestLogSampler } from '@gains/logging';
import type {
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

/** What the BFF is given: Connect clients created once, the token verifier, a logger. */
export interface BffDeps {
  identity: Client<typeof identity.IdentityService>;
  clients: Client<typeof clients.ClientsService>;
  /** The ledger, hosted by the clients service. */
  ledger: Client<typeof ledger.LedgerService>;
  /** Imports (Interface Logging), hosted by the clients service. */
  imports: Client<typeof imports.ImportsService>;
  taxEngine: Client<typeof taxEngine.TaxEngineService>;
  /** Stored calculations, hosted by the tax engine. */
  calculations: Client<typeof calculations.CalculationsService>;
  /** The Taximiser's plans, hosted by the tax engine. */
  taximiser: Client<typeof taximiser.TaximiserService>;
  securities: Client<typeof securities.SecuritiesService>;
  /** Corporate actions and portfolio movements. */
  documents: Client<typeof documents.DocumentsService>;
  /** The Job Monitor and the ACT Monitor. */
  reports: Client<typeof reports.ReportsService>;
  /** GAINS_TRACE_URL_TEMPLATE: a job's trace link, `{traceId}` replaced (none when unset). */
  traceUrlTemplate?: string;
  verifyToken: TokenVerifier;
  /** Signs and verifies the short-lived links that reports are downloaded by (GAINS_DOWNLOAD_LINK_SECRET). */
  downloadLinks: LinkSigner;
  /** Proxies in front of the BFF whose X-Forwarded-For entries are trusted (GAINS_TRUSTED_PROXY_HOPS). */
  trustedProxyHops?: number;
  logger: Logger;
  /** Which request lines are written (GAINS_REQUEST_LOG_EVERY_NTH, GAINS_REQUEST_LOG_SLOW_MS). */
  sampleRequestLog: RequestLogSampler;
  /** Built web app to serve, when there is one. */
  webDir?: string;
  /** Readiness of what the BFF depends on. */
  ready: () => Promise<boolean>;
}

export type BffEnv = {
  Variables: {
    deps: BffDeps;
    requestId: string;
    caller: Caller;
    organisationUuid: string;
    /** The X-Request-Id the client sent, logged beside ours but never used as an id. */
    clientRequestId?: string;
  };
};
