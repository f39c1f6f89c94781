// SIGTERM while requests are in flight: the real embedded process answers every request it accepted, then
// stops its services and its database, quietly and with exit code 0.
import { describe, expect, it } from 'vitest';
import { startGains } from '../e2e/support/start-gains';

const PASSWORD = 'Drain-test-pass1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

/** A ledger that takes the tax engine a noticeable moment: many buys and sells of a few securities. */
function ledger(rows: number): string {
  const lines = ['date,type,security,quantity,price,amount,expenses'];
  const day = new Date(Date.UTC(2010, 0, 4));
  for (let i = 0; i < rows; i++) {
    const date = new Date(day.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const security = `S${i % 7}`;
    lines.push(
      i % 3 === 2
        ? `${date},SELL,${security},5,${(2 + (i % 11) / 10).toFixed(2)},,1.50`
        : `${date},BUY,${security},10,1.25,,2.00`,
    );
  }
  return lines.join('\n');
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
      const file = ledger(6_000);
      const inFlight = [
        ...Array.from({ length: 3 }, () =>
          fetch(`${gains.baseUrl}/api/calculations/ledger`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ ledgerCsv: file }),
          }),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          fetch(`${gains.baseUrl}/api/clients/summary?page=${i}&size=100`, { headers }),
        ),
      ].map((p) =>
        p
          .then((r) => r.status)
          .catch((error: Error) => `${error.name}: ${error.message} ${String((error as { cause?: unknown }).cause)}`),
      );

      await new Promise((r) => setTimeout(r, 100)); // the requests are on the server
      const stopping = gains.stop({ group: false }).then(() => (stopped = true));
      const statuses = await Promise.all(inFlight);
      await stopping;

      if (statuses.some((s) => s !== 200)) console.log(gains.output!());
      expect(statuses).toEqual(Array(statuses.length).fill(200));
      expect(gains.exitCode!()).toBe(0);
      expect(gains.output!()).not.toMatch(/connection lost|Unhandled|ECONNRESET|"level":50/);
    } finally {
      if (!stopped) await gains.stop();
    }
  });
});
