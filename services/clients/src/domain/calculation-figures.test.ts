import { describe, expect, it } from 'vitest';
import { assertCalculationFigures, isNewerRun, type CalculationFigures } from './calculation-figures';
import { worstStatus } from './get-calculation-status';

const T0 = '2026-11-20T10:00:00.000Z';
const T1 = '2026-11-20T11:00:00.000Z';

const empty = {
  ytdCapitalGainLoss: null,
  ytdIncomeGain: null,
  ytdExemptGainLoss: null,
  unrealisedCapitalGainLoss: null,
  unrealisedIncomeGain: null,
  unrealisedExemptGainLoss: null,
  indexation: null,
};

function run(changes: Partial<CalculationFigures> = {}): CalculationFigures {
  return {
    organisationUuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
    clientUuid: 'c1000000-0000-4000-8000-000000000001',
    runUuid: 'r',
    ledgerVersion: 5n,
    computedAt: T0,
    status: 'SUCCEEDED',
    client: {
      ...empty,
      marketValue: '10.00',
      annualExemption: '3000.00',
      annualExemptionRemaining: '2960.00',
      broughtForwardLoss: null,
      unusedBroughtForwardLoss: null,
      ytdHoldoverReliefGain: null,
      ytdCloggedLoss: null,
      usedIndexation: null,
      calculationFailures: 0,
      thirtyDayDisposalCounter: 0,
      holdingBreaks: 0,
    },
    portfolios: [],
    holdings: [],
    transactions: [],
    ...changes,
  };
}

describe('which run is newer', () => {
  it('when nothing is stored, then any run is', () => {
    expect(isNewerRun({ ledgerVersion: null, computedAt: null }, { ledgerVersion: 1n, computedAt: T0 })).toBe(true);
  });
  it('when the ledger versions differ, then the higher wins whatever the times', () => {
    expect(isNewerRun({ ledgerVersion: 5n, computedAt: T1 }, { ledgerVersion: 6n, computedAt: T0 })).toBe(true);
    expect(isNewerRun({ ledgerVersion: 5n, computedAt: T0 }, { ledgerVersion: 4n, computedAt: T1 })).toBe(false);
  });
  it('when the version is the same, then the run finished no earlier wins (a revaluation at a new price)', () => {
    expect(isNewerRun({ ledgerVersion: 5n, computedAt: T0 }, { ledgerVersion: 5n, computedAt: T1 })).toBe(true);
    expect(isNewerRun({ ledgerVersion: 5n, computedAt: T1 }, { ledgerVersion: 5n, computedAt: T0 })).toBe(false);
  });
});

describe('checking a run’s figures', () => {
  it('when every figure is exact, then the run passes', () => {
    expect(() => assertCalculationFigures(run())).not.toThrow();
  });
  it('when a figure has more than two places, then the refusal names it', () => {
    const bad = run({
      portfolios: [
        {
          ...empty,
          portfolioUuid: 'a1000000-0000-4000-8000-000000000001',
          marketValue: '1.005',
          holdoverRelief: null,
          cloggedLoss: null,
          calculationFailures: 0,
        },
      ],
    });
    expect(() => assertCalculationFigures(bad)).toThrow(expect.objectContaining({ field: 'portfolios.0.marketValue' }));
  });
  it('when the status is unknown, then it is refused', () => {
    expect(() => assertCalculationFigures(run({ status: 'DONE' as never }))).toThrow(
      expect.objectContaining({ field: 'status' }),
    );
  });
});

describe('a security’s status over several portfolios', () => {
  it('when one failed, then FAILED; else when one waits, then PENDING', () => {
    expect(worstStatus(['SUCCEEDED', 'FAILED', 'PENDING'])).toBe('FAILED');
    expect(worstStatus(['SUCCEEDED', 'PENDING'])).toBe('PENDING');
    expect(worstStatus(['EXCLUDED'])).toBe('EXCLUDED');
  });
});
