import type { JobHandler } from '@gains/jobs';
import { pipelineStore } from '../store/pipeline-store';
import { HEADER_JOBS } from './header-jobs';

/** Reverses ledger rows, all or nothing (the clients service's ReverseTransactions). */
export interface LedgerReverser {
  reverse(organisationUuid: string, transactionUuids: string[]): Promise<void>;
}

const PAGE = 100;

/**
 * The reversal job (seed 001 §4 Reverse, in RUN or COMPLETED): each processed candidate's posted rows are reversed in
 * the ledger in one call (REVERSED rows are no longer computed, so the holders are recalculated as they were), the
 * reversal recorded beside each preview and the candidate REVERSED; a refused candidate keeps its rows and the
 * ledger's reason. At the end the header is REVERSED, or REVERSE_FAILURES. The audit keeps every step.
 */
export function reverseHeaderHandler(ledger: LedgerReverser): JobHandler<{ headerUuid: string }, { after: number }> {
  return {
    type: HEADER_JOBS.reverse.type,
    async runChunk({ input, cursor, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header) return { cursor: { after: 0 }, done: true, failures: [{ reason: 'The header was deleted' }] };
      const page = await store.toReverse(header.id, cursor?.after ?? 0, PAGE);
      const failures: { key: string; reason: string }[] = [];
      for (const candidate of page) {
        try {
          if (candidate.rows.length > 0)
            await ledger.reverse(
              header.organisationUuid,
              candidate.rows.map((r) => r.uuid),
            );
          await store.reversed(candidate.id, candidate.rows);
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e);
          await store.notReversed(candidate.id, reason);
          failures.push({ key: candidate.portfolioCode, reason });
        }
      }
      const done = page.length < PAGE;
      if (done) await store.setStatus(header.id, failures.length > 0 ? 'REVERSE_FAILURES' : 'REVERSED', 'Gains');
      return {
        cursor: { after: page.at(-1)?.id ?? cursor?.after ?? 0 },
        done,
        add: { candidates: page.length, successes: page.length - failures.length, failures: failures.length },
        failures,
      };
    },
    async onFailed({ input, tx, message }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (header) await store.setStatus(header.id, 'REVERSE_FAILURES', 'Gains', message);
    },
  };
}

/**
 * The deletion job (seed 001 §4 Delete, in PENDING only: nothing was posted): the candidates and their previews go,
 * 5,000 a chunk; the header stays, DELETED, with its audit.
 */
export function deleteHeaderHandler(): JobHandler<{ headerUuid: string }, Record<string, never>> {
  return {
    type: HEADER_JOBS.delete.type,
    async runChunk({ input, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header) return { cursor: {}, done: true };
      const removed = await store.removeCandidates(header.id, 5_000);
      const done = removed < 5_000;
      if (done) await store.setStatus(header.id, 'DELETED', 'Gains');
      return { cursor: {}, done, add: { successes: removed } };
    },
    async onFailed({ input, tx, message }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (header) await store.setStatus(header.id, 'DELETION_FAILURES', 'Gains', message);
    },
  };
}
