import { describe, expect, it } from 'vitest';
import { createLinkSigner, LINK_SECONDS, LinkRefused, tokenExpiry } from './index';

const claims = {
  organisationUuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
  userUuid: '11111111-2222-4333-8444-555555555555',
  kind: 'ca-headers',
  parameters: { searchDateType: 'PAY_DATE', from: '2026-01-01', to: '2026-12-31' },
  bearer: 'header.payload.signature',
};
const SECRET = 'a test secret of enough bytes';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof LinkRefused) return error.reason;
    throw error;
  }
  return 'ACCEPTED';
}

describe('download links', () => {
  it('when a link is fresh and untouched, then its claims come back, the bearer unsealed', () => {
    const signer = createLinkSigner(SECRET, () => 1_000_000);
    const token = signer.sign(claims);
    expect(signer.verify(token, 'ca-headers')).toEqual({ ...claims, expiresAt: 1_000_000 + LINK_SECONDS * 1000 });
    // the bearer is sealed, not merely encoded
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain(claims.bearer);
  });

  it('when the same claims are signed twice, then the tokens differ (a random nonce)', () => {
    const signer = createLinkSigner(SECRET);
    expect(signer.sign(claims)).not.toBe(signer.sign(claims));
  });

  it('when any character of the token is changed, then it is refused', () => {
    const signer = createLinkSigner(SECRET);
    const token = signer.sign(claims);
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      const tampered = token.slice(0, i) + swapped + token.slice(i + 1);
      expect(['TAMPERED', 'MALFORMED']).toContain(refusal(() => signer.verify(tampered, 'ca-headers')));
    }
    expect(refusal(() => signer.verify(`${token}x`, 'ca-headers'))).toMatch(/TAMPERED|MALFORMED/);
    expect(refusal(() => signer.verify('', 'ca-headers'))).toBe('MALFORMED');
  });

  it('when another server secret signed it, then it is refused', () => {
    const token = createLinkSigner('another secret of enough bytes').sign(claims);
    expect(refusal(() => createLinkSigner(SECRET).verify(token, 'ca-headers'))).toBe('TAMPERED');
  });

  it('when its minutes have passed, then it is refused as expired', () => {
    let now = 5_000_000;
    const signer = createLinkSigner(SECRET, () => now);
    const token = signer.sign(claims);
    now += LINK_SECONDS * 1000 - 1;
    expect(refusal(() => signer.verify(token, 'ca-headers'))).toBe('ACCEPTED');
    now += 1;
    expect(refusal(() => signer.verify(token, 'ca-headers'))).toBe('EXPIRED');
  });

  it('when the sealed token expires sooner, then the link expires with it', () => {
    const signer = createLinkSigner(SECRET, () => 1_000);
    expect(signer.verify(signer.sign({ ...claims, expiresAt: 61_000 }), 'ca-headers').expiresAt).toBe(61_000);
  });

  it('when it is opened as another kind of report, then it is refused', () => {
    const signer = createLinkSigner(SECRET);
    expect(refusal(() => signer.verify(signer.sign(claims), 'ca-candidates'))).toBe('WRONG_KIND');
  });

  it('reads a JWT’s expiry in milliseconds', () => {
    const jwt = `x.${Buffer.from(JSON.stringify({ exp: 1_800_000_000 })).toString('base64url')}.y`;
    expect(tokenExpiry(jwt)).toBe(1_800_000_000_000);
    expect(tokenExpiry('nonsense')).toBeUndefined();
  });
});
