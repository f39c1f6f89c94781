import type { PostingCandidate, PostingRow } from '../store/pipeline-store';

/** Rows one ledger call posts at most (the clients service's PostTransactions takes 500). */
export const ROWS_PER_CALL = 500;

export interface PostedCandidates {
  /** each candidate whose rows are in the ledger, with each row's ledger uuid */
  posted: { candidateId: number; rows: { id: number; uuid: string }[] }[];
  /** each candidate refused, with the ledger's reason */
  failed: { candidate: PostingCandidate; reason: string }[];
}

/**
 * Posts candidates' rows a batch at a time, each batch in one all-or-nothing call of `post`, so a page of holders is
 * a few ledger calls rather than one a holder. When a batch is refused nothing of it was posted, and each of its
 * candidates is posted alone: one holder's refusal never stops another's rows, and each candidate's rows are still
 * all or nothing. A candidate with no rows is posted as it is.
 */
export async function postCandidates(
  candidates: readonly PostingCandidate[],
  post: (rows: PostingRow[]) => Promise<string[]>,
  rowsPerCall = ROWS_PER_CALL,
): Promise<PostedCandidates> {
  const result: PostedCandidates = { posted: [], failed: [] };
  const record = (candidate: PostingCandidate, uuids: string[]) =>
    result.posted.push({
      candidateId: candidate.id,
      rows: candidate.rows.map((r, i) => ({ id: r.id, uuid: uuids[i]! })),
    });
  for (const batch of batches(candidates, rowsPerCall)) {
    const uuids = await post(batch.flatMap((c) => c.rows)).catch(() => undefined);
    let at = 0;
    for (const candidate of batch) {
      if (uuids) {
        record(candidate, uuids.slice(at, (at += candidate.rows.length)));
        continue;
      }
      try {
        record(candidate, await post(candidate.rows));
      } catch (e) {
        result.failed.push({ candidate, reason: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  for (const candidate of candidates) if (candidate.rows.length === 0) record(candidate, []);
  return result;
}

/** Candidates with rows, in order, grouped so no group's rows pass what one ledger call takes. */
function batches(candidates: readonly PostingCandidate[], rowsPerCall: number): PostingCandidate[][] {
  const out: PostingCandidate[][] = [];
  let current: PostingCandidate[] = [];
  let rows = 0;
  for (const candidate of candidates) {
    if (candidate.rows.length === 0) continue;
    if (current.length > 0 && rows + candidate.rows.length > rowsPerCall) {
      out.push(current);
      current = [];
      rows = 0;
    }
    current.push(candidate);
    rows += candidate.rows.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}
