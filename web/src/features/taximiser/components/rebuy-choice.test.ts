import { describe, expect, it } from 'vitest';
import { NO_REBUY, rebuyRequest } from './rebuy-choice';

describe('the rebuy’s part of a plan request', () => {
  it('is nothing without a rebuy', () => {
    expect(rebuyRequest(NO_REBUY)).toEqual({ body: {} });
  });

  it('names the portfolio to choose before anything is sent', () => {
    expect(rebuyRequest({ where: 'ISA', isaSubscribed: '' })).toEqual({
      problem: 'Choose the ISA portfolio to buy back in',
    });
    expect(rebuyRequest({ where: 'SPOUSE', isaSubscribed: '' })).toEqual({
      problem: 'Choose the spouse’s portfolio to buy back in',
    });
  });

  it('sends the ISA subscriptions without their commas, and refuses more than the allowance', () => {
    expect(rebuyRequest({ where: 'ISA', portfolioUuid: 'isa-1', isaSubscribed: '12,500.50' })).toEqual({
      body: { rebuy: 'ISA', rebuyPortfolioUuid: 'isa-1', isaSubscribed: '12500.50' },
    });
    expect(rebuyRequest({ where: 'ISA', portfolioUuid: 'isa-1', isaSubscribed: '' })).toEqual({
      body: { rebuy: 'ISA', rebuyPortfolioUuid: 'isa-1' },
    });
    expect(rebuyRequest({ where: 'ISA', portfolioUuid: 'isa-1', isaSubscribed: '20000.01' })).toEqual({
      problem: 'ISA subscriptions this tax year must not be more than the £20,000.00 allowance',
    });
  });
});
