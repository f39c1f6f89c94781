import { Code, ConnectError, type ConnectRouterOptions, type Interceptor } from '@connectrpc/connect';
import { authInterceptor, type TokenVerifier } from '@gains/auth';
import { assertCleanText, errorInterceptor } from '@gains/errors';
import type { Logger, RequestLogSampler } from '@gains/logging';
import { extractContext, inSpan, injectContext, SpanKind } from '@gains/telemetry';

/** A JSON log line per call the sampler keeps (every failed or slow one), carrying the BFF's request id. */
function accessLog(logger: Logger, sample: RequestLogSampler): Interceptor {
  return (next) => async (req) => {
    const started = performance.now();
    const line = (outcome: string) => {
      const ms = Math.round(performance.now() - started);
      if (!sample({ failed: outcome !== 'ok', ms })) return;
      logger.info(
        { requestId: req.header.get('x-request-id') ?? undefined, method: req.method.name, outcome, ms },
        'call',
      );
    };
    try {
      const res = await next(req);
      line('ok');
      return res;
    } catch (error) {
      line(error instanceof ConnectError ? Code[error.code] : 'unknown');
      throw error;
    }
  };
}

/** A server span per call, continuing the caller's trace from its traceparent header. */
function traceServer(): Interceptor {
  return (next) => (req) =>
    inSpan(
      `${req.service.typeName}/${req.method.name}`,
      { kind: SpanKind.SERVER, parent: extractContext(req.header), attributes: { 'rpc.system': 'connect_rpc' } },
      () => next(req),
    );
}

/** Client side: sends the active trace on to the called service. */
export function traceClient(): Interceptor {
  return (next) => (req) => {
    injectContext(req.header);
    return next(req);
  };
}

/**
 * Each service is a gate of its own: a request holding a NUL byte (which PostgreSQL text cannot
 * store, and no field means) or half a character in any text field is refused naming the field,
 * whoever sent it.
 */
function refuseUncleanText(): Interceptor {
  return (next) => async (req) => {
    if (!req.stream) assertCleanText(req.message);
    return next(req);
  };
}

/** The same interceptors in both forms of running: errors mapped once, callers verified by each service. */
export function serviceRouterOptions(options: {
  logger: Logger;
  verifier: TokenVerifier;
  publicMethods?: ReadonlySet<string>;
  sampleCallLog: RequestLogSampler;
}): ConnectRouterOptions {
  return {
    interceptors: [
      traceServer(),
      accessLog(options.logger, options.sampleCallLog),
      errorInterceptor((error, method, code) => {
        if (code === Code.Internal || code === Code.Unknown)
          options.logger.error({ err: error, method }, 'call failed');
      }),
      refuseUncleanText(),
      authInterceptor(options.verifier, options.publicMethods),
    ],
  };
}
