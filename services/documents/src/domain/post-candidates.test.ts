import { describe, expect, it } from 'vitest';
import type { PostingCandidate, PostingRow } from '../store/pipeline-store';
import { postCandidates } from './post-candidates';

const row = (id: number, portfolioUuid: string): PostingRow => ({
  id,
  transactionCode: `CA-000001-${id}`,
  transactionType: 'DIVIDEND',
  acquisitionDate: null,
  portfolioUuid,
  securityId: 1,
  tradeDate: '2026-09-15',
  quantity: null,
  price: null,
  consideration: '12.34',
  marketValue: null,
  newSecurityId: null,
  ratio: '',
});
const candidate = (id: number, rows: number): PostingCandidate => ({
  id,
  portfolioUuid: `p-${id}`,
  portfolioCode: `P${id}`,
  rows: Array.from({ length: rows }, (_, i) => row(id * 10 + i, `p-${id}`)),
});

/** A ledger that posts all or nothing, refusing any call with a row of `refused`; it keeps what it posted. */
function ledger(refused: Set<string> = new Set()) {
  const calls: number[] = [];
  const posted: number[] = [];
  return {
    calls,
    posted,
    async post(rows: PostingRow[]) {
      calls.push(rows.length);
      const bad = rows.find((r) => refused.has(r.portfolioUuid));
      if (bad) throw new Error(`transactions.0.portfolioUuid: ${bad.portfolioUuid} is closed`);
      posted.push(...rows.map((r) => r.id));
      return rows.map((r) => `uuid-${r.id}`);
    },
  };
}

describe('posting candidates in batches', () => {
  it('when every candidate is accepted, then each batch is one call and each row gets its own uuid', async () => {
    const page = [candidate(1, 1), candidate(2, 2), candidate(3, 1), candidate(4, 0)];
    const l = ledger();
    const result = await postCandidates(page, (rows) => l.post(rows), 3);
    // 1 + 2 rows fill the first call of 3; candidate 3's row goes in a second; candidate 4 has nothing to post
    expect(l.calls).toEqual([3, 1]);
    expect(result.failed).toEqual([]);
    expect(result.posted).toEqual([
      { candidateId: 1, rows: [{ id: 10, uuid: 'uuid-10' }] },
      {
        candidateId: 2,
        rows: [
          { id: 20, uuid: 'uuid-20' },
          { id: 21, uuid: 'uuid-21' },
        ],
      },
      { candidateId: 3, rows: [{ id: 30, uuid: 'uuid-30' }] },
      { candidateId: 4, rows: [] },
    ]);
  });

  it('when one candidate is refused, then the others are posted, it fails with the reason and none of its rows is posted', async () => {
    const page = [candidate(1, 1), candidate(2, 2), candidate(3, 1)];
    const l = ledger(new Set(['p-2']));
    const result = await postCandidates(page, (rows) => l.post(rows));
    // the batch refused whole, then each alone
    expect(l.calls).toEqual([4, 1, 2, 1]);
    expect(l.posted).toEqual([10, 30]);
    expect(result.posted.map((p) => p.candidateId)).toEqual([1, 3]);
    expect(result.failed).toEqual([{ candidate: page[1], reason: 'transactions.0.portfolioUuid: p-2 is closed' }]);
  });
});
