import { describe, expect, it } from 'vitest';
import { plannerProblems } from './taximiser-planner';

describe('the planner panel', () => {
  it('when an action needs an amount, then the amount is checked and named by what it is', () => {
    expect(plannerProblems({ action: 'RAISE_PROCEEDS', target: '', include: 'NONE', includePercent: '' })).toEqual({
      target: 'Proceeds to raise is required',
    });
    expect(
      plannerProblems({ action: 'REALISE_BUDGET_AMOUNT', target: '0.001', include: 'NONE', includePercent: '' }),
    ).toEqual({ target: 'Gain budget must be at least 0.01' });
    expect(plannerProblems({ action: 'RAISE_PROCEEDS', target: '5,000', include: 'NONE', includePercent: '' })).toEqual(
      {},
    );
  });

  it('when an action needs a percent, then it lies between 0.000001 and 100', () => {
    expect(
      plannerProblems({ action: 'DISPOSE_PERCENTAGE', target: '101', include: 'NONE', includePercent: '' }).target,
    ).toBe('Percent to dispose must not be more than 100');
    expect(
      plannerProblems({ action: 'REALISE_BUDGET_PERCENT', target: '25', include: 'NONE', includePercent: '' }),
    ).toEqual({});
  });

  it('when harvesting, then no target is asked; a percent of all holdings still is', () => {
    expect(
      plannerProblems({ action: 'HARVEST_ANNUAL_EXEMPTION', target: '', include: 'NONE', includePercent: '' }),
    ).toEqual({});
    expect(
      plannerProblems({
        action: 'HARVEST_ANNUAL_EXEMPTION',
        target: '',
        include: 'PERCENT_OF_ALL',
        includePercent: 'x',
      }),
    ).toEqual({ includePercent: 'Percent of all holdings must be a number, such as 12.5' });
  });
});
