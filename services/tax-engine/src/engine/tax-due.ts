import type { GainsLosses, RatePeriodTax, TaxDue } from './computation';
import type { Taxpayer } from './ledger';
import { TAX_YEARS } from './periods';
import { Rational, ZERO } from './arithmetic';
import { taxYearLabel } from './tax-years';

/**
 * Capital gains tax due for a tax year at the taxpayer's rates (shares and other assets; not residential property,
 * carried interest or business asset disposal relief), per rate period:
 *
 * - individuals: gains within the basic-rate band left after their income (`basicRateBandRemaining`, a taxpayer
 *   input by tax year) at the lower rate, the rest at the higher: 10% / 20% from 2016-17 to 2023-24; in 2024-25
 *   10% / 20% up to 29 October 2024 and 18% / 24% from 30 October 2024; 18% / 24% from 2025-26; 18% / 28% from
 *   2011-12 to 2015-16; 18% in 2008-09 and 2009-10. Without the band for a year the tax is not worked out.
 * - trusts and personal representatives: one rate, 20% from 2016-17 to 2023-24 (in 2024-25 up to 29 October
 *   2024), 24% from 30 October 2024, 28% from 2011-12 to 2015-16, 18% in 2008-09 and 2009-10.
 * - companies pay corporation tax on their gains: not worked out here; nor for 2010-11 (rates changed on 23 June
 *   2010) and years before 2008-09.
 *
 * 2024-25 (TCGA s1H as amended, HMRC's guidance on the two rate periods): the year's losses, the brought-forward
 * losses used and the exempt amount are set against the gains taxed at the higher rates, those from 30 October
 * 2024, first, as HMRC allows; the basic-rate band is used by the gains up to 29 October 2024 first (there it saves
 * 10p in the pound, after 30 October 6p). Attributed gains (s87, s13) have no date: they are taken as from
 * 30 October 2024 in that year.
 */

interface Rates {
  /** Individuals: within the basic-rate band, and above it (percent). */
  lower: Rational;
  higher: Rational;
  /** Trusts and personal representatives (percent). */
  trust: Rational;
}

const pc = (n: number) => Rational.fromInt(n);
const FLAT_18: Rates = { lower: pc(18), higher: pc(18), trust: pc(18) };
const R_18_28: Rates = { lower: pc(18), higher: pc(28), trust: pc(28) };
const R_10_20: Rates = { lower: pc(10), higher: pc(20), trust: pc(20) };
const R_18_24: Rates = { lower: pc(18), higher: pc(24), trust: pc(24) };
const HUNDRED = pc(100);

/** The rates of a tax year (by the year it starts in) with one rate period, or null when not worked out here. */
function ratesOf(year: number): Rates | null {
  if (year === 2008 || year === 2009) return FLAT_18;
  if (year >= 2011 && year <= 2015) return R_18_28;
  if (year >= 2016 && year <= 2023) return R_10_20;
  if (year >= 2025) return R_18_24;
  return null;
}

export interface TaxYearFigures {
  year: number;
  gains: Rational;
  taxableGain: Rational;
  attributedGains: Rational;
  /** 2024-25: the gains of each rate period (after clogged losses; before other losses). */
  ratePeriods: { upTo29October2024: GainsLosses; from30October2024: GainsLosses } | null;
}

/** The tax due for the year, or null when it is not worked out (see above). */
export function taxDue(taxpayer: Taxpayer, y: TaxYearFigures): TaxDue | null {
  const kind = taxpayer.kind;
  if (kind === 'company') return null;
  let band: Rational | null = null;
  if (kind === 'individual') {
    const text = taxpayer.basicRateBandRemaining?.[taxYearLabel(y.year)];
    band = text === undefined ? null : Rational.tryParse(text);
    if (band === null || band.isNegative()) return null;
  }
  const start = TAX_YEARS.startDate(y.year);
  const end = TAX_YEARS.endDate(y.year);
  if (y.year === 2024 && y.ratePeriods !== null) {
    // Deductions (losses, brought-forward losses used, exempt amount) against the later period's gains first.
    const deductions = y.gains.sub(y.taxableGain);
    const lateGains = y.ratePeriods.from30October2024.gains.add(y.attributedGains);
    const lateTaxable = lateGains.gt(deductions) ? lateGains.sub(deductions) : ZERO;
    const earlyTaxable = y.taxableGain.sub(lateTaxable);
    const earlyBand = band === null ? ZERO : Rational.min(earlyTaxable, band);
    const lateBand = band === null ? ZERO : Rational.min(lateTaxable, band.sub(earlyBand));
    const early = periodTax(
      { period: 'upTo29October2024', from: start, to: '2024-10-29', taxableGain: earlyTaxable, inBand: earlyBand },
      R_10_20,
      kind,
    );
    const late = periodTax(
      { period: 'from30October2024', from: '2024-10-30', to: end, taxableGain: lateTaxable, inBand: lateBand },
      R_18_24,
      kind,
    );
    return { basicRateBandRemaining: band, periods: [early, late], total: early.tax.add(late.tax) };
  }
  const rates = ratesOf(y.year);
  if (rates === null) return null;
  const inBand = band === null ? ZERO : Rational.min(y.taxableGain, band);
  const period = periodTax({ period: 'year', from: start, to: end, taxableGain: y.taxableGain, inBand }, rates, kind);
  return { basicRateBandRemaining: band, periods: [period], total: period.tax };
}

/** A rate period's tax: its taxable gain, the part of it within the basic-rate band left, at the period's rates. */
function periodTax(
  {
    period,
    from,
    to,
    taxableGain,
    inBand,
  }: Pick<RatePeriodTax, 'period' | 'from' | 'to' | 'taxableGain'> & {
    inBand: Rational;
  },
  rates: Rates,
  kind: Taxpayer['kind'],
): RatePeriodTax {
  const individual = kind === 'individual';
  const lowerRate = individual ? rates.lower : rates.trust;
  const higherRate = individual ? rates.higher : rates.trust;
  const lowerRateGain = individual ? inBand : ZERO;
  const higherRateGain = taxableGain.sub(lowerRateGain);
  const tax = lowerRateGain.mul(lowerRate).add(higherRateGain.mul(higherRate)).div(HUNDRED);
  return { period, from, to, taxableGain, lowerRateGain, lowerRate, higherRateGain, higherRate, tax };
}

/** A tax year's rates (percent) as the Reference Data page lists them. */
export interface CgtRatesShown {
  basic: string;
  higher: string;
  trust: string;
  note?: string;
}

/** The rates this engine works the tax due at, by tax year ("2024-25"); null for a year it holds none for. */
export function cgtRatesShown(taxYear: string): CgtRatesShown | null {
  const year = Number(taxYear.slice(0, 4));
  const shown = (r: Rates, note?: string): CgtRatesShown => ({
    basic: r.lower.toFixed(0),
    higher: r.higher.toFixed(0),
    trust: r.trust.toFixed(0),
    ...(note ? { note } : {}),
  });
  if (year === 2024) return shown(R_18_24, 'From 30 October 2024; 10% and 20% (trusts 20%) before');
  if (year === 2010) return shown(R_18_28, 'From 23 June 2010; 18% before (the tax due is not worked out)');
  const rates = ratesOf(year);
  return rates === null ? null : shown(rates);
}
