import type { AssetClass, CgtClass } from '@gains/contracts';
import { isinFromSedol, withIsinCheckDigit, withSedolCheckDigit } from '@gains/contracts/security-codes';
import { addDays, businessDays } from './calendar';
import { prng } from './prng';

/**
 * The demo's securities and prices: invented names, real-looking codes (valid check digits), business-day
 * prices since 2015 moving as a random walk. Pure and deterministic: the same PRNG seeds give the same data;
 * only how far the walk runs depends on the day it is seeded (`today`). The securities service seeds them;
 * the clients service fills its read model of securities and prices its demo ledgers from the same walk.
 */

export { businessDays, prng };

/**
 * The walk starts here for every security, whatever the day, so a date's price never depends on when it was
 * seeded. Early enough for the demo ledgers, which start in 2015.
 */
export const DEMO_EPOCH = '2015-01-05';

export const DEMO_CURRENCIES = [
  { isoCode: 'GBP', name: 'Pound sterling', decimalPlaces: 2 },
  { isoCode: 'USD', name: 'US dollar', decimalPlaces: 2 },
  { isoCode: 'EUR', name: 'Euro', decimalPlaces: 2 },
  { isoCode: 'CHF', name: 'Swiss franc', decimalPlaces: 2 },
  { isoCode: 'JPY', name: 'Japanese yen', decimalPlaces: 0 },
  { isoCode: 'CAD', name: 'Canadian dollar', decimalPlaces: 2 },
  { isoCode: 'AUD', name: 'Australian dollar', decimalPlaces: 2 },
  { isoCode: 'HKD', name: 'Hong Kong dollar', decimalPlaces: 2 },
  { isoCode: 'SEK', name: 'Swedish krona', decimalPlaces: 2 },
  { isoCode: 'NOK', name: 'Norwegian krone', decimalPlaces: 2 },
  { isoCode: 'DKK', name: 'Danish krone', decimalPlaces: 2 },
  { isoCode: 'SGD', name: 'Singapore dollar', decimalPlaces: 2 },
  { isoCode: 'ZAR', name: 'South African rand', decimalPlaces: 2 },
  { isoCode: 'NZD', name: 'New Zealand dollar', decimalPlaces: 2 },
] as const;

/** Daily FX rates (GBP per unit) are generated for these, starting near these levels. */
export const DEMO_FX_START: Record<string, number> = { USD: 0.73, EUR: 0.89, CHF: 0.82, JPY: 0.0071 };

export interface DemoIssuer {
  key: string;
  name: string;
  longName: string;
}

export interface DemoSecurity {
  /** 1-based, the order of insertion: the security's id in a freshly seeded database. */
  n: number;
  sedol: string;
  isin: string;
  issuerKey: string;
  securityName: string;
  reportingName: string;
  description: string;
  longDescription: string;
  currency: string;
  assetClass: AssetClass;
  /** As the securities service's rules derive it from the asset class (its tests check they agree). */
  cgtClass: CgtClass;
  quantityDecimalPlaces: number;
  status: 'ACTIVE' | 'DELISTED';
  startPrice: number;
  dailyVol: number;
  drift: number;
  decimals: number;
}

const PLACES = [
  'Aldwych',
  'Barrowden',
  'Calderbrook',
  'Dunmore',
  'Elmstead',
  'Fenwick',
  'Glenmoor',
  'Harcourt',
  'Ivybridge',
  'Juniper',
  'Kingsmere',
  'Larkhill',
  'Marlowe',
  'Northgate',
  'Oakhurst',
  'Pembury',
  'Queensbury',
  'Ravenscar',
  'Stourport',
  'Thornbury',
  'Ullswater',
  'Valebridge',
  'Westcombe',
  'Yarrow',
  'Ashdown',
  'Bramley',
  'Coldharbour',
  'Dovecote',
  'Eastleigh',
  'Foxley',
  'Greystone',
  'Holloway',
  'Ilkley',
  'Kestrel',
  'Lindley',
  'Mayfield',
  'Newbury',
  'Orwell',
  'Pentland',
  'Quarrydale',
  'Redmire',
  'Saltcote',
  'Tamworth',
  'Upton',
  'Wexcombe',
  'Wyvern',
  'Blackwater',
  'Cranford',
  'Davenport',
  'Evesham',
];
const SECTORS = [
  'Mining',
  'Pharmaceuticals',
  'Engineering',
  'Retail',
  'Telecom',
  'Energy',
  'Insurance',
  'Property',
  'Brewing',
  'Logistics',
  'Software',
  'Aerospace',
  'Foods',
  'Utilities',
  'Media',
  'Chemicals',
  'Banking',
  'Homes',
  'Textiles',
  'Shipping',
];
const FORMS = ['plc', 'Group plc', 'Holdings plc'];
const NOMINALS = ['1p', '5p', '10p', '25p', '50p'];
const MANAGERS = ['Marlowe', 'Pentland', 'Ravenscar', 'Thornbury', 'Westcombe', 'Kestrel', 'Orwell', 'Greystone'];
const FUND_THEMES = [
  'UK Equity Income',
  'UK Growth',
  'Global Equity',
  'Strategic Bond',
  'Corporate Bond',
  'European Opportunities',
  'Asia Pacific',
  'Smaller Companies',
  'Multi-Asset Balanced',
  'Sustainable Leaders',
  'North American',
  'Japan',
  'Emerging Markets',
  'Property Securities',
  'Cautious Managed',
  'Global Technology',
  'Monthly Income',
  'UK Mid Cap',
  'Index Tracker',
  'Absolute Return',
  'Defensive Growth',
  'Global Infrastructure',
  'Dividend Growth',
  'UK Opportunities',
  'Global Healthcare',
];
const TRUST_THEMES = [
  'Investment Trust plc',
  'Global Investors plc',
  'Income Trust plc',
  'Smaller Companies Trust plc',
  'Growth Trust plc',
  'Capital Trust plc',
];
const SEDOL_CHARS = '0123456789BCDFGHJKLMNPQRSTVWXYZ';

