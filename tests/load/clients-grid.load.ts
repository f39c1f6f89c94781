/**
 * The k6 journey of tests/load/k6/clients-grid.js driven with autocannon (k6 does not install on these
 * machines): signs in, then loads the clients grid with the same queries for a bounded time, and prints
 * requests per second and latency percentiles. `pnpm load clients-grid [--seconds 10] [--connections 20]`
 */
import autocannon from 'autocannon';
import { flag, loadTarget, printResult } from './target';

const seconds = flag('seconds', 10, 60);
const connections = flag('connections', 20, 200);
const QUERIES = [
  'page=1&size=10',
  'page=7&size=25&sort=marketValuation,desc',
  'page=1&size=50&term=smith',
  'page=2&size=100&filter=live&sort=name,asc',
];

const target = await loadTarget();
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: target.base,
  connections,
  duration: seconds,
  requests: QUERIES.map((q) => ({
    method: 'GET' as const,
    path: `/api/clients/summary?${q}`,
    headers: target.headers,
  })),
});
printResult(`clients grid: ${connections} connections for ${seconds} s against ${target.base}`, result, {
  cpu: process.cpuUsage(cpuBefore),
  embedded: !process.env.BASE_URL,
});
await target.stop();
