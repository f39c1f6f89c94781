import type { Dayjs } from 'dayjs';
import type { CsvFile, Taxpayer, TaxpayerKind } from '../api/compute-ledger';

/** One row of a per-tax-year list: "2024-25" and pounds. */
export interface YearAmount {
  year: string;
  amount: string;
}

/** Pounds and pence, grouped or not: 2500, 2,500.00. */
export const POUNDS = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A tax year as HMRC writes it: 2024-25, the second year the one after the first. */
export const isTaxYear = (text: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(text.trim());
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
};
export const poundsText = (text: string) => text.trim().replace(/,/g, '');
/** Settlements in a group as typed: a whole number from 1. */
export const SETTLEMENTS = /^\s*[1-9]\d{0,3}\s*$/;

/** The filled rows as the request's map ("2024-25" -> "1500.00"), or undefined when there are none. */
export function yearAmountsMap(rows: YearAmount[] | undefined): Record<string, string> | undefined {
  const filled = (rows ?? []).filter((r) => r.year.trim());
  return filled.length ? Object.fromEntries(filled.map((r) => [r.year.trim(), poundsText(r.amount)])) : undefined;
}

export interface Values {
  ledgerCsv?: CsvFile;
  pricesCsv?: CsvFile;
  taxpayer: {
    kind: TaxpayerKind;
    vulnerableBeneficiaryTrust: boolean;
    dateOfDeath: Dayjs | null;
    lossesBroughtForward: string;
    /** The annual exempt amount to use instead of the year's, for some tax years. */
    aeaOverrides: YearAmount[];
    /** Trusts: the settlor's settlements, as typed. */
    settlementsInGroup: string;
    /** Companies: "DD/MM". */
    accountingYearEnd: string;
    /** Individuals. */
    basicRateBandRemaining: YearAmount[];
    /** Not companies. */
    attributedGains: YearAmount[];
  };
}

export const INITIAL: Values = {
  taxpayer: {
    kind: 'individual',
    vulnerableBeneficiaryTrust: false,
    dateOfDeath: null,
    lossesBroughtForward: '',
    aeaOverrides: [],
    settlementsInGroup: '',
    accountingYearEnd: '',
    basicRateBandRemaining: [],
    attributedGains: [],
  },
};

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A day and month, "31/12" or "31-12": [day, month], or undefined. */
function dayMonth(text: string): [number, number] | undefined {
  const m = /^(\d{1,2})[/.-](\d{1,2})$/.exec(text.trim());
  if (!m) return undefined;
  const [day, month] = [Number(m[1]), Number(m[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= MONTH_DAYS[month - 1] ? [day, month] : undefined;
}
export const isDayMonth = (text: string) => !!dayMonth(text);
const pad = (n: number) => String(n).padStart(2, '0');
export const FILE_FIELDS = ['ledgerCsv', 'pricesCsv'];
export const TAXPAYER_FIELDS = [
  'kind',
  'vulnerableBeneficiaryTrust',
  'dateOfDeath',
  'lossesBroughtForward',
  'settlementsInGroup',
  'accountingYearEnd',
];
/** The request's per-tax-year maps and the form's lists of rows that hold them. */
export const YEAR_MAPS: Record<string, keyof Values['taxpayer']> = {
  annualExemptAmountOverrides: 'aeaOverrides',
  basicRateBandRemaining: 'basicRateBandRemaining',
  attributedGains: 'attributedGains',
};

/**
 * Where the server's complaint about a per-year map goes (`taxpayer.attributedGains.2024-25`): that year's row's
 * amount, else the list's first row; undefined when the field is not such a map or the list has no rows.
 */
export function yearMapErrorTarget(field: string, values: Values): (string | number)[] | undefined {
  const [head, tail, ...year] = field.split('.');
  if (head !== 'taxpayer' || !(tail in YEAR_MAPS)) return undefined;
  const list = YEAR_MAPS[tail];
  const rows = (values.taxpayer[list] ?? []) as YearAmount[];
  if (!rows.length) return undefined;
  const index = Math.max(
    0,
    rows.findIndex((r) => r.year.trim() === year.join('.')),
  );
  return ['taxpayer', list, index, 'amount'];
}

/** The form's taxpayer as the request's: only what applies to the kind, empty fields left out. */
export function toTaxpayer({ taxpayer }: Values): Taxpayer {
  const losses = poundsText(taxpayer.lossesBroughtForward);
  const overrides = yearAmountsMap(taxpayer.aeaOverrides);
  const settlements = taxpayer.settlementsInGroup?.trim();
  const yearEnd = taxpayer.kind === 'company' ? dayMonth(taxpayer.accountingYearEnd ?? '') : undefined;
  const band = taxpayer.kind === 'individual' ? yearAmountsMap(taxpayer.basicRateBandRemaining) : undefined;
  const attributed = taxpayer.kind !== 'company' ? yearAmountsMap(taxpayer.attributedGains) : undefined;
  return {
    kind: taxpayer.kind,
    ...(taxpayer.kind === 'trust' ? { vulnerableBeneficiaryTrust: taxpayer.vulnerableBeneficiaryTrust } : {}),
    ...(taxpayer.kind === 'trust' && settlements ? { settlementsInGroup: Number(settlements) } : {}),
    ...(taxpayer.kind === 'personal-representatives' && taxpayer.dateOfDeath
      ? { dateOfDeath: taxpayer.dateOfDeath.format('YYYY-MM-DD') }
      : {}),
    ...(yearEnd ? { accountingYearEnd: `${pad(yearEnd[1])}-${pad(yearEnd[0])}` } : {}),
    ...(losses ? { lossesBroughtForward: losses } : {}),
    ...(overrides ? { annualExemptAmountOverrides: overrides } : {}),
    ...(band ? { basicRateBandRemaining: band } : {}),
    ...(attributed ? { attributedGains: attributed } : {}),
  };
}
