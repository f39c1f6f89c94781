import type { PriceUploadProblem } from '@gains/contracts';
import { canonicalDecimal, positiveDecimalProblem } from './decimal-rules';
import { pastDateProblem } from './date-rules';

/**
 * The price upload file (Administration > Security Prices): CSV with the header
 * `security,date,price,currency`; security is a SEDOL, an ISIN or a security id. Pure: the
 * securities and currencies known, and today, are passed in. All or nothing: every bad line is named
 * and nothing is accepted unless every line is good.
 */

export const PRICE_UPLOAD_HEADER = ['security', 'date', 'price', 'currency'] as const;
export const PRICE_UPLOAD_MAX_LINES = 50_000;
export const PRICE_SCALE = 8;

export interface KnownSecurity {
  id: number;
  currency: string;
}

export interface PriceUploadLookup {
  /** The security a code names: a SEDOL (7), an ISIN (12) or an id (digits). */
  security(code: string): KnownSecurity | undefined;
  currencyExists(isoCode: string): boolean;
}

export interface ParsedPriceLine {
  line: number;
  securityId: number;
  date: string;
  price: string;
  currency: string;
}

export type PriceUploadParse = { ok: true; lines: ParsedPriceLine[] } | { ok: false; problems: PriceUploadProblem[] };

function splitCsvLine(text: string): string[] | undefined {
  // Fields may be quoted ("..."); a quote inside a quoted field is doubled.
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) return undefined;
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else value += text[i++];
      }
      if (i < text.length && text[i] !== ',') return undefined;
    } else {
      const end = text.indexOf(',', i);
      value = end === -1 ? text.slice(i) : text.slice(i, end);
      i = end === -1 ? text.length : end;
    }
    fields.push(value.trim());
    if (i >= text.length) return fields;
    i++; // the comma
  }
}

export function parsePriceUpload(csv: string, lookup: PriceUploadLookup, today: string): PriceUploadParse {
  const problems: PriceUploadProblem[] = [];
  const rows = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (rows.length > 0 && rows[rows.length - 1]!.trim() === '') rows.pop();
  const header = rows.length > 0 ? splitCsvLine(rows[0]!)?.map((h) => h.toLowerCase()) : undefined;
  if (!header || header.join(',') !== PRICE_UPLOAD_HEADER.join(',')) {
    return {
      ok: false,
      problems: [
        { line: 1, field: 'line', message: `The first line must be the header ${PRICE_UPLOAD_HEADER.join(',')}` },
      ],
    };
  }
  if (rows.length < 2) return { ok: false, problems: [{ line: 1, field: 'line', message: 'The file has no prices' }] };
  if (rows.length - 1 > PRICE_UPLOAD_MAX_LINES) {
    return {
      ok: false,
      problems: [{ line: 1, field: 'line', message: `The file may hold at most ${PRICE_UPLOAD_MAX_LINES} prices` }],
    };
  }
  const lines: ParsedPriceLine[] = [];
  const seen = new Map<string, { line: number; price: string }>();
  for (let index = 1; index < rows.length; index++) {
    const line = index + 1;
    const text = rows[index]!;
    if (text.trim() === '') {
      problems.push({ line, field: 'line', message: 'The line is empty' });
      continue;
    }
    const fields = splitCsvLine(text);
    if (!fields || fields.length !== 4) {
      problems.push({ line, field: 'line', message: 'The line must have 4 fields: security,date,price,currency' });
      continue;
    }
    const [code, date, price, currency] = fields as [string, string, string, string];
    const before = problems.length;
    const security = code ? lookup.security(code.toUpperCase()) : undefined;
    if (!code) problems.push({ line, field: 'security', message: 'security is required (a SEDOL, ISIN or id)' });
    else if (!security) problems.push({ line, field: 'security', message: `No security has the code ${code}` });
    const dateBad = pastDateProblem('date', date, today);
    if (dateBad) problems.push({ line, field: 'date', message: dateBad });
    const priceBad = positiveDecimalProblem('price', price, PRICE_SCALE);
    if (priceBad) problems.push({ line, field: 'price', message: priceBad });
    const iso = currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(iso))
      problems.push({ line, field: 'currency', message: 'currency must be a 3-letter ISO code' });
    else if (!lookup.currencyExists(iso))
      problems.push({ line, field: 'currency', message: `Unknown currency ${iso}` });
    else if (security && security.currency !== iso) {
      problems.push({ line, field: 'currency', message: `The security is priced in ${security.currency}, not ${iso}` });
    }
    if (problems.length > before || !security) continue;
    const canonical = canonicalDecimal(price);
    const key = `${security.id}|${date}`;
    const earlier = seen.get(key);
    if (earlier && earlier.price !== canonical) {
      problems.push({
        line,
        field: 'line',
        message: `Line ${earlier.line} gives this security another price on ${date}`,
      });
      continue;
    }
    if (earlier) continue;
    seen.set(key, { line, price: canonical });
    lines.push({ line, securityId: security.id, date, price: canonical, currency: iso });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}
