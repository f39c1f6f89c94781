// SIGTERM while requests are in flight: the real embedded process answers every request it accepted, then
// stops its services and its database, quietly and with exit code 0.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startGains } from '../e2e/support/start-gains';

const PASSWORD = 'Drain-test-pass1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

/** A ledger that takes the tax engine a noticeable moment: many buys and sells of a few securities. */
function ledger(rows: number): string {
  const lines = ['date,type,security,quantity,price,amount,expenses'];
  const day = new Date(Date.UTC(1990, 0, 4));
  for (let i = 0; i < rows; i++) {
    const date = new Date(day.getTime() + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10);
    const security = `S${i % 7}`;
    lines.push(
      i % 3 === 2
        ? `${date},SELL,${security},5,${(2 + (i % 11) / 10).toFixed(2)},,1.50`
        : `${date},BUY,${security},10,1.25,,2.00`,
    );
  }
  return lines.join('\n');
}

interface Sent {
  /** Resolves once the whole request is written to the connection. */
  written: Promise<void>;
  /** The status, or the error, and when the answer came. */
  answer: Promise<{ status: number | string; at: number }>;
}

/** A request over its own connection, so we know when it has left (fetch does not say). */
function send(url: string, headers: Record<string, string>, body?: string): Sent {
  let written!: () => void;
  const sent = new Promise<void>((resolve) => (written = resolve));
  const answer = new Promise<{ status: number | string; at: number }>((resolve) => {
    const request = http.request(url, { method: body ? 'POST' : 'GET', headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }));
      response.on('error', (error) => resolve({ status: `${error.name}: ${error.message}`, at: Date.now() }));
    });
    request.on('error', (error) => resolve({ status: `${error.name}: ${error.message}`, at: Date.now() }));
    request.on('finish', () => written());
    request.end(body);
  });
  return { written: sent, answer };
}

describe('stopping the embedded form', () => {
  it('when SIGTERM arrives with requests in flight, then every accepted request is answered and the stop is clean', async () => {
    const gains = await startGains({ env: { GAINS_DEMO_PASSWORD: PASSWORD } });
    let stopped = false;
    try {
      const signIn = await fetch(`${gains.baseUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@gains.example', password: PASSWORD }),
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const headers = { authorization: `Bearer ${accessToken}`, 'x-organisation-uuid': ASHW };
      const file = JSON.stringify({ ledgerCsv: ledger(40_000) });
      const requests = [
        ...Array.from({ length: 3 }, () =>
          send(`${gains.baseUrl}/api/calculations/ledger`, { ...headers, 'content-type': 'application/json' }, file),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          send(`${gains.baseUrl}/api/clients/summary?page=${i + 1}&size=100`, headers),
        ),
      ];
      await Promise.all(requests.map((r) => r.written));
      await new Promise((r) => setTimeout(r, 500)); // read by the server, and the calculations under way

      const signalledAt = Date.now();
      const stopping = gains.stop().then(() => (stopped = true));
      const answers = await Promise.all(requests.map((r) => r.answer));
      await stopping;

      expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
      // not a vacuous pass: some answers were still being made when the signal came
      expect(answers.filter((a) => a.at > signalledAt).length).toBeGreaterThan(0);
      expect(gains.exitCode!()).toBe(0);
      expect(gains.output!()).not.toMatch(/connection lost|Unhandled|ECONNRESET|"level":50/);
    } finally {
      if (!stopped) await gains.stop();
    }
  });
});
