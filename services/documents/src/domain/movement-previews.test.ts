import { describe, expect, it } from 'vitest';
import { movementPreviews, type MovementCandidate } from './movement-previews';

const OUT = '11111111-1111-4111-8111-111111111111';
const IN_A = '22222222-2222-4222-8222-222222222222';
const IN_B = '33333333-3333-4333-8333-333333333333';
const IN_C = '44444444-4444-4444-8444-444444444444';
const DAY = '2026-10-05';
const at = { securityId: 7, tradeDate: DAY, exDate: DAY, payDate: DAY };
const holding = (more: Partial<MovementCandidate>): MovementCandidate => ({
  securityId: 7,
  holdingQuantity: '1000',
  decimalPlaces: 0,
  cgtCost: null,
  price: null,
  transferPercentage: '100',
  ...more,
});

describe('a portfolio movement’s ledger rows', () => {
  it('when a client gifts 50% of 1,000 shares priced £2.50, then the giver disposes at market value and the receiver acquires at it', () => {
    // 1,000 x 50 / 100 = 500 shares; 500 x £2.50 = £1,250.00 market value
    const p = movementPreviews('GIFT', DAY, OUT, holding({ price: '2.5', cgtCost: '1800', transferPercentage: '50' }), [
      { portfolioUuid: IN_A, transferPercentage: '100' },
    ]);
    expect(p.transferQuantity).toBe('500');
    expect(p.marketValuation).toBe('1250.00');
    expect(p.rows).toEqual([
      {
        ...at,
        lineOrd: 1,
        transactionType: 'GIFT_OUT',
        portfolioUuid: OUT,
        quantity: '500',
        price: '2.5',
        marketValue: '1250.00',
      },
      {
        ...at,
        lineOrd: 2,
        transactionType: 'TRANSFER_IN',
        portfolioUuid: IN_A,
        quantity: '500',
        consideration: '1250.00',
        paid: true,
        acquisitionDate: DAY,
      },
    ]);
  });

  it('when the percentage leaves a fraction of a share, then whole shares move, rounded down', () => {
    // 1,001 x 33.333 / 100 = 333.66333: 333 shares; 333 x £1 = £333.00
    const p = movementPreviews(
      'GIFT',
      DAY,
      OUT,
      holding({ holdingQuantity: '1001', price: '1', transferPercentage: '33.333' }),
      [{ portfolioUuid: IN_A, transferPercentage: '100' }],
    );
    expect(p.transferQuantity).toBe('333');
    expect(p.rows[1]).toMatchObject({ quantity: '333', consideration: '333.00' });
  });

  it('when a spouse receives into two portfolios, then each gets its share at the giver’s pool cost (no gain, no loss)', () => {
    // all 300 shares, pool cost £900.00: cost moved 900 x 300 / 300 = £900.00
    // in 60%: 300 x 60 / 100 = 180 shares and 900 x 60 / 100 = £540.00; the other takes the rest: 120, £360.00
    const p = movementPreviews(
      'SPOUSE_TRANSFER',
      DAY,
      OUT,
      holding({ holdingQuantity: '300', cgtCost: '900', price: '5' }),
      [
        { portfolioUuid: IN_A, transferPercentage: '60' },
        { portfolioUuid: IN_B, transferPercentage: '40' },
      ],
    );
    expect(p.rows).toEqual([
      { ...at, lineOrd: 1, transactionType: 'SPOUSE_OUT', portfolioUuid: OUT, quantity: '300' },
      {
        ...at,
        lineOrd: 2,
        transactionType: 'SPOUSE_IN',
        portfolioUuid: IN_A,
        quantity: '180',
        consideration: '540.00',
        paid: true,
      },
      {
        ...at,
        lineOrd: 2,
        transactionType: 'SPOUSE_IN',
        portfolioUuid: IN_B,
        quantity: '120',
        consideration: '360.00',
        paid: true,
      },
    ]);
  });

  it('when a client moves 25% between their own portfolios, then the shares take their share of the pool’s cost with them', () => {
    // 1,000 x 25 / 100 = 250 shares; £1,234.56 x 250 / 1,000 = £308.64
    const p = movementPreviews('TRANSFER', DAY, OUT, holding({ cgtCost: '1234.56', transferPercentage: '25' }), [
      { portfolioUuid: IN_A, transferPercentage: '100' },
    ]);
    expect(p.rows).toEqual([
      { ...at, lineOrd: 1, transactionType: 'TRANSFER_OUT', portfolioUuid: OUT, quantity: '250' },
      {
        ...at,
        lineOrd: 2,
        transactionType: 'TRANSFER_IN',
        portfolioUuid: IN_A,
        quantity: '250',
        consideration: '308.64',
        paid: true,
        acquisitionDate: DAY,
      },
    ]);
  });

  it('when a client moves shares between their own portfolios, then the transfer in carries when they were first acquired', () => {
    // bought 2019-04-01; 1,000 x 40 / 100 = 400 shares; £2,500.00 x 400 / 1,000 = £1,000.00 of the pool's cost.
    // The engine identifies a TRANSFER_IN by its original date, so the 400 rejoin the pool as shares of 2019 (a
    // sale within 30 days before the trade date is not matched with them as a new acquisition).
    const p = movementPreviews(
      'TRANSFER',
      DAY,
      OUT,
      holding({ cgtCost: '2500', transferPercentage: '40', firstAcquiredDate: '2019-04-01' }),
      [{ portfolioUuid: IN_A, transferPercentage: '100' }],
    );
    expect(p.rows[1]).toMatchObject({
      transactionType: 'TRANSFER_IN',
      quantity: '400',
      consideration: '1000.00',
      acquisitionDate: '2019-04-01',
    });
    // a spouse acquires on the transfer date (s58 deems the cost, not the date): no original date; a gift's
    // receiver acquires at market value on the trade date
    const spouse = movementPreviews(
      'SPOUSE_TRANSFER',
      DAY,
      OUT,
      holding({ cgtCost: '2500', firstAcquiredDate: '2019-04-01' }),
      [{ portfolioUuid: IN_A, transferPercentage: '100' }],
    );
    expect(spouse.rows[1]!.acquisitionDate).toBeUndefined();
    const gift = movementPreviews('GIFT', DAY, OUT, holding({ price: '2', firstAcquiredDate: '2019-04-01' }), [
      { portfolioUuid: IN_A, transferPercentage: '100' },
    ]);
    expect(gift.rows[1]!.acquisitionDate).toBe(DAY);
  });

  it('when three in portfolios share 100 shares by thirds, then the last takes what rounding leaves', () => {
    // 100 x 33.33 / 100 = 33.33: 33 each for the first two; the last 100 - 66 = 34
    // value 100 x £3 = £300.00: £99.99 each for the first two, the last £300.00 - £199.98 = £100.02
    const p = movementPreviews('GIFT', DAY, OUT, holding({ holdingQuantity: '100', price: '3' }), [
      { portfolioUuid: IN_A, transferPercentage: '33.33' },
      { portfolioUuid: IN_B, transferPercentage: '33.33' },
      { portfolioUuid: IN_C, transferPercentage: '33.34' },
    ]);
    expect(p.rows.slice(1).map((r) => [r.quantity, r.consideration])).toEqual([
      ['33', '99.99'],
      ['33', '99.99'],
      ['34', '100.02'],
    ]);
  });

  it('when the figure a move needs is missing, then nothing is proposed and the reason says why', () => {
    const ins = [{ portfolioUuid: IN_A, transferPercentage: '100' }];
    expect(movementPreviews('GIFT', DAY, OUT, holding({ cgtCost: '10' }), ins)).toMatchObject({
      rows: [],
      reason: 'The security has no price: a gift is made at market value',
    });
    expect(movementPreviews('TRANSFER', DAY, OUT, holding({ price: '1' }), ins).rows).toEqual([]);
    // 3 x 10 / 100 = 0.3: no whole share moves
    expect(
      movementPreviews('GIFT', DAY, OUT, holding({ holdingQuantity: '3', price: '1', transferPercentage: '10' }), ins),
    ).toMatchObject({ transferQuantity: '0', rows: [] });
  });
});
