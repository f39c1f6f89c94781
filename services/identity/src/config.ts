import { loadConfig, z } from '@gains/config';

/**
 * Identity's settings, read once from the environment the host gives it. Settings that would be a hole in
 * production stop the service at start instead: the development mailbox outside the embedded development
 * form, and MFA secrets under the built-in development key.
 */
export function identityConfig(env: NodeJS.ProcessEnv, form: 'embedded' | 'cluster') {
  const config = loadConfig(
    {
      /** smtp://user:pass@host:port or smtps://...; without it mail is kept in identity's mail table. */
      SMTP_URL: z.string().url().optional(),
      MAIL_FROM: z.string().default('Gains <no-reply@gains.example>'),
      /** Lists kept mail over the API to provider admins: development only, off unless set. */
      GAINS_DEV_MAILBOX: z.enum(['true', 'false']).default('false'),
      /** 32 bytes, base64: the key MFA secrets are encrypted with. */
      GAINS_MFA_ENCRYPTION_KEY: z
        .string()
        .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64')
        .optional(),
      NODE_ENV: z.string().default('development'),
      /** The demo users' password, when the demo data is seeded. */
      GAINS_DEMO_PASSWORD: z.string().min(8).optional(),
    },
    env,
  );
  const production = config.NODE_ENV === 'production';
  const devMailbox = config.GAINS_DEV_MAILBOX === 'true';
  if (devMailbox && (production || form === 'cluster'))
    throw new Error(
      'Invalid configuration: GAINS_DEV_MAILBOX: the development mailbox is for the embedded development form only ' +
        '(not with NODE_ENV=production, never in the cluster form)',
    );
  if (production && !config.GAINS_MFA_ENCRYPTION_KEY)
    throw new Error(
      'Invalid configuration: GAINS_MFA_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes, base64)',
    );
  return {
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    devMailbox,
    demoPassword: config.GAINS_DEMO_PASSWORD,
    mfaEncryptionKey: config.GAINS_MFA_ENCRYPTION_KEY
      ? Buffer.from(config.GAINS_MFA_ENCRYPTION_KEY, 'base64')
      : undefined,
  };
}
export type IdentityConfig = ReturnType<typeof identityConfig>;
