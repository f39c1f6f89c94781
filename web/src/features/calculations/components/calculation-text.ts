import { formatDate, formatExactQuantity, formatMoney } from '@/lib/format';
import type { CsvFile, Disposal, Match, MatchRule, TaxpayerKind } from '../api/compute-ledger';

export const TAXPAYER_KINDS: { value: TaxpayerKind; label: string }[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'trust', label: 'Trust' },
  { value: 'personal-representatives', label: 'Personal representatives' },
  { value: 'company', label: 'Company' },
];

/** The kind in words; a kind this screen does not know yet shows as the service names it. */
export function taxpayerLabel(kind: string): string {
  return TAXPAYER_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** The share identification rules in words (TCGA 1992 s105, s106A, s107; s104 for the pool). */
const MATCH_RULES: Record<MatchRule, string> = {
  'same-day': 'Same day',
  'thirty-day': 'Bed and breakfast (30 days)',
  'ten-day': 'Within 10 days (company)',
  'section-104': 'Section 104 pool',
  'later-acquisition': 'Later acquisition (s105(2))',
};

export function matchRuleLabel(rule: string): string {
  return MATCH_RULES[rule as MatchRule] ?? rule;
}

/** "Bed and breakfast (30 days) + Section 104 pool"; a disposal the engine could not compute says so. */
export function howMatched(disposal: Disposal): string {
  if (disposal.failure) return 'Not calculated';
  return [...new Set(disposal.matches.map((m) => matchRuleLabel(m.rule)))].join(' + ');
}

/** `SELL` → `Sell`, `GIFT_OUT` → `Gift out`. */
export function transactionTypeLabel(type: string): string {
  const words = type.toLowerCase().replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How the cost of a match was taken, to check by hand. */
export function matchWorking(match: Match): string {
  const pool = match.poolBefore;
  if (match.rule === 'section-104' && pool) {
    if (match.apportionment) {
      return `${formatMoney(pool.cost)} × ${formatMoney(match.apportionment.part)} / ${formatMoney(match.apportionment.whole)}`;
    }
    if (/^0*(\.0*)?$/.test(pool.quantity)) return 'Nothing in the pool';
    return `${formatMoney(pool.cost)} × ${formatExactQuantity(match.quantity)} / ${formatExactQuantity(pool.quantity)}`;
  }
  const acquired = `${formatExactQuantity(match.acquisitionQuantity)} acquired on ${formatDate(match.acquisitionDate)}`;
  return match.quantity === match.acquisitionQuantity
    ? `All ${acquired}`
    : `${formatExactQuantity(match.quantity)} of ${acquired}`;
}

/** "1,500 / £6,280.00" */
export function poolText(pool: { quantity: string; cost: string } | null | undefined): string {
  return pool ? `${formatExactQuantity(pool.quantity)} / ${formatMoney(pool.cost)}` : '-';
}

/** Rows below the header of a CSV file (blank lines do not count). */
export function countRows(text: string): number {
  return Math.max(0, text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length - 1);
}

export function readCsvFile(file: File): Promise<CsvFile> {
  return file.text().then((text) => ({ name: file.name, text, rows: countRows(text) }));
}

/**
 * A refused file's message, one error a line: "The file has 2 errors: ledger file line 2, column quantity: …;
 * ledger file line 3, …" → ["line 2, column quantity: …", "line 3, …"]. The upload it sits under names the file.
 */
export function fileErrorLines(message: string): string[] {
  const body = message.replace(/^The file has (an error|\d+ errors):\s*/, '');
  return body
    .split(/;\s+/)
    .map((line) => line.replace(/^(ledger|prices) file\s+/, '').trim())
    .filter(Boolean);
}

/**
 * A result column's heading: a tax year as HMRC writes it ("2024-25"); a company's accounting period ("year to
 * 2024-12-31") by its dates, "Year to 31/12/2024" and "01/01/2024 to 31/12/2024".
 */
export function periodHeading(year: { taxYear: string; periodStart?: string; periodEnd?: string }): {
  title: string;
  dates?: string;
} {
  if (!/^year to /i.test(year.taxYear) || !year.periodEnd) return { title: year.taxYear };
  return {
    title: `Year to ${formatDate(year.periodEnd)}`,
    dates: year.periodStart ? `${formatDate(year.periodStart)} to ${formatDate(year.periodEnd)}` : undefined,
  };
}
