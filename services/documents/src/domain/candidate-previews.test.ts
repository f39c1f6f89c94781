import { describe, expect, it } from 'vitest';
import { candidatePreviews, type PreviewHeader, type PreviewLine } from './candidate-previews';
import type { DocumentEffect } from './document-types';

const header = (effect: DocumentEffect, parentSecurityPrice: string | null = null): PreviewHeader => ({
  effect,
  securityId: 7,
  exDate: '2026-09-01',
  payDate: '2026-09-15',
  parentSecurityPrice,
});
const line = (ord: number, transactionTypeName: string, rate: string, more: Partial<PreviewLine> = {}) => ({
  ord,
  transactionTypeName,
  rate,
  perParent: '1',
  price: null,
  newSecurityId: null,
  newSecurityDecimals: 0,
  apportionmentFactor: null,
  ...more,
});
const holder = (holdingQuantity: string, group2Quantity?: string) => ({
  holdingQuantity,
  decimalPlaces: 0,
  group2Quantity,
});
const paid = { securityId: 7, exDate: '2026-09-01', payDate: '2026-09-15', tradeDate: '2026-09-15' };

describe('a holder’s ledger rows for a corporate action', () => {
  it('a takeover for shares and cash: 1 new share (£4.00) for every 2 held and £1.50 a share', () => {
    // 1,000 held: 500 new shares worth £2,000.00 and £1,500.00 of cash in one TAKEOVER row
    const rows = candidatePreviews(
      header('TAKEOVER_SHARES_AND_CASH'),
      [line(1, 'TAKEOVER', '1', { perParent: '2', price: '4.00', newSecurityId: 9 }), line(2, 'TAKEOVER', '1.50')],
      holder('1000'),
    );
    expect(rows).toEqual([
      {
        lineOrd: 1,
        transactionType: 'TAKEOVER',
        ...paid,
        quantity: '500',
        newSecurityId: 9,
        price: '4.00',
        consideration: '1500.00',
        marketValue: '2000.00',
      },
    ]);
  });

  it('a demerger: 1 new share (£8.00) for every 4 held, the parent at £6.00; a fraction is not posted', () => {
    // 1,003 / 4 = 250.75 -> 250 new shares; the retained holding is worth 1,003 x £6.00 = £6,018.00
    const [row] = candidatePreviews(
      header('DEMERGER', '6.00'),
      [line(1, 'DEMERGER', '1', { perParent: '4', price: '8.00', newSecurityId: 11, apportionmentFactor: '0.25' })],
      holder('1003'),
    );
    expect(row).toMatchObject({
      transactionType: 'DEMERGER',
      quantity: '250',
      newSecurityId: 11,
      price: '8.00',
      marketValue: '6018.00',
      apportionmentFactor: '0.25',
    });
    expect(row!.consideration).toBeUndefined();
  });

  it('a rights issue taken up: 1 for every 5 held at £1.20', () => {
    // 1,234 / 5 = 246.8 -> 246 shares for 246 x £1.20 = £295.20
    expect(
      candidatePreviews(
        header('RIGHTS_TAKEN_UP'),
        [line(1, 'RIGHTS_ISSUE', '1', { perParent: '5', price: '1.20' })],
        holder('1234'),
      ),
    ).toEqual([
      {
        lineOrd: 1,
        transactionType: 'RIGHTS_ISSUE',
        ...paid,
        quantity: '246',
        price: '1.20',
        consideration: '295.20',
        paid: true,
      },
    ]);
  });

  it('a cash dividend to the penny, half up', () => {
    // 333 x £0.12345 = £41.10885 -> £41.11
    expect(candidatePreviews(header('CASH_DIVIDEND'), [line(1, 'DIVIDEND', '0.12345')], holder('333'))).toEqual([
      { lineOrd: 1, transactionType: 'DIVIDEND', ...paid, consideration: '41.11' },
    ]);
  });

  it('a split by ratio on the ex-date', () => {
    expect(candidatePreviews(header('SPLIT'), [line(1, 'SPLIT', '3')], holder('100'))).toEqual([
      { lineOrd: 1, transactionType: 'SPLIT', ...paid, tradeDate: '2026-09-01', ratio: '3:1' },
    ]);
  });

  it('a capital repayment with the holding’s value after it', () => {
    // 1,000 x £0.25 = £250.00 returned; the holding is worth 1,000 x £4.00 = £4,000.00 after it
    expect(
      candidatePreviews(header('CAPITAL_REPAYMENT', '4.00'), [line(1, 'CAPITAL_RETURN', '0.25')], holder('1000')),
    ).toEqual([
      {
        lineOrd: 1,
        transactionType: 'CAPITAL_RETURN',
        ...paid,
        consideration: '250.00',
        price: '4.00',
        marketValue: '4000.00',
      },
    ]);
  });

  it('equalisation: income on every unit, equalisation on the Group 2 units only', () => {
    // 1,000 x £0.0523 = £52.30 of income; 300 Group 2 units x £0.0117 = £3.51 of equalisation
    // qualifying: Group 1 700 x £0.0523 = £36.61, Group 2 300 x £0.0523 = £15.69 (36.61 + 15.69 = 52.30)
    const lines = [line(1, 'DISTRIBUTION', '0.0523'), line(2, 'EQUALISATION', '0.0117')];
    const qualifying = { group1Qualifying: '36.61', group2Qualifying: '15.69' };
    expect(candidatePreviews(header('EQUALISATION'), lines, holder('1000', '300'))).toEqual([
      { lineOrd: 1, transactionType: 'DISTRIBUTION', ...paid, consideration: '52.30', ...qualifying },
      { lineOrd: 2, transactionType: 'EQUALISATION', ...paid, quantity: '300', consideration: '3.51', ...qualifying },
    ]);
    expect(candidatePreviews(header('EQUALISATION'), lines, holder('1000', '0'))).toHaveLength(1);
  });

  it('a takeover for cash sells the holding; a lapse without proceeds proposes nothing', () => {
    expect(candidatePreviews(header('TAKEOVER_CASH'), [line(1, 'SELL', '2.375')], holder('400'))).toEqual([
      { lineOrd: 1, transactionType: 'SELL', ...paid, quantity: '400', price: '2.37500000', consideration: '950.00' },
    ]);
    expect(candidatePreviews(header('RIGHTS_LAPSED'), [line(1, 'CAPITAL_RETURN', '0')], holder('400'))).toEqual([]);
  });
});

