import { compareDecimal } from '@gains/decimal';
import type { CandidateWrite, pipelineStore, RunHeader } from '../store/pipeline-store';
import type { PreviewRow } from './candidate-previews';
import type { PortfolioRef } from './deps';
import { isMovement } from './document-types';
import { movementPreviews } from './movement-previews';

/** What a movement's candidates job asks of the ledger: an out portfolio's holdings at the trade date. */
export interface PortfolioHoldingSource {
  holdingsAt(
    organisationUuid: string,
    portfolioUuid: string,
    atDate: string,
  ): Promise<{
    holdings: {
      securityId: number;
      quantity: string;
      cgtCost: string;
      price: string;
      quantityDecimalPlaces: number;
      /** when the portfolio first acquired the security ("" when not known) */
      firstAcquiredDate?: string;
      sedol?: string;
      isin?: string;
    }[];
  }>;
}

type MovementParty = PortfolioRef & { transferPercentage: string };

/**
 * An out portfolio's holdings at the end of the trade date as candidates, each security held one moving its
 * transfer percentage (movement-previews.ts) to the in portfolios, with the rows it proposes. A holding that cannot
 * move (no price for a gift, no CGT cost yet for a transfer at cost) is EXCLUDED with the reason.
 */
export async function outPortfolioCandidates(
  source: PortfolioHoldingSource,
  header: RunHeader,
  out: MovementParty,
  ins: readonly MovementParty[],
): Promise<{ candidate: CandidateWrite; rows: PreviewRow[] }[]> {
  if (!isMovement(header.effect) || !header.tradeDate) throw new Error(`${header.code} is not a portfolio movement`);
  const { holdings } = await source.holdingsAt(header.organisationUuid, out.portfolioUuid, header.tradeDate);
  return holdings.map((h) => {
    const candidate = {
      securityId: h.securityId,
      holdingQuantity: h.quantity,
      decimalPlaces: h.quantityDecimalPlaces,
      cgtCost: h.cgtCost || null,
      price: h.price || null,
      transferPercentage: out.transferPercentage,
      firstAcquiredDate: h.firstAcquiredDate || null,
    };
    const preview = movementPreviews(header.effect, header.tradeDate!, out.portfolioUuid, candidate, ins);
    // a movement has no header security: each row names its own
    const named = preview.rows.map((r) => ({ ...r, sedol: h.sedol ?? '', isin: h.isin ?? '' }));
    return {
      candidate: {
        clientUuid: out.clientUuid,
        clientCode: out.clientCode,
        clientName: out.clientName,
        portfolioUuid: out.portfolioUuid,
        portfolioCode: out.portfolioCode,
        portfolioName: out.portfolioName,
        securityId: h.securityId,
        decimalPlaces: h.quantityDecimalPlaces,
        asAtDate: header.tradeDate!,
        holdingQuantity: h.quantity,
        cgtCost: candidate.cgtCost,
        price: candidate.price,
        marketValuation: preview.marketValuation,
        transferQuantity: preview.transferQuantity,
        transferPercentage: out.transferPercentage,
        status: preview.rows.length > 0 ? 'PENDING' : 'EXCLUDED',
        failureReason: preview.reason,
      },
      rows: named,
    };
  });
}

/** A movement's out and in portfolios, from its terms. */
export async function movementParties(store: ReturnType<typeof pipelineStore>, header: RunHeader) {
  const movements = await store.movements(header.id);
  return {
    outs: movements.filter((m) => m.direction === 'OUT'),
    ins: movements.filter((m) => m.direction === 'IN'),
  };
}

/**
 * One chunk of a portfolio movement's candidates job (issue 26): the next out portfolio's holdings
 * (outPortfolioCandidates), shown and, unless they cannot move, PENDING. The cursor is the count of out portfolios
 * done.
 */
export async function movementCandidatesChunk(
  source: PortfolioHoldingSource,
  store: ReturnType<typeof pipelineStore>,
  header: RunHeader,
  after: number,
) {
  const { outs, ins } = await movementParties(store, header);
  const out = outs[after];
  let added = 0;
  if (out) {
    for (const found of await outPortfolioCandidates(source, header, out, ins)) {
      await store.addCandidate(header.id, found.candidate, found.rows, new Map());
      if (compareDecimal(found.candidate.holdingQuantity, '0') > 0) added += 1;
    }
  }
  return { after: after + 1, done: after + 1 >= outs.length, added };
}
