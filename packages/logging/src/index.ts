import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; `service` is set by the host on each service's child logger. */
export function createLogger(options: { level?: string } = {}): Logger {
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['password', '*.password', 'req.headers.authorization', 'accessToken', 'refreshToken'],
  });
}

/** For tests and tools that want silence. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
