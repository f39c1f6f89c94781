import type { Logger } from '@gains/logging';
import { inSpan, SpanKind } from '@gains/telemetry';
import type { ComputedLedgerFile, ComputeTask } from '../domain/compute-ledger-file';
import type { ComputePool, RunOptions } from './compute-pool';

/**
 * A file computed on the pool inside its own span (a child of the call's), with the queue it met and the
 * engine's time as attributes and one log line (debug for background runs), so an SRE following a slow call sees whether it waited for a
 * worker or computed for long. The worker's answer (JSON text) is not read here.
 */
export function tracedCompute(pool: ComputePool<ComputeTask, ComputedLedgerFile>, logger: Logger) {
  return (file: ComputeTask, options: RunOptions) =>
    inSpan(
      'tax-engine compute ledger',
      {
        kind: SpanKind.INTERNAL,
        attributes: { 'gains.ledger.bytes': file.ledgerCsv.length, 'gains.queue.depth': pool.depth },
      },
      async (span) => {
        const started = performance.now();
        const { value: result, ms } = await pool.run(file, options);
        const transactions = result.ok ? result.transactions : 0;
        span.setAttributes({ 'gains.ledger.transactions': transactions, 'gains.compute.ms': Math.round(ms) });
        // A firm's recalculation computes 100,000 clients: its lines are debug; a caller's file is info.
        (options.pipelined ? logger.debug : logger.info).call(
          logger,
          {
            transactions,
            refused: !result.ok,
            computeMs: Math.round(ms),
            waitedMs: Math.round(performance.now() - started - ms),
            queueDepth: pool.depth,
          },
          'ledger computed',
        );
        return { value: result, ms };
      },
    );
}
