// k6 journey: sign in as a firm manager, then compute a 100-row ledger through the tax engine again and again
// (the Calculations page's call). In the cluster form the files land on the tax-engine pods' workers, so this is
// the load that makes its queue depth, and so its HPA, move.
// k6 run -e BASE_URL=http://127.0.0.1:8080 -e PASSWORD=Gains-demo-2026! tests/load/k6/calculations.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { authHeaders, BASE, signIn } from './common.js';

export const options = {
  vus: 8,
  duration: '30s',
  // A full queue answers 429 (try again): that counts as failed here, so the threshold catches an undersized pool.
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(95)<1000'] },
};

export const setup = signIn;

// 100 generated rows (tests/bench/tax-engine-ledgers.ts, taxpayer 1): 37 disposals over 2016-17 to 2018-19.
const LEDGER = open('./ledger-100.csv');

export default function (data) {
  const res = http.post(
    `${BASE}/api/calculations/ledger`,
    JSON.stringify({ ledgerCsv: LEDGER, taxpayer: { kind: 'individual' } }),
    { headers: authHeaders(data, { 'content-type': 'application/json' }) },
  );
  check(res, {
    'status 200': (r) => r.status === 200,
    'three tax years': (r) => r.json('computation.taxYears').length === 3,
    'no failures': (r) => r.json('computation.failures').length === 0,
  });
  sleep(0.05);
}
