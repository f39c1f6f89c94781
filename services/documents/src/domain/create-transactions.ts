import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import type { JobHandler } from '@gains/jobs';
import { pipelineStore, type PostingRow } from '../store/pipeline-store';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';
import { assertAllowed } from './header-status';

/** Posts rows to the ledger, all or nothing; answers the posted rows' uuids in order. */
export interface LedgerPoster {
  post(organisationUuid: string, rows: PostingRow[], notes: string): Promise<string[]>;
}

export const CREATE_TRANSACTIONS = 'CREATE_TRANSACTIONS';
/** Candidates posted a chunk: one ledger call each, so one holder's refusal never stops another's rows. */
const PAGE = 100;

/**
 * POST admin/documents/headers/{id}/process ('Create transactions', seed 001 §4): allowed in PENDING, EDIT or RUN
 * and never while a job works on the header; the header is CREATING_TRANSACTIONS while a job posts each included
 * candidate's rows.
 */
export async function processHeader(
  deps: Pick<DocumentsDeps, 'headers' | 'startTransactions' | 'organisationName'>,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
) {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(req.uuid))
    throw invalidArgument('id', 'id must be a header’s uuid');
  const state = await deps.headers.state(req.organisationUuid, req.uuid.toLowerCase());
  if (!state) throw notFound('The header', 'id');
  assertAllowed(state.status, 'process');
  await deps.startTransactions(caller, req.organisationUuid, req.uuid.toLowerCase(), state.status);
  const orgName = await deps.organisationName(caller, req.organisationUuid);
  return (await deps.headers.get(req.organisationUuid, req.uuid.toLowerCase(), orgName))!;
}

/**
 * The posting job: each included candidate's rows go to the ledger in one all-or-nothing call (the clients
 * service's PostTransactions, as the documents service itself), dated and described by the header; the candidate
 * is then PROCESSED with its rows' uuids, or FAILED with the ledger's reason (naming the row), which leaves the
 * others going. At the end the header is RUN, or RUN_FAILURES when a candidate failed; the ledger's changes
 * recalculate the holders.
 */
export function createTransactionsHandler(ledger: LedgerPoster): JobHandler<{ headerUuid: string }, { after: number }> {
  return {
    type: CREATE_TRANSACTIONS,
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
              : await ledger.post(header.organisationUuid, candidate.rows, `Corporate action ${header.code}`);
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
