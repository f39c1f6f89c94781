import pino from 'pino';
import { currentTraceIds } from '@gains/telemetry';

export type Logger = pino.Logger;

/** Fields that carry a secret wherever they appear in a log line's object (top level or one down). */
export const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'temporaryPassword',
  'confirmPassword',
  'accessToken',
  'refreshToken',
  'token',
  'code',
  'session',
  'secret',
  'otpauthUrl',
  'text',
  'authorization',
  'cookie',
] as const;

/** JSON logs on stdout; `service` is set by the host on each service's child logger. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      // Every line names the trace it belongs to, so an SRE can go from a log line to its trace.
      mixin: () => currentTraceIds() ?? {},
      timestamp: pino.stdTimeFunctions.isoTime,
      // A second line of defence: code never logs these on purpose (mail is logged without its text).
      redact: {
        paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]).concat(
          'req.headers.authorization',
          'req.headers.cookie',
        ),
        censor: '[redacted]',
      },
    },
    options.destination ?? pino.destination(1),
  );
}

/** For tests and tools that want silence. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
export * from './request-log-sampling';