/** The treatment of the asset classes the demo uses (securities' ASSET_CLASS_CGT; its tests check they agree). */
const DEMO_CGT_CLASS: Record<AssetClass, CgtClass> = {
  EQUITY: 'CAPITAL',
  INVESTMENT_TRUST: 'CAPITAL',
  UNIT_TRUST_INCOME: 'CAPITAL',
  UNIT_TRUST_ACCUMULATION: 'CAPITAL',
  REPORTING_OFFSHORE_FUND: 'CAPITAL',
  NON_REPORTING_OFFSHORE_FUND: 'INCOME_GAIN',
  GILT: 'EXEMPT',
  QUALIFYING_CORPORATE_BOND: 'EXEMPT',
  OTHER_BOND: 'CAPITAL',
  CASH: 'EXEMPT',
};

export const DEMO_COUNTS = { equities: 200, trusts: 36, oeicFunds: 25, offshore: 2, gilts: 10, qcbs: 2 };

/** The demo's corporate events, for the ledger issue's demo ledgers (also in services/securities/README.md). */
export const DEMO_CORPORATE_EVENTS = {
  /** Security n=4 subdivides each share into 10 from this date: its price divides by 10. */
  split: { securityN: 4, date: '2024-05-13', ratio: 10 },
  /**
   * Security n=8 is taken over by security n=12: each share becomes 0.5 of n=12's shares plus 1.20 GBP cash,
   * effective on `date`; n=8 has no price after its last day, `lastPriceDate`, and is DELISTED.
   */
  takeover: { targetN: 8, acquirerN: 12, date: '2025-09-15', lastPriceDate: '2025-09-12', shares: '0.5', cash: '1.20' },
} as const;

export interface DemoData {
  issuers: DemoIssuer[];
  securities: DemoSecurity[];
}

