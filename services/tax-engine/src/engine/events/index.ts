import type { EngineEvent } from '../normalise-ledger';
import { applyAcquisition as importedApplyAcquisition } from './acquisition';
import { applyCapitalDistribution as importedApplyCapitalDistribution } from './capital-distribution';
import { applyDemerger as importedApplyDemerger } from './demerger';
import { applyDisposal as importedApplyDisposal } from './disposal';
import { applyNotionalIncome as importedApplyNotionalIncome } from './notional-income';
import { applyRightsIssue as importedApplyRightsIssue } from './rights-issue';
import { applyShareReorganisation as importedApplyShareReorganisation } from './share-reorganisation';
import type { SweepContext } from './sweep-context';
import { applyTakeover as importedApplyTakeover } from './takeover';
import { applyTransferOut as importedApplyTransferOut } from './transfer-out';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const applyAcquisition = importedApplyAcquisition;
const applyCapitalDistribution = importedApplyCapitalDistribution;
const applyDemerger = importedApplyDemerger;
const applyDisposal = importedApplyDisposal;
const applyNotionalIncome = importedApplyNotionalIncome;
const applyRightsIssue = importedApplyRightsIssue;
const applyShareReorganisation = importedApplyShareReorganisation;
const applyTakeover = importedApplyTakeover;
const applyTransferOut = importedApplyTransferOut;

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
