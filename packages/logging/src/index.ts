import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout, one logger per process, children per service and per request. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['password', '*.password', 'req.headers.authorization', 'accessToken', 'refreshToken'],
  });
}

/** For tests and tools that want silence. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
