// k6 journey: sign in, then page, sort and search the clients grid of the big demo firm.
// k6 run -e BASE_URL=http://127.0.0.1:8080 -e PASSWORD=Gains-demo-2026! tests/load/k6/clients-grid.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { authHeaders, BASE, signIn } from './common.js';

export const options = {
  vus: 20,
  duration: '30s',
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(95)<250'] },
};

export const setup = signIn;

const QUERIES = [
  'page=1&size=10',
  'page=7&size=25&sort=marketValuation,desc',
  'page=1&size=50&term=smith',
  'page=2&size=100&filter=live&sort=name,asc',
];

export default function (data) {
  const query = QUERIES[Math.floor(Math.random() * QUERIES.length)];
  const res = http.get(`${BASE}/api/clients/summary?${query}`, { headers: authHeaders(data) });
  check(res, { 'status 200': (r) => r.status === 200, 'has rows': (r) => r.json('content').length > 0 });
  sleep(0.1);
}
