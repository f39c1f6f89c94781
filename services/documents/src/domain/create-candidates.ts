import { multiplyDecimal, roundDecimal } from '@gains/decimal';
import type { JobHandler } from '@gains/jobs';
import type pg from 'pg';
import { pipelineStore, type CandidateWrite, type RunHeader } from '../store/pipeline-store';
import { candidatePreviews, type PreviewRow } from './candidate-previews';
import { movementCandidatesChunk, type PortfolioHoldingSource } from './create-movement-candidates';
import { isMovement } from './document-types';
import { defaultPeriodStart, equalisationGroups } from './equalisation-groups';

/** What the candidates job asks of the ledger: a page of the organisation's holders of a security. */
export interface HolderSource {
  holders(
    organisationUuid: string,
    securityId: number,
    beforeDate: string,
    after: string,
    limit: number,
    /** an equalisation's distribution period start ("" for none): each holder then carries the period's moves */
    periodStart?: string,
  ): Promise<{
    holders: {
      portfolioUuid: string;
      portfolioCode: string;
      portfolioName: string;
      taxWrapper: string;
      owners: { clientUuid: string; clientCode: string; clientName: string }[];
      quantity: string;
      cgtCost: string;
      price: string;
      heldAtPeriodStart?: string;
      periodMoves?: { tradeDate: string; quantity: string; ratio?: string }[];
    }[];
    next: string;
    /** on the first page: the portfolios the pages walk over (the job's progress total) */
    portfoliosTotal?: number;
  }>;
}

export type Holder = Awaited<ReturnType<HolderSource['holders']>>['holders'][number];

/**
 * A joint portfolio's owners as its candidate names them: the largest share first (the ledger lists them so), each
 * name joined with ' & '; the client code and uuid are the first owner's, so the candidate opens that client.
 */
export function ownersName(owners: readonly { clientName: string }[]): string {
  return owners.map((o) => o.clientName).join(' & ');
}

/**
 * A holder as a candidate of the header, with the rows its terms propose; null for a portfolio without an owner.
 * A holder with nothing to post (a lapse without proceeds) is shown but not processed (EXCLUDED).
 */
export function holderCandidate(
  header: RunHeader,
  h: Holder,
): { candidate: CandidateWrite; rows: PreviewRow[] } | null {
  const owner = h.owners[0];
  if (!owner) return null;
  const groups = header.effect === 'EQUALISATION' ? holderGroups(header, h) : undefined;
  const rows = candidatePreviews(header, header.lines, {
    holdingQuantity: h.quantity,
    decimalPlaces: header.quantityDecimalPlaces,
    group1Quantity: groups?.group1Quantity,
    group2Quantity: groups?.group2Quantity,
  });
  return {
    candidate: {
      clientUuid: owner.clientUuid,
      clientCode: owner.clientCode,
      clientName: ownersName(h.owners),
      portfolioUuid: h.portfolioUuid,
      portfolioCode: h.portfolioCode,
      portfolioName: h.portfolioName,
      securityId: header.securityId,
      decimalPlaces: header.quantityDecimalPlaces,
      asAtDate: header.exDate,
      holdingQuantity: h.quantity,
      cgtCost: h.cgtCost || null,
      price: h.price || null,
      marketValuation: h.price ? roundDecimal(multiplyDecimal(h.quantity, h.price), 2) : null,
      status: rows.length > 0 ? 'PENDING' : 'EXCLUDED',
      groups,
    },
    rows,
  };
}

