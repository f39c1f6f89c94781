import type { ConnectRouterOptions } from '@connectrpc/connect';
import { authInterceptor, type TokenVerifier } from '@gains/auth';
import { errorInterceptor } from '@gains/errors';
import type { Logger } from '@gains/logging';

/** The same interceptors in both forms of running: errors mapped once, callers verified by each service. */
export function serviceRouterOptions(options: {
  logger: Logger;
  verifier: TokenVerifier;
  publicMethods?: ReadonlySet<string>;
}): ConnectRouterOptions {
  return {
    interceptors: [
      errorInterceptor((error, method, code) => {
        if (code === 13 || code === 2) options.logger.error({ err: error, method }, 'call failed');
        else options.logger.info({ method, code, reason: (error as Error).message }, 'call refused');
      }),
      authInterceptor(options.verifier, options.publicMethods),
    ],
  };
}
