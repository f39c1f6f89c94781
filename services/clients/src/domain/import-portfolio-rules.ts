import { DomainError } from '@gains/errors';
import type { ColumnSpec, CsvRow, RejectedRow } from './import-csv';
import { checkPortfolio, type CheckedPortfolio, type RawPortfolio } from './portfolio-rules';

/**
 * The rules of a portfolios import file, pure. A row is the portfolio form's fields, checked by its rules
 * (checkPortfolio); owners are given by client code, `CODE:percentage` separated by `;` (one owner alone may leave
 * out its 100). The code is the natural key: a code of the organisation updates that portfolio (the columns the
 * file leaves out keep their values), a new code creates one, a row that changes nothing is skipped. A portfolio
 * code or an owner that is another organisation's is refused, named as such.
 */

export const PORTFOLIO_COLUMNS: readonly ColumnSpec[] = [
  { name: 'code', aliases: ['portfolio', 'portfolio_code'], required: true },
  { name: 'name', aliases: ['description', 'portfolio_name'], required: true },
  { name: 'type', aliases: ['portfolio_type'] },
  { name: 'state', aliases: ['status'] },
  { name: 'currency', aliases: ['ccy'] },
  { name: 'tax_wrapper', aliases: ['wrapper', 'account_type'] },
  { name: 'owners', aliases: ['owner', 'clients', 'client', 'client_code'] },
];

/** A stored portfolio as an import compares and updates it. */
export interface StoredPortfolio {
  id: number;
  uuid: string;
  version: number;
  code: string;
  name: string;
  type: string;
  state: string;
  currency: string;
  taxWrapper: string;
  owners: { clientUuid: string; percentage: string }[];
}

export interface PortfolioImportLookups {
  /** the organisation's portfolios by code, upper case */
  portfolios: ReadonlyMap<string, StoredPortfolio>;
  /** portfolio codes (upper case) only another organisation has */
  foreignPortfolios: ReadonlySet<string>;
  /** the organisation's clients by code, upper case */
  clients: ReadonlyMap<string, { id: number; uuid: string; code: string }>;
  /** client codes (upper case) only another organisation has */
  foreignClients: ReadonlySet<string>;
}

export interface PreparedPortfolio {
  line: number;
  existing: StoredPortfolio | null;
  portfolio: CheckedPortfolio;
  /** the owners' ids, by client uuid */
  ownerIds: Map<string, number>;
  /** false: the row matches the stored portfolio, nothing to write */
  changed: boolean;
}

// checkPortfolio names fields as the REST body does (`portfolio.taxWrapper`); a rejected row names the column.
const COLUMN_OF: Record<string, string> = { taxWrapper: 'tax_wrapper', owners: 'owners' };

/** The owner codes of an `owners` cell, with their shares as given ('' when left out). */
export function splitOwners(cell: string): { code: string; percentage: string }[] {
  return cell
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [code = '', percentage = ''] = part.split(/[:=]/).map((s) => s.trim());
      return { code, percentage };
    });
}

const PLACEHOLDER: RawPortfolio = {
  code: 'X',
  name: 'X',
  type: '',
  state: '',
  currency: '',
  taxWrapper: '',
  owners: [{ clientUuid: '00000000-0000-4000-8000-000000000000', percentage: '100' }],
};

/** Every problem of one portfolio by the form's rules (checkPortfolio stops at the first; see clientProblems). */
function portfolioProblems(raw: RawPortfolio) {
  const problems: { field: string; reason: string }[] = [];
  let attempt = raw;
  for (;;) {
    try {
      const checked = checkPortfolio(attempt);
      return { checked: problems.length === 0 ? checked : null, problems };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const field = (error.field ?? '').replace(/^portfolio\./, '');
      if (problems.some((p) => p.field === field)) return { checked: null, problems };
      problems.push({ field, reason: error.message });
      const key = field.split('.')[0] as keyof RawPortfolio;
      if (!(key in PLACEHOLDER)) return { checked: null, problems };
      attempt = { ...attempt, [key]: PLACEHOLDER[key] };
    }
  }
}

const ownersKey = (owners: { clientUuid: string; percentage: string }[]) =>
  owners
    .map((o) => `${o.clientUuid}=${o.percentage}`)
    .sort()
    .join(';');

