import { describe, expect, it } from 'vitest';
import { identityConfig } from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('identity configuration', () => {
  it('keeps the development mailbox off unless it is enabled', () => {
    expect(identityConfig({}, 'embedded').devMailbox).toBe(false);
    expect(identityConfig({ GAINS_DEV_MAILBOX: 'true' }, 'embedded').devMailbox).toBe(true);
  });

  it('refuses to start with the development mailbox in the cluster form or in production', () => {
    expect(() => identityConfig({ GAINS_DEV_MAILBOX: 'true' }, 'cluster')).toThrow(/GAINS_DEV_MAILBOX/);
    expect(() =>
      identityConfig({ GAINS_DEV_MAILBOX: 'true', NODE_ENV: 'production', GAINS_MFA_ENCRYPTION_KEY: KEY }, 'embedded'),
    ).toThrow(/GAINS_DEV_MAILBOX/);
  });

  it('refuses to keep MFA secrets under the development key in production', () => {
    expect(() => identityConfig({ NODE_ENV: 'production' }, 'cluster')).toThrow(/GAINS_MFA_ENCRYPTION_KEY/);
    expect(
      identityConfig({ NODE_ENV: 'production', GAINS_MFA_ENCRYPTION_KEY: KEY }, 'cluster').mfaEncryptionKey,
    ).toEqual(Buffer.alloc(32, 7));
  });
});