describe('cash in lieu of fractions (the header’s Fraction Price)', () => {
  const withFractions = (effect: DocumentEffect, fractionPrice: string): PreviewHeader => ({
    ...header(effect),
    fractionPrice,
  });

  it('when 1,000 shares are consolidated 1 for 3 and fractions sold at £2.40, then 333 shares and £0.80 are paid', () => {
    // 1,000 x 1 / 3 = 333 1/3: 333 new shares issued; the fraction (1,000 x 1 - 333 x 3) / 3 = 1/3 of a new share
    // at £2.40 = £0.80. The holding after is worth 333 x £2.40 = £799.20 (B, for the engine's small test)
    const rows = candidatePreviews(
      withFractions('CONSOLIDATION', '2.40'),
      [line(1, 'CONSOLIDATION', '1', { perParent: '3' })],
      holder('1000'),
    );
    expect(rows).toEqual([
      { lineOrd: 1, transactionType: 'CONSOLIDATION', ...paid, tradeDate: '2026-09-01', ratio: '1:3' },
      {
        lineOrd: 1,
        transactionType: 'CAPITAL_RETURN',
        ...paid,
        consideration: '0.80',
        price: '2.40',
        marketValue: '799.20',
      },
    ]);
  });

  it('when a bonus issue of 1 for 3 leaves a fraction, then the fraction of the bonus share is paid on the new holding', () => {
    // 1,000 x 1 / 3 = 333 1/3 bonus shares: 333 issued, holding 1,333; 1/3 of a share at £2.40 = £0.80;
    // B = 1,333 x £2.40 = £3,199.20
    const rows = candidatePreviews(
      withFractions('BONUS', '2.40'),
      [line(1, 'BONUS', '1', { perParent: '3' })],
      holder('1000'),
    );
    expect(rows[1]).toMatchObject({ transactionType: 'CAPITAL_RETURN', consideration: '0.80', marketValue: '3199.20' });
  });

  it('when a takeover gives 2 new shares for every 3 held, then the fraction is paid on the new shares', () => {
    // 1,000 x 2 / 3 = 666 2/3: 666 new shares; (2,000 - 666 x 3) / 3 = 2/3 of a share at £4.95 = £3.30;
    // B = 666 x £4.95 = £3,296.70
    const rows = candidatePreviews(
      withFractions('TAKEOVER_SHARES', '4.95'),
      [line(1, 'TAKEOVER', '2', { perParent: '3', price: '5.00', newSecurityId: 9 })],
      holder('1000'),
    );
    expect(rows[1]).toEqual({
      lineOrd: 1,
      transactionType: 'CAPITAL_RETURN',
      ...paid,
      securityId: 9,
      consideration: '3.30',
      price: '4.95',
      marketValue: '3296.70',
    });
  });

  it('when the entitlement is whole, or no Fraction Price is given, then no cash row', () => {
    const consolidation = [line(1, 'CONSOLIDATION', '1', { perParent: '3' })];
    // 999 / 3 = 333 exactly
    expect(candidatePreviews(withFractions('CONSOLIDATION', '2.40'), consolidation, holder('999'))).toHaveLength(1);
    expect(candidatePreviews(header('CONSOLIDATION'), consolidation, holder('1000'))).toHaveLength(1);
  });
});