function samePortfolio(a: CheckedPortfolio, b: StoredPortfolio): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.state === b.state &&
    a.currency === b.currency &&
    a.taxWrapper === b.taxWrapper &&
    ownersKey(a.owners) === ownersKey(b.owners)
  );
}

/**
 * The portfolios of a file: each row over the stored portfolio of its code (or none), its owners' codes resolved
 * to this organisation's clients, then the form's rules. All rows are checked; the bad ones are every rejected row.
 */
export function preparePortfolios(
  rows: readonly CsvRow[],
  lookups: PortfolioImportLookups,
): { prepared: PreparedPortfolio[]; rejected: RejectedRow[] } {
  const prepared: PreparedPortfolio[] = [];
  const rejected: RejectedRow[] = [];
  const firstLine = new Map<string, number>();
  const byUuid = new Map([...lookups.clients.values()].map((k) => [k.uuid, k]));
  for (const row of rows) {
    let bad = false;
    const reject = (column: string, reason: string) => {
      bad = true;
      rejected.push({ line: row.line, column, reason });
    };
    const c = row.cells;
    const code = (c.code ?? '').toUpperCase();
    const earlier = code ? firstLine.get(code) : undefined;
    if (earlier !== undefined) {
      reject('code', `Portfolio code ${c.code} is given again (first on line ${earlier}): a code may come once a file`);
      continue;
    }
    if (code) firstLine.set(code, row.line);
    const stored = lookups.portfolios.get(code) ?? null;
    if (!stored && lookups.foreignPortfolios.has(code)) {
      reject(
        'code',
        `Portfolio ${c.code} belongs to another organisation: a file may only name this organisation's portfolios`,
      );
    }
    const ownerIds = new Map<string, number>();
    let owners = stored?.owners ?? [];
    let ownersNamed = true;
    if (c.owners !== undefined) {
      const given = splitOwners(c.owners);
      owners = [];
      for (const owner of given) {
        const client = lookups.clients.get(owner.code.toUpperCase());
        if (!client) {
          reject(
            'owners',
            lookups.foreignClients.has(owner.code.toUpperCase())
              ? `Client ${owner.code} belongs to another organisation: an owner must be a client of this organisation`
              : `Unknown client ${owner.code} in this organisation`,
          );
          ownersNamed = false;
          continue;
        }
        if (!owner.percentage && given.length > 1) {
          reject('owners', `Give owner ${owner.code}'s share as ${owner.code}:percentage (the shares sum to 100)`);
          ownersNamed = false;
          continue;
        }
        ownerIds.set(client.uuid, client.id);
        owners.push({ clientUuid: client.uuid, percentage: owner.percentage || '100' });
      }
    } else {
      for (const owner of owners) {
        const client = byUuid.get(owner.clientUuid);
        if (client) ownerIds.set(client.uuid, client.id);
      }
    }
    const raw: RawPortfolio = {
      code: stored?.code ?? c.code ?? '',
      name: c.name ?? stored?.name ?? '',
      type: c.type ?? stored?.type ?? '',
      state: c.state ?? stored?.state ?? '',
      currency: c.currency ?? stored?.currency ?? '',
      taxWrapper: c.tax_wrapper ?? stored?.taxWrapper ?? '',
      // Owners already refused are not checked again (their shares would only repeat the problem).
      owners: ownersNamed ? owners : PLACEHOLDER.owners,
    };
    const { checked, problems } = portfolioProblems(raw);
    for (const p of problems) {
      // An owner's problem names the owner by its code, as the file does.
      const at = /^owners\.(\d+)\./.exec(p.field);
      const ownerCode = at ? byUuid.get(owners[Number(at[1])]?.clientUuid ?? '')?.code : undefined;
      const root = p.field.split('.')[0]!;
      reject(COLUMN_OF[root] ?? root, ownerCode ? `Owner ${ownerCode}: ${p.reason}` : p.reason);
    }
    if (bad || !checked) continue;
    prepared.push({
      line: row.line,
      existing: stored,
      portfolio: checked,
      ownerIds,
      changed: !stored || !samePortfolio(checked, stored),
    });
  }
  return { prepared, rejected };
}

/** The columns of a portfolios file, for the upload page's hint. */
export const PORTFOLIO_COLUMN_NAMES = PORTFOLIO_COLUMNS.map((c) => c.name);
