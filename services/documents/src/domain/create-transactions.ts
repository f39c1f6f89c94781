import type { JobHandler } from '@gains/jobs';
import { pipelineStore, type PostingRow } from '../store/pipeline-store';
import { HEADER_JOBS } from './header-jobs';
import { postCandidates } from './post-candidates';

/** Posts rows to the ledger, all or nothing; answers the posted rows' uuids in order. */
export interface LedgerPoster {
  post(organisationUuid: string, rows: PostingRow[], notes: string): Promise<string[]>;
}

/** Where the posting job is: the last candidate done, and its progress (candidates done of those to post). */
interface PostingCursor {
  after: number;
  done?: number;
  total?: number;
}

/** Candidates posted a chunk: a security held by 20,000 portfolios takes 40 chunks. */
const PAGE = 500;

/**
 * The posting job: the included candidates' rows go to the ledger (the clients service's PostTransactions, as the
 * documents service itself), dated and described by the header, a batch of candidates a call, each candidate's rows
 * all or nothing (post-candidates.ts). A candidate is then PROCESSED with its rows' uuids, or FAILED with the
 * ledger's reason (naming the row), which leaves the others going. At the end the header is RUN, or RUN_FAILURES
 * when a candidate failed; the ledger's changes recalculate the holders.
 */
export function createTransactionsHandler(ledger: LedgerPoster): JobHandler<{ headerUuid: string }, PostingCursor> {
  return {
    type: HEADER_JOBS.process.type,
    async runChunk({ input, cursor, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header) return { cursor: { after: 0 }, done: true, failures: [{ reason: 'The header was deleted' }] };
      const total = cursor?.total ?? (await store.toPostCount(header.id));
      const page = await store.toPost(header.id, cursor?.after ?? 0, PAGE);
      const { posted, failed } = await postCandidates(page, (rows) =>
        ledger.post(
          header.organisationUuid,
          rows,
          `${header.documentTypeCode === 'PM' ? 'Portfolio movement' : 'Corporate action'} ${header.code}`,
        ),
      );
      await store.postedMany(posted);
      for (const f of failed) await store.failed(f.candidate.id, f.reason);
      const done = page.length < PAGE;
      if (done) {
        const { failed: failedCount } = await store.counted(header.id);
        await store.finishRun(header.id, failedCount > 0 ? 'RUN_FAILURES' : 'RUN');
      }
      const progressDone = (cursor?.done ?? 0) + page.length;
      return {
        cursor: { after: page.at(-1)?.id ?? cursor?.after ?? 0, done: progressDone, total },
        done,
        progressDone,
        progressTotal: total,
        add: { candidates: page.length, successes: posted.length, failures: failed.length },
        failures: failed.map((f) => ({ key: f.candidate.portfolioCode, reason: f.reason })),
      };
    },
    async onFailed({ input, tx, message }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (header) await store.setStatus(header.id, 'TRANSACTIONS_FAILED', 'Gains', message);
    },
  };
}
