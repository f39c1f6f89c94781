import { describe, expect, it } from 'vitest';
import { NO_PROCESSING_OVERRIDE } from './document-type-rules';
import { newHolderStatus, replaceDecision, type RefreshDifferences } from './refresh-decision';

const none: RefreshDifferences = {
  quantity: false,
  groups: false,
  cost: false,
  costDecidesRows: false,
  movability: false,
  marketValue: false,
  acquisitionDate: false,
};
const pending = { status: 'PENDING', edited: false };
const flags = (more: Partial<typeof NO_PROCESSING_OVERRIDE>) => ({ ...NO_PROCESSING_OVERRIDE, ...more });

describe('what Refresh does with a candidate whose holding changed', () => {
  it('when nothing differs, then nothing is done', () => {
    expect(replaceDecision(none, pending, NO_PROCESSING_OVERRIDE)).toBe('same');
  });

  it('when the quantity differs, then it is reviewed unless replaceCandidateSecurityQuantity is set', () => {
    const d = { ...none, quantity: true };
    expect(replaceDecision(d, pending, NO_PROCESSING_OVERRIDE)).toBe('review');
    expect(replaceDecision(d, pending, flags({ replaceCandidateSecurityQuantity: true }))).toBe('replace');
    // an excluded candidate takes the figures too (it stays excluded)
    expect(
      replaceDecision(d, { status: 'EXCLUDED', edited: false }, flags({ replaceCandidateSecurityQuantity: true })),
    ).toBe('replace');
  });

  it('when the groups differ, then replaceCandidateGroupQuantities decides', () => {
    const d = { ...none, groups: true };
    expect(replaceDecision(d, pending, flags({ replaceCandidateSecurityQuantity: true }))).toBe('review');
    expect(replaceDecision(d, pending, flags({ replaceCandidateGroupQuantities: true }))).toBe('replace');
  });

  it('when quantity and a transfer’s cost both differ, then both flags are needed', () => {
    const d = { ...none, quantity: true, cost: true, costDecidesRows: true };
    expect(replaceDecision(d, pending, flags({ replaceCandidateSecurityQuantity: true }))).toBe('review');
    expect(
      replaceDecision(d, pending, flags({ replaceCandidateSecurityQuantity: true, replaceCandidateCgtCost: true })),
    ).toBe('replace');
  });

  it('when a figure only shown differs, then it is replaced with its flag and left alone without it', () => {
    for (const [difference, flag] of [
      [{ cost: true }, 'replaceCandidateCgtCost'],
      [{ marketValue: true }, 'replaceCandidateMarketValue'],
      [{ acquisitionDate: true }, 'replaceCandidateAcquisitionDate'],
    ] as const) {
      const d = { ...none, ...difference };
      expect(replaceDecision(d, pending, NO_PROCESSING_OVERRIDE), flag).toBe('same');
      expect(replaceDecision(d, pending, flags({ [flag]: true })), flag).toBe('replace');
    }
  });

  it('when a candidate was edited by a user, then it is never replaced silently', () => {
    const all = flags({
      replaceCandidateSecurityQuantity: true,
      replaceCandidateGroupQuantities: true,
      replaceCandidateCgtCost: true,
      replaceCandidateMarketValue: true,
      replaceCandidateAcquisitionDate: true,
      autoProcessUpdateHolding: true,
    });
    const edited = { status: 'EDIT', edited: true };
    expect(replaceDecision({ ...none, quantity: true }, edited, all)).toBe('review');
    expect(replaceDecision({ ...none, marketValue: true }, edited, all)).toBe('same');
    // nor one already differing or failed
    expect(replaceDecision({ ...none, quantity: true }, { status: 'PENDING_DIFF', edited: false }, all)).toBe('review');
    expect(replaceDecision({ ...none, quantity: true }, { status: 'FAILED', edited: false }, all)).toBe('review');
  });

  it('when autoProcessUpdateHolding is set, then a changed holding is taken; one that can now move is still reviewed', () => {
    const update = flags({ autoProcessUpdateHolding: true });
    expect(replaceDecision({ ...none, quantity: true }, pending, update)).toBe('replace');
    expect(replaceDecision({ ...none, cost: true, costDecidesRows: true }, pending, update)).toBe('replace');
    expect(replaceDecision({ ...none, movability: true }, pending, update)).toBe('review');
  });
});

describe('the status a new holder takes on Refresh', () => {
  it('is reviewed unless autoProcessNewHolding is set; a header that had none takes its holders as found', () => {
    expect(newHolderStatus('PENDING', false, NO_PROCESSING_OVERRIDE)).toBe('PENDING_DIFF');
    expect(newHolderStatus('PENDING', false, flags({ autoProcessNewHolding: true }))).toBe('PENDING');
    expect(newHolderStatus('PENDING', true, NO_PROCESSING_OVERRIDE)).toBe('PENDING');
    expect(newHolderStatus('EXCLUDED', false, flags({ autoProcessNewHolding: true }))).toBe('EXCLUDED');
  });
});
