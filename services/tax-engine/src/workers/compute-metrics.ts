import type { Metric } from '@gains/service-kit';
import type { ComputePoolStats } from './compute-pool';

/**
 * The compute pool as Prometheus metrics. `gains_tax_engine_queue_depth` (ledgers waiting for or on a worker)
 * is what the cluster's HorizontalPodAutoscaler scales the tax engine on (charts/gains: taxEngine.autoscaling);
 * the rest tell an SRE whether the pods are short of workers, refusing work or stopping slow ledgers.
 */
export function computeMetrics(stats: ComputePoolStats): Metric[] {
  const gauge = (name: string, help: string, value: number): Metric => ({
    name: `gains_tax_engine_${name}`,
    help,
    type: 'gauge',
    samples: [{ value }],
  });
  const counter = (name: string, help: string, value: number): Metric => ({
    name: `gains_tax_engine_${name}_total`,
    help,
    type: 'counter',
    samples: [{ value }],
  });
  return [
    gauge('queue_depth', 'Ledgers waiting for a compute worker or being computed.', stats.waiting + stats.computing),
    gauge('ledgers_waiting', 'Ledgers waiting for a compute worker.', stats.waiting),
    gauge('workers_busy', 'Compute worker threads computing a ledger now.', stats.computing),
    gauge('workers_max', 'Compute worker threads at most (GAINS_TAX_ENGINE_WORKERS).', stats.size),
    counter('ledgers_computed', 'Ledgers answered by a compute worker.', stats.completed),
    counter('ledgers_failed', 'Ledgers whose compute worker failed or stopped.', stats.failed),
    counter(
      'ledgers_refused',
      'Ledgers turned away: the queue full (GAINS_TAX_ENGINE_MAX_QUEUED) or a firm or user at its cap.',
      stats.refused,
    ),
    counter('ledgers_timed_out', 'Ledgers stopped at the time limit (GAINS_TAX_ENGINE_TIMEOUT_MS).', stats.timedOut),
    counter('ledgers_cancelled', 'Ledgers withdrawn by their callers.', stats.cancelled),
    counter('compute_seconds', 'Seconds compute workers spent on answered ledgers.', stats.computeSeconds),
  ];
}
