import type { JobHandler } from '@gains/jobs';
import { pipelineStore, type PostingRow } from '../store/pipeline-store';
import { HEADER_JOBS } from './header-jobs';

/** Posts rows to the ledger, all or nothing; answers the posted rows' uuids in order. */
export interface LedgerPoster {
  post(organisationUuid: string, rows: PostingRow[], notes: string): Promise<string[]>;
}

/** Candidates posted a chunk: one ledger call each, so one holder's refusal never stops another's rows. */
const PAGE = 100;

/**
 * The posting job: each included candidate's rows go to the ledger in one all-or-nothing call (the clients
 * service's PostTransactions, as the documents service itself), dated and described by the header; the candidate
 * is then PROCESSED with its rows' uuids, or FAILED with the ledger's reason (naming the row), which leaves the
 * others going. At the end the header is RUN, or RUN_FAILURES when a candidate failed; the ledger's changes
 * recalculate the holders.
 */
export function createTransactionsHandler(ledger: LedgerPoster): JobHandler<{ headerUuid: string }, { after: number }> {
  return {
    type: HEADER_JOBS.process.type,
    async runChunk({ input, cursor, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header) return { cursor: { after: 0 }, done: true, failures: [{ reason: 'The header was deleted' }] };
      const page = await store.toPost(header.id, cursor?.after ?? 0, PAGE);
      let successes = 0;
      const failures: { key: string; reason: string }[] = [];
      for (const candidate of page) {
        try {
          const uuids =
            candidate.rows.length === 0
              ? []
              : await ledger.post(
                  header.organisationUuid,
                  candidate.rows,
                  `${header.documentTypeCode === 'PM' ? 'Portfolio movement' : 'Corporate action'} ${header.code}`,
                );
          await store.posted(
            candidate.id,
            candidate.rows.map((r, i) => ({ id: r.id, uuid: uuids[i]! })),
          );
          successes += 1;
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e);
          await store.failed(candidate.id, reason);
          failures.push({ key: candidate.portfolioCode, reason });
        }
      }
      const done = page.length < PAGE;
      if (done) {
        const { failed } = await store.counted(header.id);
        await store.finishRun(header.id, failed > 0 ? 'RUN_FAILURES' : 'RUN');
      }
      return {
        cursor: { after: page.at(-1)?.id ?? cursor?.after ?? 0 },
        done,
        add: { candidates: page.length, successes, failures: failures.length },
        failures,
      };
    },
    async onFailed({ input, tx, message }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (header) await store.setStatus(header.id, 'TRANSACTIONS_FAILED', 'Gains', message);
    },
  };
}
