import type { JobHandler } from '@gains/jobs';
import { pipelineStore } from '../store/pipeline-store';
import { holderCandidate, HOLDERS_PAGE, periodStartOf, type HolderSource } from './create-candidates';
import { movementParties, outPortfolioCandidates, type PortfolioHoldingSource } from './create-movement-candidates';
import { isMovement } from './document-types';
import { HEADER_JOBS } from './header-jobs';
import { newHolderStatus } from './refresh-decision';

/**
 * Refresh (POST .../headers/{id}/refresh), as a job: the holders found again after ledger changes, a page a chunk.
 * A candidate whose holding at the ex-date now differs takes the ledger's figures and rows and is PENDING_DIFF, as
 * is a new holder and one the ledger no longer shows; a PENDING_DIFF candidate is unticked and not posted until it
 * is included again, so nothing changed behind the user's back is posted unseen, unless the header's processing
 * override says to take the change without a review (refresh-decision.ts: the replaceCandidate flags,
 * autoProcessNewHolding and autoProcessUpdateHolding). Candidates already posted are left alone. A header that had no candidates takes its new holders as PENDING. At the end the header is EDIT when
 * anything differs (or it was edited), otherwise PENDING; NO_CANDIDATES_FOUND when nobody holds the security.
 * A portfolio movement's refresh reads its out portfolios' holdings at the trade date again, one out portfolio a
 * chunk, the same way: a holding whose quantity or CGT cost changed (a transfer at cost moves that cost), a new one
 * and one gone are PENDING_DIFF with the reason, their previews worked out again.
 */
export function refreshCandidatesHandler(
  source: HolderSource & PortfolioHoldingSource,
): JobHandler<{ headerUuid: string }, { after: string; fresh: boolean }> {
  return {
    type: HEADER_JOBS.refresh.type,
    async runChunk({ input, cursor, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header)
        return { cursor: { after: '', fresh: true }, done: true, failures: [{ reason: 'The header was deleted' }] };
      const fresh = cursor ? cursor.fresh : (await store.beginRefresh(header.id)) === 0;
      const finish = async (at: 'ex-date' | 'trade date') => {
        await store.endRefresh(header.id, at);
        const total = await store.candidateCount(header.id);
        const after = await store.refreshed(header.id);
        const status = total === 0 ? 'NO_CANDIDATES_FOUND' : after.differing > 0 || after.edited ? 'EDIT' : 'PENDING';
        await store.setStatus(header.id, status, 'Gains', `${after.differing} candidates differ from the ledger`);
      };
      if (isMovement(header.effect)) {
        // the cursor is the count of out portfolios done
        const { outs, ins } = await movementParties(store, header);
        const at = Number(cursor?.after || 0);
        const out = outs[at];
        let differing = 0;
        const found = out ? await outPortfolioCandidates(source, header, out, ins) : [];
        for (const f of found) {
          const status = newHolderStatus(f.candidate.status, fresh, header.override);
          if (
            await store.refreshCandidate(
              header.id,
              f.candidate,
              f.rows,
              new Map(),
              status,
              'trade date',
              header.override,
            )
          )
            differing += 1;
        }
        const done = at + 1 >= outs.length;
        if (done) await finish('trade date');
        return {
          cursor: { after: String(at + 1), fresh },
          done,
          progressDone: await store.candidateCount(header.id),
          add: { candidates: found.length, successes: found.length - differing },
        };
      }
      const page = await source.holders(
        header.organisationUuid,
        header.securityId!,
        header.exDate!,
        cursor?.after ?? '',
        HOLDERS_PAGE,
        await periodStartOf(store, header),
      );
      const lineIds = new Map(header.lines.map((l) => [l.ord, l.id]));
      let differing = 0;
      for (const h of page.holders) {
        const found = holderCandidate(header, h);
        if (!found) continue;
        const status = newHolderStatus(found.candidate.status, fresh, header.override);
        if (
          await store.refreshCandidate(
            header.id,
            found.candidate,
            found.rows,
            lineIds,
            status,
            'ex-date',
            header.override,
          )
        )
          differing += 1;
      }
      const done = page.next === '';
      if (done) await finish('ex-date');
      return {
        cursor: { after: page.next, fresh },
        done,
        progressDone: await store.candidateCount(header.id),
        add: { candidates: page.holders.length, successes: page.holders.length - differing },
      };
    },
    async onFailed({ input, tx, message }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      // the candidates stay as they were before the refresh; the header waits for another
      if (header) await store.setStatus(header.id, 'CANDIDATES_CREATION_FAILURES', 'Gains', message);
    },
  };
}
