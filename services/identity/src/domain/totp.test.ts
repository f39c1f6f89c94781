import { describe, expect, it } from 'vitest';
import { matchTotpStep, otpauthUrl } from './totp';

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890", 8-digit values; the last 6 digits are the 6-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP', () => {
  it.each(VECTORS)('when the time is %i, then the RFC 6238 code %s matches its step', (seconds, code) => {
    expect(matchTotpStep(RFC_SECRET, code, new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
  });

  it('when the code is one step old or new, then it matches that step; two steps away it does not', () => {
    const [seconds, code] = VECTORS[3]!;
    const step = Math.floor(seconds / 30);
    expect(matchTotpStep(RFC_SECRET, code, new Date((seconds + 30) * 1000))).toBe(step);
    expect(matchTotpStep(RFC_SECRET, code, new Date((seconds - 30) * 1000))).toBe(step);
    expect(matchTotpStep(RFC_SECRET, code, new Date((seconds + 61) * 1000))).toBeNull();
  });

  it('refuses anything but six digits', () => {
    expect(matchTotpStep(RFC_SECRET, '28708', new Date(59_000))).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '2870821', new Date(59_000))).toBeNull();
  });

  it('builds the otpauth link an authenticator app reads', () => {
    const url = new URL(otpauthUrl(RFC_SECRET, 'secure@gains.example'));
    expect(url.href.startsWith('otpauth://totp/Gains:secure%40gains.example?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Gains',
      secret: RFC_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
