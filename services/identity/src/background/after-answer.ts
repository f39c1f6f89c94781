import type { Logger } from '@gains/logging';
import type { AfterAnswer } from '../domain/deps';

/** Work queued beyond this is dropped (and logged): a flood of requests cannot grow the queue without bound. */
const MAX_PENDING = 1000;

/**
 * Runs work after a call has been answered, so its cost and its outcome (a slow or failing mail
 * server, an account found or not) never show in the answer. Work with the same key runs in order,
 * one at a time; failures are logged. `drain` waits for everything queued (tests, shutdown).
 */
export function createAfterAnswer(logger: Logger): AfterAnswer & { drain(): Promise<void> } {
  const chains = new Map<string, Promise<void>>();
  let pending = 0;
  return {
    run(key, name, task) {
      if (pending >= MAX_PENDING) {
        logger.warn({ task: name }, 'work after the answer dropped: too much is queued');
        return;
      }
      pending += 1;
      const current: Promise<void> = (chains.get(key) ?? Promise.resolve())
        .then(task)
        .catch((err: unknown) => logger.error({ err, task: name }, 'work after the answer failed'))
        .finally(() => {
          pending -= 1;
          if (chains.get(key) === current) chains.delete(key);
        });
      chains.set(key, current);
    },
    async drain() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}
