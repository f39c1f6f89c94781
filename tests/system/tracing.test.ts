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
    // Every request line is written, so each one this test makes can be looked at.
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_REQUEST_LOG_EVERY_NTH: '1' },
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

  it('when a ledger is computed, then its compute span (queue met, engine time) and log line are in the caller’s trace', async () => {
    const call = (path: string, init?: RequestInit) => Promise.resolve(system.app.request(path, init));
    const token = await signIn(call, 'manager@gains.example', PASSWORD);
    exporter.reset();
    lines.length = 0;
    const traceId = '5cf92f3577b34da6a3ce929d0e0e4737';
    const res = await call('/api/calculations/ledger', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        traceparent: `00-${traceId}-00f067aa0ba902b8-01`,
        'content-type': 'application/json',
        'x-organisation-uuid': '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
      },
      body: JSON.stringify({
        ledgerCsv: 'date,type,security,quantity,price\n2023-05-01,BUY,X,100,1\n2023-06-01,SELL,X,40,2\n',
      }),
    });
    expect(res.status).toBe(200);

    const compute = exporter.getFinishedSpans().find((s) => s.name === 'tax-engine compute ledger');
    expect(compute?.spanContext().traceId).toBe(traceId);
    expect(compute?.attributes['gains.ledger.transactions']).toBe(2);
    expect(typeof compute?.attributes['gains.compute.ms']).toBe('number');
    const computed = lines.find((l) => l.msg === 'ledger computed');
    expect(computed).toMatchObject({ trace_id: traceId, service: 'tax-engine', transactions: 2, refused: false });
  });
});
