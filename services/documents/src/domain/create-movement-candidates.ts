import { compareDecimal } from '@gains/decimal';
import type { pipelineStore, RunHeader } from '../store/pipeline-store';
import { isMovement } from './document-types';
import { movementPreviews } from './movement-previews';

/** What a movement's candidates job asks of the ledger: an out portfolio's holdings at the trade date. */
export interface PortfolioHoldingSource {
  holdingsAt(
    organisationUuid: string,
    portfolioUuid: string,
    atDate: string,
  ): Promise<{
    holdings: { securityId: number; quantity: string; cgtCost: string; price: string; quantityDecimalPlaces: number }[];
  }>;
}

/**
 * One chunk of a portfolio movement's candidates job (issue 26): the next out portfolio's holdings at the end of
 * the trade date, each security held a candidate moving its transfer percentage (movement-previews.ts) to the in
 * portfolios. A holding that cannot move (no price for a gift, no CGT cost yet for a transfer at cost) is shown,
 * EXCLUDED with the reason, and not posted. The cursor is the count of out portfolios done.
 */
export async function movementCandidatesChunk(
  source: PortfolioHoldingSource,
  store: ReturnType<typeof pipelineStore>,
  header: RunHeader,
  after: number,
) {
  if (!isMovement(header.effect) || !header.tradeDate) throw new Error(`${header.code} is not a portfolio movement`);
  const movements = await store.movements(header.id);
  const outs = movements.filter((m) => m.direction === 'OUT');
  const ins = movements.filter((m) => m.direction === 'IN');
  const out = outs[after];
  let added = 0;
  if (out) {
    const { holdings } = await source.holdingsAt(header.organisationUuid, out.portfolioUuid, header.tradeDate);
    for (const h of holdings) {
      const candidate = {
        securityId: h.securityId,
        holdingQuantity: h.quantity,
        decimalPlaces: h.quantityDecimalPlaces,
        cgtCost: h.cgtCost || null,
        price: h.price || null,
        transferPercentage: out.transferPercentage,
      };
      const preview = movementPreviews(header.effect, header.tradeDate, out.portfolioUuid, candidate, ins);
      await store.addCandidate(
        header.id,
        {
          clientUuid: out.clientUuid,
          clientCode: out.clientCode,
          clientName: out.clientName,
          portfolioUuid: out.portfolioUuid,
          portfolioCode: out.portfolioCode,
          portfolioName: out.portfolioName,
          securityId: h.securityId,
          decimalPlaces: h.quantityDecimalPlaces,
          asAtDate: header.tradeDate,
          holdingQuantity: h.quantity,
          cgtCost: candidate.cgtCost,
          price: candidate.price,
          marketValuation: preview.marketValuation,
          transferQuantity: preview.transferQuantity,
          transferPercentage: out.transferPercentage,
          status: preview.rows.length > 0 ? 'PENDING' : 'EXCLUDED',
          failureReason: preview.reason,
        },
        preview.rows,
        new Map(),
      );
      if (compareDecimal(h.quantity, '0') > 0) added += 1;
    }
  }
  return { after: after + 1, done: after + 1 >= outs.length, added };
}
