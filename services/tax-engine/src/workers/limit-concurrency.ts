/**
 * `fn` with at most `limit` calls running at once; the others wait their turn in call order (rather than being
 * refused, as the compute pool refuses a user past its cap).
 */
export function limitConcurrency<A extends unknown[], R>(
  limit: number,
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args: A) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn(...args);
    } finally {
      // The turn passes straight to the next caller, so `running` never drops below the callers running.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
