import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';

export { SpanKind };

let provider: NodeTracerProvider | undefined;

/**
 * Traces from the browser's call through the BFF, the services and the event bus (DESIGN §6).
 * A tracer provider is always registered, so every log line and job can carry a trace id; spans
 * leave the process only when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test passes an exporter).
 */
export function startTelemetry(options: { serviceName: string; exporter?: SpanExporter; env?: NodeJS.ProcessEnv }) {
  if (provider) return provider;
  const env = options.env ?? process.env;
  const spanProcessors: SpanProcessor[] = [];
  if (options.exporter) spanProcessors.push(new SimpleSpanProcessor(options.exporter));
  else if (env.OTEL_EXPORTER_OTLP_ENDPOINT) spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? options.serviceName }),
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}

export async function stopTelemetry() {
  await provider?.shutdown();
  provider = undefined;
}

const tracer = () => trace.getTracer('gains');

type Carrier = Record<string, string>;
const headerGetter = {
  keys: (carrier: { forEach?: unknown } & object) => Object.keys(carrier),
  get: (carrier: Headers | Carrier, key: string) =>
    carrier instanceof Headers ? (carrier.get(key) ?? undefined) : (carrier as Carrier)[key],
};

/** The context a remote caller sent in its `traceparent` header. */
export function extractContext(headers: Headers | Carrier): Context {
  return propagation.extract(context.active(), headers, headerGetter);
}

/** Writes the current context into outgoing headers. */
export function injectContext(headers: Headers): void {
  propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** The W3C traceparent of the active span, to store with an outbox event or a job. */
export function currentTraceParent(): string | undefined {
  const carrier: Carrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

export function contextFromTraceParent(traceParent: string | null | undefined): Context {
  return traceParent ? extractContext({ traceparent: traceParent }) : context.active();
}

export function currentTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span && span.traceId !== '00000000000000000000000000000000'
    ? { trace_id: span.traceId, span_id: span.spanId }
    : undefined;
}

/** Runs `fn` inside a new span (child of `parent`), recording failures. */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer().startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent ?? context.active(),
  );
  return context.with(trace.setSpan(options.parent ?? context.active(), span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