export function generateDemoSecurities(seed = 20261126): DemoData {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sedols = new Set<string>();
  const newSedol = () => {
    for (;;) {
      let body = 'B';
      for (let i = 0; i < 5; i++) body += SEDOL_CHARS[Math.floor(rnd() * SEDOL_CHARS.length)];
      const sedol = withSedolCheckDigit(body);
      if (!sedols.has(sedol)) {
        sedols.add(sedol);
        return sedol;
      }
    }
  };
  const issuers: DemoIssuer[] = [];
  const securities: DemoSecurity[] = [];
  const add = (s: Omit<DemoSecurity, 'n' | 'cgtClass' | 'status'>) => {
    securities.push({ ...s, n: securities.length + 1, cgtClass: DEMO_CGT_CLASS[s.assetClass], status: 'ACTIVE' });
  };

  // UK equities: one issuer each.
  const names = new Set<string>();
  const companies: { key: string; short: string }[] = [];
  while (companies.length < DEMO_COUNTS.equities) {
    const short = `${pick(PLACES)} ${pick(SECTORS)}`;
    if (names.has(short)) continue;
    names.add(short);
    const form = pick(FORMS);
    const key = `eq:${short}`;
    issuers.push({ key, name: short, longName: `${short} ${form}` });
    companies.push({ key, short });
    const sedol = newSedol();
    const nominal = pick(NOMINALS);
    add({
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuerKey: key,
      securityName: `${short} ${form} Ordinary ${nominal}`,
      reportingName: short,
      description: `Ordinary shares of ${nominal}`,
      longDescription: `${short} ${form}: ordinary shares of ${nominal} each, listed on the London Stock Exchange.`,
      currency: 'GBP',
      assetClass: 'EQUITY',
      quantityDecimalPlaces: 0,
      startPrice: 0.5 + rnd() * 30,
      dailyVol: 0.008 + rnd() * 0.014,
      drift: (rnd() - 0.4) * 0.0004,
      decimals: 4,
    });
  }

  // Investment trusts.
  for (let i = 0; i < DEMO_COUNTS.trusts; i++) {
    const place = PLACES[(i * 7 + 3) % PLACES.length]!;
    const theme = TRUST_THEMES[i % TRUST_THEMES.length]!;
    const name = `${place} ${theme}`;
    const key = `it:${name}`;
    issuers.push({ key, name: name.replace(/ plc$/, ''), longName: name });
    const sedol = newSedol();
    add({
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuerKey: key,
      securityName: `${name} Ordinary 25p`,
      reportingName: name.replace(/ plc$/, ''),
      description: 'Investment trust ordinary shares',
      longDescription: `${name}: a closed-ended investment company; ordinary shares of 25p each.`,
      currency: 'GBP',
      assetClass: 'INVESTMENT_TRUST',
      quantityDecimalPlaces: 0,
      startPrice: 1 + rnd() * 12,
      dailyVol: 0.006 + rnd() * 0.008,
      drift: (rnd() - 0.35) * 0.0003,
      decimals: 4,
    });
  }

  // OEICs: income and accumulation units of each fund, from a handful of managers.
  for (const manager of MANAGERS) {
    issuers.push({
      key: `fm:${manager}`,
      name: `${manager} Fund Managers`,
      longName: `${manager} Fund Managers Limited`,
    });
  }
  for (let i = 0; i < DEMO_COUNTS.oeicFunds; i++) {
    const manager = MANAGERS[i % MANAGERS.length]!;
    const fund = `${manager} ${FUND_THEMES[i]!} Fund`;
    const start = 0.8 + rnd() * 3;
    const vol = 0.003 + rnd() * 0.007;
    const drift = (rnd() - 0.3) * 0.0002;
    for (const [units, assetClass, uplift] of [
      ['Inc', 'UNIT_TRUST_INCOME', 1],
      ['Acc', 'UNIT_TRUST_ACCUMULATION', 1.35],
    ] as const) {
      const sedol = newSedol();
      add({
        sedol,
        isin: isinFromSedol('GB', sedol),
        issuerKey: `fm:${manager}`,
        securityName: `${fund} B ${units}`,
        reportingName: `${fund} ${units === 'Inc' ? 'Income' : 'Accumulation'}`,
        description: `OEIC, class B ${units === 'Inc' ? 'income' : 'accumulation'} units`,
        longDescription: `${fund}, a sub-fund of ${manager} Investment Funds ICVC; class B ${units === 'Inc' ? 'income' : 'accumulation'} shares.`,
        currency: 'GBP',
        assetClass,
        quantityDecimalPlaces: 3,
        startPrice: start * uplift,
        dailyVol: vol,
        drift,
        decimals: 4,
      });
    }
  }

  // Two offshore funds without reporting status (income gains on disposal).
  const offshore = [
    { place: 'Orwell', name: 'Orwell Global Macro Fund Ltd', currency: 'USD', country: 'KY' },
    { place: 'Saltcote', name: 'Saltcote European Credit Fund', currency: 'EUR', country: 'IE' },
  ];
  for (const o of offshore) {
    const key = `off:${o.name}`;
    issuers.push({ key, name: o.name.replace(/ Ltd$/, ''), longName: o.name });
    const sedol = newSedol();
    let body = '';
    for (let i = 0; i < 9; i++) body += SEDOL_CHARS[Math.floor(rnd() * SEDOL_CHARS.length)];
    add({
      sedol,
      isin: o.country === 'IE' ? isinFromSedol('IE', sedol) : withIsinCheckDigit(`${o.country}${body}`),
      issuerKey: key,
      securityName: `${o.name} ${o.currency} Class A`,
      reportingName: `${o.name.replace(/ Ltd$/, '')} ${o.currency}`,
      description: 'Offshore fund without UK reporting status',
      longDescription: `${o.name}: an offshore fund that has not been a reporting fund; gains on disposal are offshore income gains.`,
      currency: o.currency,
      assetClass: 'NON_REPORTING_OFFSHORE_FUND',
      quantityDecimalPlaces: 3,
      startPrice: 100 + rnd() * 50,
      dailyVol: 0.004,
      drift: 0.0001,
      decimals: 4,
    });
  }

  // Ten gilts (exempt), priced per 100 nominal.
  issuers.push({ key: 'gilt', name: 'HM Treasury', longName: 'The Commissioners of His Majesty\u2019s Treasury' });
  const gilts = [
    ['0.125%', 2028],
    ['4.5%', 2028],
    ['0.875%', 2029],
    ['4.125%', 2029],
    ['0.375%', 2030],
    ['4.25%', 2032],
    ['0.625%', 2035],
    ['4.5%', 2034],
    ['1.75%', 2037],
    ['4%', 2060],
  ] as const;
  for (const [coupon, year] of gilts) {
    const sedol = newSedol();
    const low = Number.parseFloat(coupon) < 2;
    add({
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuerKey: 'gilt',
      securityName: `Treasury ${coupon} ${year}`,
      reportingName: `UK Treasury ${coupon} ${year}`,
      description: `UK Government gilt, ${coupon} coupon, redeemable ${year}`,
      longDescription: `${coupon} Treasury Gilt ${year}: a conventional gilt paying half-yearly coupons, redeemable at par in ${year}.`,
      currency: 'GBP',
      assetClass: 'GILT',
      quantityDecimalPlaces: 2,
      startPrice: low ? 85 + rnd() * 10 : 100 + rnd() * 8,
      dailyVol: 0.002 + (year - 2027) * 0.0001,
      drift: 0,
      decimals: 3,
    });
  }

  // Two qualifying corporate bonds (exempt), from two of the equity issuers.
  for (const [i, coupon, year] of [
    [20, '5.25%', 2031],
    [45, '6.125%', 2033],
  ] as const) {
    const company = companies[i]!;
    const sedol = newSedol();
    add({
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuerKey: company.key,
      securityName: `${company.short} ${coupon} Guaranteed Notes ${year}`,
      reportingName: `${company.short} ${coupon} ${year}`,
      description: `Sterling fixed-rate notes, ${coupon}, ${year}`,
      longDescription: `${company.short} ${coupon} guaranteed notes due ${year}: sterling, not convertible, a qualifying corporate bond.`,
      currency: 'GBP',
      assetClass: 'QUALIFYING_CORPORATE_BOND',
      quantityDecimalPlaces: 2,
      startPrice: 98 + rnd() * 6,
      dailyVol: 0.0025,
      drift: 0,
      decimals: 3,
    });
  }
  const target = securities[DEMO_CORPORATE_EVENTS.takeover.targetN - 1]!;
  target.status = 'DELISTED';
  return { issuers, securities };
}

