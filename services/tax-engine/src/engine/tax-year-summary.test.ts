import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from './ledger';
import { presentComputation } from './present';
import { Rational } from './arithmetic';
import { compute, pence, tx, year } from '../../test/engine-support';

/** Buy on `buy`, sell on `sell`: gain = quantity x (sellPrice - buyPrice). */
const pair = (
  security: string,
  buy: string,
  sell: string,
  quantity: string,
  buyPrice: string,
  sellPrice: string,
): LedgerTransaction[] => [
  tx(buy, 'BUY', security, quantity, buyPrice),
  tx(sell, 'SELL', security, quantity, sellPrice),
];

describe('tax-year summary', () => {
  it('when a year has gains and losses and losses brought forward, then current losses are used in full and brought-forward ones only down to the exempt amount', () => {
    // 2022-23: gain 20,000 (A), loss 5,000 (B): net 15,000. AEA 12,300. Above AEA 2,700 -> brought-forward used 2,700 of 10,000.
    // Taxable nil; carried forward 7,300.
    const c = compute(
      [
        ...pair('A', '2022-05-01', '2022-06-01', '1000', '10', '30'),
        ...pair('B', '2022-05-01', '2022-07-01', '1000', '10', '5'),
      ],
      {
        kind: 'individual',
        lossesBroughtForward: '10000',
      },
    );
    const y = year(c, '2022-23');
    expect(pence(y.gains)).toBe('20000.00');
    expect(pence(y.losses)).toBe('5000.00');
    expect(pence(y.netGains)).toBe('15000.00');
    expect(pence(y.annualExemptAmount)).toBe('12300.00');
    expect(pence(y.lossesBroughtForwardUsed)).toBe('2700.00');
    expect(pence(y.taxableGain)).toBe('0.00');
    expect(pence(y.lossesCarriedForward)).toBe('7300.00');
    expect(pence(y.annualExemptAmountRemaining)).toBe('0.00');
  });

  it('when net gains are below the exempt amount, then no brought-forward loss is used and the exempt amount is partly left', () => {
    const c = compute(pair('A', '2021-05-01', '2021-06-01', '1000', '10', '15'), {
      kind: 'individual',
      lossesBroughtForward: '800',
    });
    const y = year(c, '2021-22');
    expect(pence(y.lossesBroughtForwardUsed)).toBe('0.00');
    expect(pence(y.lossesCarriedForward)).toBe('800.00');
    expect(pence(y.annualExemptAmountRemaining)).toBe('7300.00'); // 12,300 - 5,000
  });

  it('when a year ends in a net loss, then it is carried forward and used in a later year above the exempt amount', () => {
    // 2019-20: loss 4,000. 2020-21: nothing. 2021-22: gain 14,000; AEA 12,300; 1,700 of the 4,000 used; 2,300 carried.
    const c = compute([
      ...pair('L', '2019-05-01', '2019-06-01', '1000', '10', '6'),
      ...pair('G', '2021-05-01', '2021-06-01', '1000', '10', '24'),
    ]);
    expect(pence(year(c, '2019-20').lossesCarriedForward)).toBe('4000.00');
    expect(pence(year(c, '2020-21').lossesCarriedForward)).toBe('4000.00');
    const y = year(c, '2021-22');
    expect(pence(y.lossesBroughtForward)).toBe('4000.00');
    expect(pence(y.lossesBroughtForwardUsed)).toBe('1700.00');
    expect(pence(y.taxableGain)).toBe('0.00');
    expect(pence(y.lossesCarriedForward)).toBe('2300.00');
  });

  it('when disposals fall on 5 and 6 April, then they are in different tax years', () => {
    const c = compute([
      ...pair('A', '2023-01-01', '2023-04-05', '100', '10', '20'),
      ...pair('B', '2023-01-01', '2023-04-06', '100', '10', '30'),
    ]);
    expect(pence(year(c, '2022-23').gains)).toBe('1000.00');
    expect(pence(year(c, '2023-24').gains)).toBe('2000.00');
    expect(pence(year(c, '2023-24').annualExemptAmount)).toBe('6000.00');
  });

  it('when disposals are made either side of 30 October 2024, then 2024-25 is split at that date', () => {
    const c = compute([
      ...pair('A', '2024-05-01', '2024-10-29', '100', '10', '40'), // gain 3,000 (up to 29 Oct)
      ...pair('B', '2024-05-01', '2024-10-30', '100', '10', '60'), // gain 5,000 (from 30 Oct)
      ...pair('C', '2024-05-01', '2024-11-15', '100', '10', '5'), // loss 500 (from 30 Oct)
    ]);
    const y = year(c, '2024-25');
    expect(pence(y.ratePeriods!.upTo29October2024.gains)).toBe('3000.00');
    expect(pence(y.ratePeriods!.from30October2024.gains)).toBe('5000.00');
    expect(pence(y.ratePeriods!.from30October2024.losses)).toBe('500.00');
    expect(pence(y.ratePeriods!.from30October2024.netGains)).toBe('4500.00');
    expect(pence(y.netGains)).toBe('7500.00');
    expect(pence(y.annualExemptAmount)).toBe('3000.00');
    expect(pence(y.taxableGain)).toBe('4500.00');
    expect(year(c, '2024-25').ratePeriods).not.toBeNull();
  });

  it('when the taxpayer is a trust, then it has half the exempt amount (a vulnerable-beneficiary trust the full amount)', () => {
    const l = pair('A', '2024-05-01', '2024-06-01', '1000', '10', '20');
    expect(pence(year(compute(l, { kind: 'trust' }), '2024-25').annualExemptAmount)).toBe('1500.00');
    expect(pence(year(compute(l, { kind: 'trust' }), '2024-25').taxableGain)).toBe('8500.00');
    expect(
      pence(year(compute(l, { kind: 'trust', vulnerableBeneficiaryTrust: true }), '2024-25').annualExemptAmount),
    ).toBe('3000.00');
    expect(
      pence(
        year(compute(pair('A', '2019-05-01', '2019-06-01', '1', '1', '2'), { kind: 'trust' }), '2019-20')
          .annualExemptAmount,
      ),
    ).toBe('6000.00');
  });

  it('when personal representatives dispose, then they have the full amount in the year of death and the two following only', () => {
    const pr = { kind: 'personal-representatives' as const, dateOfDeath: '2021-08-01' }; // tax year 2021-22
    const l = [
      ...pair('A', '2021-09-01', '2021-10-01', '1', '1', '2'),
      ...pair('B', '2023-09-01', '2023-10-01', '1', '1', '2'),
      ...pair('C', '2024-09-01', '2024-10-01', '1', '1', '2'),
    ];
    const c = compute(l, pr);
    expect(pence(year(c, '2021-22').annualExemptAmount)).toBe('12300.00');
    expect(pence(year(c, '2023-24').annualExemptAmount)).toBe('6000.00');
    expect(pence(year(c, '2024-25').annualExemptAmount)).toBe('0.00');
  });

  it("when the client has an exempt amount override, then it replaces the year's amount", () => {
    const c = compute(pair('A', '2024-05-01', '2024-06-01', '1000', '10', '20'), {
      kind: 'individual',
      annualExemptAmountOverrides: { '2024-25': '1000' },
    });
    expect(pence(year(c, '2024-25').taxableGain)).toBe('9000.00');
  });

  it('when the annual exempt amounts are looked up, then they follow the reference data (£11,100 in 2015-16 to £3,000 from 2024-25)', () => {
    const expected: Record<string, string> = {
      '2015-16': '11100.00',
      '2016-17': '11100.00',
      '2017-18': '11300.00',
      '2018-19': '11700.00',
      '2019-20': '12000.00',
      '2020-21': '12300.00',
      '2021-22': '12300.00',
      '2022-23': '12300.00',
      '2023-24': '6000.00',
      '2024-25': '3000.00',
      '2025-26': '3000.00',
    };
    const l = Object.keys(expected).flatMap((label, i) =>
      pair(`S${i}`, `${label.slice(0, 4)}-06-01`, `${label.slice(0, 4)}-07-01`, '1', '1', '2'),
    );
    const c = compute(l);
    for (const [label, amount] of Object.entries(expected))
      expect(pence(year(c, label).annualExemptAmount)).toBe(amount);
  });

  it('when a company has gains, then there is no exempt amount and brought-forward losses are used in full', () => {
    const c = compute(pair('A', '2022-05-01', '2022-06-01', '1000', '10', '12'), {
      kind: 'company',
      lossesBroughtForward: '500',
    });
    const y = year(c, '2022-23');
    expect(pence(y.annualExemptAmount)).toBe('0.00');
    expect(pence(y.lossesBroughtForwardUsed)).toBe('500.00');
    expect(pence(y.taxableGain)).toBe('1500.00');
  });

  it('when gilts and offshore non-reporting funds are sold, then their gains are exempt or income, not capital', () => {
    const c = compute(
      [
        ...pair('GILT', '2022-05-01', '2022-06-01', '1000', '100', '101'), // exempt gain 1,000
        ...pair('GILT2', '2022-05-01', '2022-06-01', '1000', '100', '99.5'), // exempt loss 500
        ...pair('OFFSHORE', '2022-05-01', '2022-06-01', '100', '10', '30'), // income gain 2,000
        ...pair('OFFSHORE2', '2022-05-01', '2022-06-01', '100', '10', '7'), // loss 300: an allowable capital loss
        ...pair('EQ', '2022-05-01', '2022-06-01', '100', '10', '50'), // capital gain 4,000
      ],
      { kind: 'individual' },
      {
        securities: {
          GILT: { gainClass: 'exempt' },
          GILT2: { gainClass: 'exempt' },
          OFFSHORE: { gainClass: 'income' },
          OFFSHORE2: { gainClass: 'income' },
        },
      },
    );
    const y = year(c, '2022-23');
    expect(pence(y.exemptGains)).toBe('1000.00');
    expect(pence(y.exemptLosses)).toBe('500.00');
    expect(pence(y.incomeGains)).toBe('2000.00');
    expect(pence(y.gains)).toBe('4000.00');
    expect(pence(y.losses)).toBe('300.00');
    expect(pence(y.netGains)).toBe('3700.00');
  });

  it('when a year sums hundreds of gains over unrelated denominators, then its gains are the sum of their penny lines', () => {
    // 300 securities, each 1,001 + 2i shares bought for £1,370.37 and 3 of them sold in 2020-21: each sale's cost
    // is 1,370.37 x 3 / (1,001 + 2i), over a denominator of its own. Each gain is presented to the penny (half
    // away from zero), and the year's gains are those lines added up: no fraction of a penny left over.
    const rows: LedgerTransaction[] = [];
    for (let i = 0; i < 300; i++) {
      const security = `S${i}`;
      rows.push({ ...tx('2020-04-06', 'BUY', security, String(1001 + 2 * i)), amount: '1370.37' });
      rows.push(tx(new Date(Date.UTC(2020, 5, 1 + i)).toISOString().slice(0, 10), 'SELL', security, '3', '2'));
    }
    const c = compute(rows);
    // Each disposal's gain rounded independently, on BigInts: |n| x 100 / d, half away from zero.
    let lines = 0n;
    for (const disposal of c.disposals) {
      const [gn, gd = '1'] = disposal.gain.toFraction().split('/');
      const n = BigInt(gn);
      const d = BigInt(gd);
      const abs = ((n < 0n ? -n : n) * 200n + d) / (2n * d);
      lines += n < 0n ? -abs : abs;
    }
    expect(c.disposals).toHaveLength(300);
    const y = year(c, '2020-21');
    expect(y.gains.add(y.losses.neg()).toString()).toBe(Rational.fromBigInts(lines, 100n).toString());
    expect(pence(y.netGains)).toBe(Rational.fromBigInts(lines, 100n).toFixed(2));
  });

  it("when shares go to a spouse, then the transfer is shown but not counted in the year's disposals, proceeds or costs", () => {
    // 1,000 A bought at £10 (£10,000). 400 to the spouse: no gain, no loss (s58), deemed proceeds = cost =
    // 400/1,000 x £10,000 = £4,000; not a disposal to report on SA108 (SA108 notes: leave out transfers to a
    // spouse or civil partner). 600 sold at £15: proceeds £9,000, cost 600/600 x £6,000 = £6,000, gain £3,000.
    // The year: 1 disposal, proceeds £9,000, allowable costs £6,000, gains £3,000.
    const c = compute([
      tx('2022-05-01', 'BUY', 'A', '1000', '10'),
      tx('2022-06-01', 'SPOUSE_OUT', 'A', '400'),
      tx('2022-07-01', 'SELL', 'A', '600', '15'),
    ]);
    expect(c.disposals.map((d) => [d.kind, pence(d.proceeds), pence(d.allowableCost), pence(d.gain)])).toEqual([
      ['spouse', '4000.00', '4000.00', '0.00'],
      ['sale', '9000.00', '6000.00', '3000.00'],
    ]);
    const y = year(c, '2022-23');
    expect(y.disposalCount).toBe(1);
    expect(pence(y.proceeds)).toBe('9000.00');
    expect(pence(y.allowableCosts)).toBe('6000.00');
    expect(pence(y.gains)).toBe('3000.00');
    const shown = presentComputation(c).taxYears[0];
    expect(shown.numberOfDisposals).toBe(1);
    expect(shown.sa108).toMatchObject({ numberOfDisposals: 1, disposalProceeds: '9000', allowableCosts: '6000' });
    expect(shown.disposals).toHaveLength(2);
  });

  it("when a trust is one of a group of settlements, then its exempt amount is divided between them, not below a tenth of an individual's (Sch 1 para 2, CG18206)", () => {
    const aea = (startYear: string, label: string, settlementsInGroup: number) =>
      pence(
        year(
          compute(pair('A', `${startYear}-05-01`, `${startYear}-06-01`, '1', '1', '2'), {
            kind: 'trust',
            settlementsInGroup,
          }),
          label,
        ).annualExemptAmount,
      );
    // 2024-25: individual £3,000, a trust half, £1,500. Three settlements: £500 each. Six: £250, below the
    // minimum of a tenth of £3,000, so £300. One: not divided.
    expect(aea('2024', '2024-25', 3)).toBe('500.00');
    expect(aea('2024', '2024-25', 6)).toBe('300.00');
    expect(aea('2024', '2024-25', 1)).toBe('1500.00');
    // 2019-20: individual £12,000, trust £6,000. Four settlements: £1,500. Ten: £600, below £1,200, so £1,200.
    expect(aea('2019', '2019-20', 4)).toBe('1500.00');
    expect(aea('2019', '2019-20', 10)).toBe('1200.00');
  });

  it('when gains are attributed to the taxpayer for a year, then they join its gains before losses and the exempt amount', () => {
    // 2023-24 (exempt amount £6,000): a gain of £2,000 (A) and a loss of £1,000 (B); £7,000 attributed (s87).
    // Gains 2,000 + 7,000 = 9,000; losses 1,000; net 8,000; above the exempt amount by 2,000.
    // The year's proceeds and allowable costs are the disposals' alone: proceeds 3,000 + 1,000 = 4,000; costs
    // 1,000 + 2,000 = 3,000. (The losses brought forward come into the first year, 2022-23, below.)
    const c = compute(
      [
        ...pair('A', '2023-05-01', '2023-06-01', '1000', '1', '3'),
        ...pair('B', '2023-05-01', '2023-07-01', '1000', '2', '1'),
      ],
      { kind: 'individual', lossesBroughtForward: '5000', attributedGains: { '2023-24': '7000', '2022-23': '15000' } },
    );
    // 2022-23: only the £15,000 attributed: above the £12,300 exempt amount by 2,700, met by 2,700 of the 5,000
    // brought forward; taxable nil; 2,300 carried into 2023-24.
    const first = year(c, '2022-23');
    expect([pence(first.gains), pence(first.attributedGains), first.disposalCount]).toEqual([
      '15000.00',
      '15000.00',
      0,
    ]);
    expect(pence(first.lossesBroughtForwardUsed)).toBe('2700.00');
    expect(pence(first.taxableGain)).toBe('0.00');
    expect(pence(first.lossesCarriedForward)).toBe('2300.00');
    // 2023-24: net 8,000, above £6,000 by 2,000; 2,000 of the 2,300 used; taxable nil; 300 carried forward.
    const y = year(c, '2023-24');
    expect(pence(y.attributedGains)).toBe('7000.00');
    expect(pence(y.gains)).toBe('9000.00');
    expect(pence(y.losses)).toBe('1000.00');
    expect(pence(y.netGains)).toBe('8000.00');
    expect(pence(y.lossesBroughtForwardUsed)).toBe('2000.00');
    expect(pence(y.taxableGain)).toBe('0.00');
    expect(pence(y.lossesCarriedForward)).toBe('300.00');
    expect(pence(y.proceeds)).toBe('4000.00');
    expect(pence(y.allowableCosts)).toBe('3000.00');
  });

  it('when a company gives its accounting year end, then its results are grouped by accounting period, not tax year', () => {
    // A company with a 31 December year end buys 1,000 X at £1 (1 Mar 2022; no indexation after December 2017).
    // 15 Nov 2022 sells 500 at £0.50: a loss of £250, in the year to 31 December 2022.
    // 10 Feb 2023 sells 500 at £3: a gain of £1,000, in the year to 31 December 2023, against which the £250
    // brought forward is set in full (a company): taxable £750.
    // Both sales are in tax year 2022-23: grouped by tax year they are one year, net gains £750.
    const rows = [
      tx('2022-03-01', 'BUY', 'X', '1000', '1'),
      tx('2022-11-15', 'SELL', 'X', '500', '0.50'),
      tx('2023-02-10', 'SELL', 'X', '500', '3'),
    ];
    const c = compute(rows, { kind: 'company', accountingYearEnd: '12-31' });
    expect(c.taxYears.map((y) => [y.taxYear, y.periodStart, y.periodEnd])).toEqual([
      ['year to 2022-12-31', '2022-01-01', '2022-12-31'],
      ['year to 2023-12-31', '2023-01-01', '2023-12-31'],
    ]);
    expect(c.disposals.map((d) => d.taxYear)).toEqual(['year to 2022-12-31', 'year to 2023-12-31']);
    const [first, second] = c.taxYears;
    expect([pence(first.losses), pence(first.lossesCarriedForward)]).toEqual(['250.00', '250.00']);
    expect([pence(second.gains), pence(second.lossesBroughtForwardUsed), pence(second.taxableGain)]).toEqual([
      '1000.00',
      '250.00',
      '750.00',
    ]);
    const byTaxYear = compute(rows, { kind: 'company' });
    expect(byTaxYear.taxYears.map((y) => [y.taxYear, y.periodStart, y.periodEnd, pence(y.netGains)])).toEqual([
      ['2022-23', '2022-04-06', '2023-04-05', '750.00'],
    ]);
  });

  it('when the year end is 31 March, then a disposal on 31 March closes a period and one on 1 April opens the next', () => {
    const c = compute(
      [
        tx('2022-06-01', 'BUY', 'X', '1000', '1'),
        tx('2023-03-31', 'SELL', 'X', '100', '2'),
        tx('2023-04-01', 'SELL', 'X', '100', '2'),
      ],
      { kind: 'company', accountingYearEnd: '03-31' },
    );
    expect(c.taxYears.map((y) => [y.taxYear, y.periodStart, y.periodEnd, y.disposalCount])).toEqual([
      ['year to 2023-03-31', '2022-04-01', '2023-03-31', 1],
      ['year to 2024-03-31', '2023-04-01', '2024-03-31', 1],
    ]);
  });
});