describe('a scrip dividend’s fraction is dividend income', () => {
  const scrip = [line(1, 'BUY', '1', { perParent: '40', price: '3.20' })];
  const withFractions = (fractionPrice: string): PreviewHeader => ({ ...header('SCRIP_DIVIDEND'), fractionPrice });

  it('when 1,030 held take 1 new share for every 40 at £3.20 and fractions fetch £3.10, then the fraction is a DIVIDEND', () => {
    // 1,030 / 40 = 25.75: 25 new shares bought for 25 x £3.20 = £80.00, that cash equivalent the dividend;
    // the fraction (1,030 x 1 - 25 x 40) / 40 = 30 / 40 = 0.75 of a share x £3.10 = £2.325, £2.33 to the penny
    // (half up): paid in cash as dividend income, not a capital distribution
    const rows = candidatePreviews(withFractions('3.10'), scrip, holder('1030'));
    expect(rows).toEqual([
      {
        lineOrd: 1,
        transactionType: 'BUY',
        ...paid,
        quantity: '25',
        price: '3.20',
        consideration: '80.00',
        paid: true,
      },
      { lineOrd: 1, transactionType: 'DIVIDEND', ...paid, consideration: '80.00' },
      { lineOrd: 1, transactionType: 'DIVIDEND', ...paid, consideration: '2.33' },
    ]);
    expect(rows.some((r) => r.transactionType === 'CAPITAL_RETURN')).toBe(false);
  });

  it('when a holder is entitled to less than one new share, then the fraction’s cash is all the dividend', () => {
    // 30 / 40 = 0.75 of a share: none issued; 0.75 x £3.10 = £2.325, £2.33
    expect(candidatePreviews(withFractions('3.10'), scrip, holder('30'))).toEqual([
      { lineOrd: 1, transactionType: 'DIVIDEND', ...paid, consideration: '2.33' },
    ]);
    // without a Fraction Price the fraction is not paid (as before): nothing for 30 held
    expect(candidatePreviews(header('SCRIP_DIVIDEND'), scrip, holder('30'))).toEqual([]);
  });
});

describe('a holder entitled to less than one new share of a takeover or demerger, with a Fraction Price', () => {
  it('when 1 share is held in a takeover of 2 new for every 3, then the holding is sold for the fraction’s cash', () => {
    // 1 x 2 / 3 = 2/3 of a new share: none issued; (1 x 2 - 0 x 3) / 3 = 2/3 x £4.95 = £3.30; nothing new is
    // received, so the old share is disposed of for £3.30 (a SELL of the whole holding, £3.30 a share)
    const rows = candidatePreviews(
      { ...header('TAKEOVER_SHARES'), fractionPrice: '4.95' },
      [line(1, 'TAKEOVER', '2', { perParent: '3', price: '5.00', newSecurityId: 9 })],
      holder('1'),
    );
    expect(rows).toHaveLength(1);
    expect(rows).toEqual([
      { lineOrd: 1, transactionType: 'SELL', ...paid, quantity: '1', price: '3.30000000', consideration: '3.30' },
    ]);
  });

  it('when 1 share is held in a takeover of 1 new for every 2 and £1.50 cash, then the cash and the fraction’s cash sell it', () => {
    // 1 / 2 = 0.5 of a new share: none; the cash line 1 x £1.50 = £1.50; the fraction 0.5 x £3.90 = £1.95;
    // £1.50 + £1.95 = £3.45 for the one share
    const rows = candidatePreviews(
      { ...header('TAKEOVER_SHARES_AND_CASH'), fractionPrice: '3.90' },
      [line(1, 'TAKEOVER', '1', { perParent: '2', price: '4.00', newSecurityId: 9 }), line(2, 'TAKEOVER', '1.50')],
      holder('1'),
    );
    expect(rows).toEqual([
      { lineOrd: 1, transactionType: 'SELL', ...paid, quantity: '1', price: '3.45000000', consideration: '3.45' },
    ]);
  });

  it('when 3 shares are held in a demerger of 1 new for every 4, then the fraction’s cash is a capital return on them', () => {
    // 3 / 4 = 0.75 of a new share: none; 0.75 x £7.80 = £5.85, received on the parent shares the holder keeps;
    // B = 3 x £6.00 (the parent's price) = £18.00
    const rows = candidatePreviews(
      { ...header('DEMERGER', '6.00'), fractionPrice: '7.80' },
      [line(1, 'DEMERGER', '1', { perParent: '4', price: '8.00', newSecurityId: 11, apportionmentFactor: '0.25' })],
      holder('3'),
    );
    expect(rows).toEqual([
      {
        lineOrd: 1,
        transactionType: 'CAPITAL_RETURN',
        ...paid,
        consideration: '5.85',
        price: '6.00',
        marketValue: '18.00',
      },
    ]);
  });

  it('when no Fraction Price is given, then less than one new share gets nothing, as before', () => {
    expect(
      candidatePreviews(
        header('TAKEOVER_SHARES'),
        [line(1, 'TAKEOVER', '2', { perParent: '3', price: '5.00', newSecurityId: 9 })],
        holder('1'),
      ),
    ).toEqual([]);
  });
});
