import type { ChildProcess } from 'node:child_process';
import { SERVICE_NAMES, type ServiceName } from '@gains/config';
import { freePort, type RunningPostgres } from '@gains/db';
import { startNatsServer, startTestPostgres, type RunningNats } from '@gains/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSmoke } from '../support/api-smoke';
import { clusterEnv, spawnService, stopProcess, waitReady } from '../support/cluster';

// The cluster form: every service its own process on loopback, Connect over HTTP/2 between them,
// events over a real nats-server, one real PostgreSQL. The same API journey as the embedded form.
const PASSWORD = 'Cluster-test-pass1!';
const processes: ChildProcess[] = [];
let postgres: RunningPostgres;
let nats: RunningNats;
let bffUrl = '';
const ports = {} as Record<ServiceName | 'bff', number>;

beforeAll(async () => {
  [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
  for (const name of [...SERVICE_NAMES, 'bff'] as const) ports[name] = await freePort();
  const env = clusterEnv({
    ports,
    databaseUrl: postgres.connectionString,
    natsUrl: nats.url,
    demoPassword: PASSWORD,
  });
  for (const name of [...SERVICE_NAMES, 'bff'] as const) processes.push(spawnService(name, ports[name], env));
  bffUrl = `http://127.0.0.1:${ports.bff}`;
  await Promise.all([...SERVICE_NAMES.map((s) => waitReady(`http://127.0.0.1:${ports[s]}`)), waitReady(bffUrl)]);
});

afterAll(async () => {
  await Promise.all(processes.map((child) => stopProcess(child)));
  await nats?.stop();
  await postgres?.stop();
});

describe('the cluster form', () => {
  it('when every service runs as its own process, then each answers its HTTP/1.1 probes and a Connect health check over HTTP/2', async () => {
    const { createClient } = await import('@connectrpc/connect');
    const { createConnectTransport } = await import('@connectrpc/connect-node');
    const { HealthService } = await import('@gains/proto');
    for (const name of SERVICE_NAMES) {
      const base = `http://127.0.0.1:${ports[name]}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const health = createClient(HealthService, createConnectTransport({ baseUrl: base, httpVersion: '2' }));
      const answer = await health.check({});
      expect(answer.service).toBe(name);
      expect(answer.ready).toBe(true);
      expect(answer.migrations.length).toBeGreaterThan(0);
    }
  });

  it('when a firm manager uses the API, then it behaves exactly as the embedded form', async () => {
    await apiSmoke((p, init) => fetch(`${bffUrl}${p}`, init), PASSWORD);
  });

  it('when Prometheus scrapes the services, then each answers /metrics and the tax engine reports the ledgers it computed and an empty queue', async () => {
    const scrape = async (name: ServiceName) => {
      const r = await fetch(`http://127.0.0.1:${ports[name]}/metrics`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      return r.text();
    };
    const value = (text: string, metric: string) => Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1]);
    for (const name of SERVICE_NAMES)
      expect(value(await scrape(name), 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const taxEngine = await scrape('tax-engine');
    // The journey above computed HS284 Example 3 through the BFF, on this process's workers; nothing is left queued.
    expect(value(taxEngine, 'gains_tax_engine_ledgers_computed_total')).toBeGreaterThanOrEqual(1);
    expect(value(taxEngine, 'gains_tax_engine_queue_depth')).toBe(0);
    expect(value(taxEngine, 'gains_tax_engine_workers_busy')).toBe(0);
    expect(value(taxEngine, 'gains_tax_engine_workers_max')).toBeGreaterThanOrEqual(1);
    expect(value(taxEngine, 'gains_tax_engine_ledgers_failed_total')).toBe(0);
    expect(taxEngine).toContain('# TYPE gains_tax_engine_queue_depth gauge');
    // Only the tax engine has a compute pool.
    expect(await scrape('clients')).not.toContain('gains_tax_engine_');
  });
});
