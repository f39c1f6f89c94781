import os from 'node:os';
import { loadConfig, z } from '@gains/config';

const count = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int()
    .positive();

/** The tax engine's settings, read once from the environment the host gives it. */
export function taxEngineConfig(env: NodeJS.ProcessEnv) {
  const config = loadConfig(
    {
      /** Compute worker threads; by default one per spare core (the chart sets its pod's CPU limit). */
      GAINS_TAX_ENGINE_WORKERS: count('workers').default(Math.max(1, os.availableParallelism() - 1)),
      /** Files waiting for a worker at most, over every firm. */
      GAINS_TAX_ENGINE_MAX_QUEUED: count('the queue').default(64),
      /** Files one firm may have waiting or computing at once. */
      GAINS_TAX_ENGINE_MAX_PER_ORGANISATION: count('the per-firm cap').default(16),
      /** Files one user may have waiting or computing at once. */
      GAINS_TAX_ENGINE_MAX_PER_USER: count('the per-user cap').default(4),
      /** Queued clients one recalculation batch takes at most (one transaction stores them). */
      GAINS_TAX_ENGINE_BATCH: count('the batch size').default(200),
      /** Longest one file may compute, milliseconds. */
      GAINS_TAX_ENGINE_TIMEOUT_MS: count('the time limit').default(60_000),
      /** Stored runs kept per client however old (the newest ones); older runs beyond them are pruned. */
      GAINS_TAX_ENGINE_RUNS_KEPT: count('the runs kept per client').default(20),
      /** Days every stored run is kept, whatever the count. */
      GAINS_TAX_ENGINE_RUN_DAYS: count('the days runs are kept').default(30),
    },
    env,
  );
  return {
    workers: config.GAINS_TAX_ENGINE_WORKERS,
    maxQueued: config.GAINS_TAX_ENGINE_MAX_QUEUED,
    maxPerOrganisation: config.GAINS_TAX_ENGINE_MAX_PER_ORGANISATION,
    maxPerUser: config.GAINS_TAX_ENGINE_MAX_PER_USER,
    timeoutMs: config.GAINS_TAX_ENGINE_TIMEOUT_MS,
    batchSize: config.GAINS_TAX_ENGINE_BATCH,
    runsKept: config.GAINS_TAX_ENGINE_RUNS_KEPT,
    runDays: config.GAINS_TAX_ENGINE_RUN_DAYS,
  };
}
export type TaxEngineConfig = ReturnType<typeof taxEngineConfig>;
