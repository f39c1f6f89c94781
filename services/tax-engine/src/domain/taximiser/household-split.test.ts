import { describe, expect, it } from 'vitest';
import { Rational } from '../../engine/arithmetic';
import { splitHouseholdTarget } from './household-split';

const r = (t: string) => Rational.parse(t);
const split = (target: string, free: [string, string], rest: [string, string]) =>
  splitHouseholdTarget(r(target), [r(free[0]), r(free[1])], [r(rest[0]), r(rest[1])]).map((s) => [
    s.target.toFixed(2),
    s.free.toFixed(2),
  ]);

describe('a household target split between two people', () => {
  it('within what both can realise free of tax: in proportion to it', () => {
    // 6,000 of 9,000 and 3,000 free: two thirds and one third of 4,500.
    expect(split('4500', ['6000', '3000'], ['50000', '50000'])).toEqual([
      ['3000.00', '3000.00'],
      ['1500.00', '1500.00'],
    ]);
  });

  it('past it: each takes their free part, and the rest by what they could still sell', () => {
    // 10,000 - 9,000 free = 1,000 over, split 30,000 : 10,000: 750 and 250.
    expect(split('10000', ['6000', '3000'], ['30000', '10000'])).toEqual([
      ['6750.00', '6000.00'],
      ['3250.00', '3000.00'],
    ]);
  });

  it('rounds the client’s part down to the penny and gives the spouse the rest: the parts add up', () => {
    // 100.00 x 100 / 300 = 33.333... -> 33.33; 66.67 for the spouse.
    expect(split('100', ['100', '200'], ['0', '0'])).toEqual([
      ['33.33', '33.33'],
      ['66.67', '66.67'],
    ]);
  });

  it('halves what is over when neither has anything free or left to sell', () => {
    expect(split('1000.01', ['0', '0'], ['0', '0'])).toEqual([
      ['500.00', '0.00'],
      ['500.01', '0.00'],
    ]);
  });
});
