/**
 * Which request (or call) lines are written: every failure and every slow one, and one in `everyNth` of the
 * rest, so a busy server does not spend its time writing that fast requests succeeded.
 * GAINS_REQUEST_LOG_EVERY_NTH (default 10; 1 logs every request, 0 only failures and slow ones) and
 * GAINS_REQUEST_LOG_SLOW_MS (default 500) set it.
 */
export type RequestLogSampler = (outcome: { failed: boolean; ms: number }) => boolean;

export const DEFAULT_REQUEST_LOG_SAMPLING = { everyNth: 10, slowMs: 500 };

export function createRequestLogSampler(options: { everyNth: number; slowMs: number }): RequestLogSampler {
  let fast = 0;
  return ({ failed, ms }) => {
    if (failed || ms >= options.slowMs) return true;
    if (options.everyNth === 0) return false;
    fast = (fast + 1) % options.everyNth;
    return fast === 0;
  };
}

/** The sampler the environment asks for; a malformed setting stops the process at start, naming it. */
export function requestLogSamplerFromEnv(env: NodeJS.ProcessEnv = process.env): RequestLogSampler {
  return createRequestLogSampler({
    everyNth: wholeNumber(env, 'GAINS_REQUEST_LOG_EVERY_NTH', DEFAULT_REQUEST_LOG_SAMPLING.everyNth, 1_000_000),
    slowMs: wholeNumber(env, 'GAINS_REQUEST_LOG_SLOW_MS', DEFAULT_REQUEST_LOG_SAMPLING.slowMs, 3_600_000),
  });
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`Invalid configuration: ${name}: must be a whole number from 0 to ${max}`);
  return n;
}
