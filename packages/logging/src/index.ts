import pino from 'pino';
import { currentTraceIds } from '@gains/telemetry';

export type Logger = pino.Logger;

/** JSON logs on stdout; `service` is set by the host on each service's child logger. */
export function createLogger(options: { level?: string } = {}): Logger {
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    // Every line names the trace it belongs to, so an SRE can go from a log line to its trace.
    mixin: () => currentTraceIds() ?? {},
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['password', '*.password', 'req.headers.authorization', 'accessToken', 'refreshToken'],
  });
}

/** For tests and tools that want silence. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
