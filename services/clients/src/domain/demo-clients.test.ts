import { describe, expect, it } from 'vitest';
import { generateDemoClients, penceToPounds } from './demo-clients';

describe('demo clients', () => {
  it('when pence are turned into pounds, then the string is exact with two decimals', () => {
    expect(penceToPounds(0)).toBe('0.00');
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(123456)).toBe('1234.56');
    expect(penceToPounds(-100)).toBe('-1.00');
    expect(penceToPounds(-350000000001)).toBe('-3500000000.01');
  });

  it('when generated twice with one seed, then the clients are the same', () => {
    expect(generateDemoClients(50, 'T', 7)).toEqual(generateDemoClients(50, 'T', 7));
  });

  it('when 1,000 are generated, then codes run 00001..01000 and AE remaining never exceeds the exemption', () => {
    const clients = generateDemoClients(1000, 'ASH', 20260406);
    expect(clients[0]!.code).toBe('ASH00001');
    expect(clients[999]!.code).toBe('ASH01000');
    for (const c of clients) {
      const ae = Number(c.figures.annualExemption);
      const remaining = Number(c.figures.annualExemptionRemaining);
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThanOrEqual(ae);
      expect(c.inactive).toBe(c.state !== 'Live');
    }
  });
});