/** An equalisation holder's Group 1 / Group 2 units under each method, and the type's method's as the ones used. */
function holderGroups(header: RunHeader, h: Holder): NonNullable<CandidateWrite['groups']> {
  const all = equalisationGroups(
    { holdingQuantity: h.quantity, heldAtPeriodStart: h.heldAtPeriodStart || h.quantity, moves: h.periodMoves ?? [] },
    header.quantityDecimalPlaces,
  );
  const used = all[header.groupMethod] ?? all.FIFO;
  return {
    group1Fifo: all.FIFO.group1,
    group2Fifo: all.FIFO.group2,
    group1Lifo: all.LIFO.group1,
    group2Lifo: all.LIFO.group2,
    group1Average: all.AVERAGE.group1,
    group2Average: all.AVERAGE.group2,
    group1Quantity: used.group1,
    group2Quantity: used.group2,
  };
}

/** The distribution period's start an equalisation's holders are read with ("" for other types). */
export async function periodStartOf(store: ReturnType<typeof pipelineStore>, header: RunHeader): Promise<string> {
  if (header.effect !== 'EQUALISATION' || !header.exDate) return '';
  if (header.startDate) return header.startDate;
  return defaultPeriodStart(header.exDate, await store.previousEqualisationExDate(header));
}

export const CREATE_CANDIDATES = 'CREATE_CANDIDATES';
/** Holders asked for a chunk: a security held by 20,000 portfolios takes 40 chunks. */
export const HOLDERS_PAGE = 500;

/**
 * A corporate action's candidates and their previews (issue 26), as a job: the holders of the security at the end
 * of the day before the ex-date, a page a chunk, each with the ledger rows its terms propose (candidate-previews.ts).
 * A holder in an ISA or pension is a candidate too (the action happens to it), valued but not computed by the tax
 * engine. When the last page is in, the header is PENDING (or NO_CANDIDATES_FOUND); a job that fails every attempt
 * leaves it CANDIDATES_CREATION_FAILURES.
 */
export function createCandidatesHandler(
  source: HolderSource & PortfolioHoldingSource,
): JobHandler<{ headerUuid: string }, { after: string; looked?: number; total?: number }> {
  const failed = async (tx: pg.PoolClient, headerUuid: string, message: string) => {
    const store = pipelineStore(tx);
    const header = await store.header(headerUuid);
    if (header) await store.setStatus(header.id, 'CANDIDATES_CREATION_FAILURES', 'Gains', message);
  };
  return {
    type: CREATE_CANDIDATES,
    async runChunk({ input, cursor, tx }) {
      const store = pipelineStore(tx);
      const header = await store.header(input.headerUuid);
      if (!header) return { cursor: { after: '' }, done: true, failures: [{ reason: 'The header was deleted' }] };
      if (isMovement(header.effect)) {
        // a movement's out portfolios, one a chunk (a movement names a few)
        const step = await movementCandidatesChunk(source, store, header, Number(cursor?.after || 0));
        const found = await store.candidateCount(header.id);
        if (step.done) await store.setStatus(header.id, found > 0 ? 'PENDING' : 'NO_CANDIDATES_FOUND', 'Gains');
        return {
          cursor: { after: String(step.after) },
          done: step.done,
          progressDone: found,
          add: { candidates: step.added, successes: step.added },
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
      const holders = page.holders.flatMap((h) => {
        const found = holderCandidate(header, h);
        return found ? [found] : [];
      });
      await store.addCandidates(header.id, holders, lineIds);
      const done = page.next === '';
      const found = await store.candidateCount(header.id);
      if (done) await store.setStatus(header.id, found > 0 ? 'PENDING' : 'NO_CANDIDATES_FOUND', 'Gains');
      // progress: the portfolios looked at of those with rows on the security (a past holder is looked at too)
      const total = cursor?.total ?? page.portfoliosTotal ?? 0;
      const looked = done ? total : Math.min((cursor?.looked ?? 0) + HOLDERS_PAGE, total);
      return {
        cursor: { after: page.next, looked, total },
        done,
        progressDone: looked,
        progressTotal: total,
        add: { candidates: page.holders.length, successes: page.holders.length },
      };
    },
    async onFailed({ input, tx, message }) {
      await failed(tx, input.headerUuid, message);
    },
  };
}