/**
 * A security's daily closes on `days` (which start at DEMO_EPOCH): a geometric random walk seeded by its
 * number, with the demo's split and takeover applied. Prices before `from` are walked but not returned.
 */
export function demoPrices(
  s: DemoSecurity,
  days: readonly string[],
  from: string,
  acquirerPrice?: (date: string) => number | undefined,
): { date: string; price: string }[] {
  const rnd = prng(0x5eed0000 + s.n * 7919);
  const out: { date: string; price: string }[] = [];
  const { split, takeover } = DEMO_CORPORATE_EVENTS;
  let p = s.startPrice;
  for (const date of days) {
    // Box-Muller: a normal step.
    const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    p *= Math.exp(s.drift + s.dailyVol * z);
    if (s.assetClass === 'GILT' || s.assetClass === 'QUALIFYING_CORPORATE_BOND') p += (100 - p) * 0.0015;
    let price = p;
    if (s.n === split.securityN && date >= split.date) price = p / split.ratio;
    if (s.n === takeover.targetN) {
      if (date > takeover.lastPriceDate) break;
      const offer = acquirerPrice?.(date);
      // After the announcement (three months before completion) the price trades just under the offer.
      if (offer !== undefined && date >= addDays(takeover.date, -91)) {
        price = (offer * Number(takeover.shares) + Number(takeover.cash)) * 0.985;
      }
    }
    if (date >= from) out.push({ date, price: price.toFixed(s.decimals) });
  }
  return out;
}

/** Daily GBP-per-unit rates of a currency on `days`, seeded by its code. */
export function demoFxRates(currency: string, days: readonly string[], from: string): { date: string; rate: string }[] {
  const rnd = prng([...currency].reduce((h, ch) => h * 31 + ch.charCodeAt(0), 7));
  let r = DEMO_FX_START[currency]!;
  const out: { date: string; rate: string }[] = [];
  for (const date of days) {
    const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    r *= Math.exp(0.004 * z);
    if (date >= from) out.push({ date, rate: r.toPrecision(8) });
  }
  return out;
}
