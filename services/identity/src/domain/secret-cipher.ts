import crypto from 'node:crypto';

/** Encrypts small secrets (TOTP keys) at rest with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export interface SecretCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

// Used only when no key is configured (development): secrets are still never stored in clear text,
// but anyone with the source can decrypt them. Production sets GAINS_MFA_ENCRYPTION_KEY.
const DEVELOPMENT_KEY = crypto.createHash('sha256').update('gains-development-mfa-key').digest();

export function createSecretCipher(key: Buffer = DEVELOPMENT_KEY): SecretCipher {
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
