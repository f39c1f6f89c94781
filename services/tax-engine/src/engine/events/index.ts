import type { EngineEvent } from '../normalise-ledger';
import { applyAcquisition } from './acquisition';
import { applyCapitalDistribution } from './capital-distribution';
import { applyDemerger } from './demerger';
import { applyDisposal } from './disposal';
import { applyNotionalIncome } from './notional-income';
import { applyRightsIssue } from './rights-issue';
import { applyShareReorganisation } from './share-reorganisation';
import type { SweepContext } from './sweep-context';
import { applyTakeover } from './takeover';
import { applyTransferOut } from './transfer-out';

export { SecurityBook, SweepContext, type DisposalEventResult } from './sweep-context';

/** Apply one ledger event to the pools and record any disposal it makes. */
export function applyEvent(ctx: SweepContext, e: EngineEvent): void {
  switch (e.type) {
    case 'BUY':
    case 'TRANSFER_IN':
    case 'SPOUSE_IN':
      return applyAcquisition(ctx, e);
    case 'SELL':
    case 'GIFT_OUT':
    case 'SPOUSE_OUT':
    case 'REDEMPTION':
      return applyDisposal(ctx, e);
    case 'TRANSFER_OUT':
      return applyTransferOut(ctx, e);
    case 'SPLIT':
    case 'CONSOLIDATION':
    case 'BONUS':
      return applyShareReorganisation(ctx, e);
    case 'RIGHTS_ISSUE':
    case 'OPEN_OFFER':
      return applyRightsIssue(ctx, e);
    case 'CAPITAL_RETURN':
    case 'EQUALISATION':
      return applyCapitalDistribution(ctx, e);
    case 'NOTIONAL_INCOME':
      return applyNotionalIncome(ctx, e);
    case 'TAKEOVER':
      return applyTakeover(ctx, e);
    case 'DEMERGER':
      return applyDemerger(ctx, e);
  }
}
