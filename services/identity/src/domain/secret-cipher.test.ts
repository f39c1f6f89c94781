import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretCipher } from './secret-cipher';

describe('secret cipher', () => {
  it('when a secret is sealed, then it is not readable and opens only with the same key', () => {
    const cipher = createSecretCipher(crypto.randomBytes(32));
    const sealed = cipher.encrypt('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(cipher.encrypt('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretCipher(crypto.randomBytes(32)).decrypt(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    const tampered = [v, iv, tag, bytes.toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered)).toThrow();
  });
});
