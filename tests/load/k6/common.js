// What every k6 journey shares: where Gains is, the big demo firm, and a firm manager's bearer headers.
import http from 'k6/http';

export const BASE = __ENV.BASE_URL || 'http://127.0.0.1:8080';
export const ASHWORTH = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

/** Signs in once (call from setup()); the token is handed to every iteration as setup's data. */
export function signIn() {
  const res = http.post(
    `${BASE}/api/auth/sign-in`,
    JSON.stringify({ email: 'manager@gains.example', password: __ENV.PASSWORD || 'Gains-demo-2026!' }),
    { headers: { 'content-type': 'application/json' } },
  );
  return { token: res.json('accessToken') };
}

export function authHeaders(data, extra = {}) {
  return { authorization: `Bearer ${data.token}`, 'x-organisation-uuid': ASHWORTH, ...extra };
}
