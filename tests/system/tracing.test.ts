import { Writable } from 'node:stream';
import pino from 'pino';
import type { RunningPostgres } from '@gains/db';
import { startEmbeddedSystem, type EmbeddedSystem } from '@gains/runtime';
import { startTelemetry, stopTelemetry, currentTraceIds } from '@gains/telemetry';
import { startTestPostgres } from '@gains/testing';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/api-smoke';

// An SRE follows a call from the browser through the BFF into the services: one trace, and every
// log line on the way names it.
const PASSWORD = 'Tracing-pass-1!';
const exporter = new InMemorySpanExporter();
const lines: Record<string, unknown>[] = [];
let postgres: RunningPostgres;
let system: EmbeddedSystem;

beforeAll(async () => {
  startTelemetry({ serviceName: 'gains-test', exporter });
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  postgres = await startTestPostgres();
  system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: pino({ level: 'info', mixin: () => currentTraceIds() ?? {} }, sink),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
});

afterAll(async () => {
  await system?.stop();
  await postgres?.stop();
  await stopTelemetry();
});

describe('tracing', () => {
  it('when the browser sends a traceparent, then the BFF and identity spans and their log lines carry that trace', async () => {
    const call = (path: string, init?: RequestInit) => Promise.resolve(system.app.request(path, init));
    const token = await signIn(call, 'adviser@gains.example', PASSWORD);
    exporter.reset();
    lines.length = 0;
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await call('/api/user', {
      headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-trace-id')).toBe(traceId);

    const spans = exporter.getFinishedSpans();
    const names = spans.map((s) => s.name);
    expect(names).toContain('GET /api/user');
    expect(names).toContain('gains.identity.v1.IdentityService/GetCurrentUser');
    expect(spans.every((s) => s.spanContext().traceId === traceId)).toBe(true);

    const callLines = lines.filter((l) => l.msg === 'call' || l.msg === 'request');
    expect(callLines.length).toBeGreaterThanOrEqual(2);
    expect(callLines.every((l) => l.trace_id === traceId)).toBe(true);
  });
});
