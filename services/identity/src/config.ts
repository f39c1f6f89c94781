import { loadConfig, z } from '@gains/config';

/** Identity's settings, read once from the environment the host gives it. */
export function identityConfig(env: NodeJS.ProcessEnv) {
  const config = loadConfig(
    {
      /** smtp://user:pass@host:port or smtps://...; without it mail goes to the development mailbox. */
      SMTP_URL: z.string().url().optional(),
      MAIL_FROM: z.string().default('Gains <no-reply@gains.example>'),
      /** Lists the development mailbox over the API (never in production). */
      GAINS_DEV_MAILBOX: z.enum(['true', 'false']).default('false'),
      /** 32 bytes, base64: the key MFA secrets are encrypted with. */
      GAINS_MFA_ENCRYPTION_KEY: z
        .string()
        .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64')
        .optional(),
    },
    env,
  );
  return {
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    devMailbox: config.GAINS_DEV_MAILBOX === 'true',
    mfaEncryptionKey: config.GAINS_MFA_ENCRYPTION_KEY
      ? Buffer.from(config.GAINS_MFA_ENCRYPTION_KEY, 'base64')
      : undefined,
  };
}
export type IdentityConfig = ReturnType<typeof identityConfig>;
