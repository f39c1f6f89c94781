import { firstRole } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, notFound, permissionDenied } from '@gains/errors';
import type { LedgerExportStore } from '../store/ledger-export-store';
import { taxpayerKindOf } from './client-rules';
import { londonToday } from './date-rules';
import { taxYear, taxYearOf } from './tax-years';

/** The service that loads ledgers to compute them (its service token's `service` claim). */
export const TAX_ENGINE_SERVICE = 'tax-engine';
/** Rows a chunk of the stream carries: a few hundred kilobytes of CSV. */
export const EXPORT_BATCH_ROWS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ExportClient {
  id: number;
  code: string;
  type: string;
  company: boolean;
  deceased: boolean;
  dateDeceased: string | null;
  /** "MM-DD" when the client overrides its year end (companies) */
  yearEnd: string | null;
  ledgerVersion: number;
  overrides: { taxYear: string; type: string; amount: string | null }[];
}

export interface ExportPortfolio {
  id: number;
  uuid: string;
  code: string;
  taxWrapper: string;
  percentage: string;
}

export interface ExportSecurity {
  id: number;
  sedol: string;
  isin: string;
  name: string;
  cgtClass: string;
  priceGbp: string | null;
  priceDate: string | null;
}

export interface ExportRow {
  id: bigint;
  uuid: string;
  portfolioId: number;
  securityId: number;
  tradeDate: string;
  effect: string;
  quantity: string;
  price: string | null;
  currency: string;
  considerationGbp: string;
  expensesGbp: string;
  originalAcquisitionDate: string | null;
  counterpartyName: string;
  holdoverReliefClaimed: string | null;
  newSecurityId: number | null;
  marketValue: string | null;
  ratio: string | null;
  timing: string;
}

export interface ExportTaxpayer {
  kind: string;
  vulnerableBeneficiaryTrust: boolean;
  dateOfDeath: string;
  annualExemptAmountOverrides: Record<string, string>;
  lossesBroughtForward: string;
  accountingYearEnd: string;
}

export const LEDGER_CSV_HEADER =
  'date,type,security,quantity,price,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref';

/** "100.50000000" -> "100.5": the CSV reads exact decimals; trailing zeros only widen the file. */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A security's code in the CSV: SEDOL, else ISIN, else ID<id>; unique within one export. */
export function securityCodes(securities: ExportSecurity[]): Map<number, string> {
  const codes = new Map<number, string>();
  const taken = new Set<string>();
  for (const s of securities) {
    let code = s.sedol || s.isin || `ID${s.id}`;
    if (taken.has(code)) code = `ID${s.id}`;
    taken.add(code);
    codes.set(s.id, code);
  }
  return codes;
}

// The ledger types whose `amount` is their cash: cost or proceeds (buys, sells, transfers at cost), the cash of
// a capital return, equalisation, notional income, a takeover's cash part, the cash paid for rights.
const AMOUNT_TYPES = new Set([
  'BUY',
  'SELL',
  'TRANSFER_IN',
  'SPOUSE_IN',
  'CAPITAL_RETURN',
  'EQUALISATION',
  'NOTIONAL_INCOME',
  'TAKEOVER',
  'RIGHTS_ISSUE',
  'OPEN_OFFER',
  'REDEMPTION',
]);
const RATIO_TYPES = new Set(['SPLIT', 'CONSOLIDATION', 'BONUS']);

/**
 * A row whose shares the engine values by their price and by nothing else (ledger-format.md): a demerger's new
 * shares, and those of a rights issue or open offer of another class. Without it the engine refuses the row. The
 * price is written in GBP only: a price in another currency has no rate here, and the row is refused as before.
 */
const pricedByShare = (row: ExportRow) =>
  row.currency === 'GBP' &&
  (row.effect === 'DEMERGER' ||
    ((row.effect === 'RIGHTS_ISSUE' || row.effect === 'OPEN_OFFER') && row.newSecurityId !== null));

/**
 * One ledger row as a line of the engine's CSV (services/tax-engine/docs/ledger-format.md), or null for a row
 * outside CGT (income: no ledger effect). Amounts are the GBP figures, so rows in other currencies need no rate.
 */
export function ledgerCsvLine(
  row: ExportRow,
  portfolio: ExportPortfolio,
  codes: Map<number, string>,
  classOf: Map<number, string>,
): string | null {
  if (!row.effect) return null;
  const money = (v: string | null) => (v === null ? '' : trimDecimal(v));
  const quantity = RATIO_TYPES.has(row.effect) ? (row.ratio ?? '') : trimDecimal(row.quantity);
  const amount = AMOUNT_TYPES.has(row.effect) ? money(row.considerationGbp) : '';
  const expenses = row.expensesGbp && Number(row.expensesGbp) !== 0 ? money(row.expensesGbp) : '';
  const ownership = trimDecimal(portfolio.percentage);
  const cgtClass = classOf.get(row.securityId) ?? 'CAPITAL';
  return [
    row.tradeDate,
    row.effect,
    codes.get(row.securityId) ?? `ID${row.securityId}`,
    quantity,
    pricedByShare(row) ? money(row.price) : '',
    amount,
    expenses,
    portfolio.code,
    ownership === '100' ? '' : ownership,
    row.originalAcquisitionDate ?? '',
    row.counterpartyName,
    money(row.holdoverReliefClaimed),
    row.newSecurityId ? (codes.get(row.newSecurityId) ?? `ID${row.newSecurityId}`) : '',
    money(row.marketValue),
    cgtClass === 'CAPITAL' ? '' : cgtClass,
    row.timing === 'after-trades' ? 'after-trades' : '',
    row.uuid,
  ]
    .map(cell)
    .join(',');
}

/** The engine's taxpayer for a client: the kind follows from the type; overrides and losses from the overrides. */
export function taxpayerOf(client: ExportClient): ExportTaxpayer {
  const kindOf = taxpayerKindOf({
    typeCode: client.type,
    company: client.company,
    deceased: client.deceased,
    dateDeceased: client.dateDeceased,
  });
  const overrides: Record<string, string> = {};
  for (const o of client.overrides) {
    if (o.type === 'ANNUAL_EXEMPTION' && o.amount !== null) overrides[o.taxYear] = o.amount;
  }
  // The engine takes one figure of losses brought into the ledger's first year: the earliest year's override.
  const losses = client.overrides.find((o) => o.type === 'BROUGHT_FORWARD_LOSS' && o.amount !== null);
  const kind = kindOf === 'vulnerable-beneficiary-trust' ? 'trust' : kindOf;
  return {
    kind,
    vulnerableBeneficiaryTrust: kindOf === 'vulnerable-beneficiary-trust',
    dateOfDeath: kind === 'personal-representatives' ? (client.dateDeceased ?? '') : '',
    annualExemptAmountOverrides: overrides,
    lossesBroughtForward: losses?.amount ?? '',
    accountingYearEnd: kind === 'company' ? (client.yearEnd ?? '') : '',
  };
}

/** The `pnpm cgt` arguments that compute the taxpayer as the engine does. */
export function cgtArgsOf(t: ExportTaxpayer): string[] {
  const args = ['--taxpayer', t.kind];
  if (t.vulnerableBeneficiaryTrust) args.push('--vulnerable-beneficiary');
  if (t.dateOfDeath) args.push('--date-of-death', t.dateOfDeath);
  if (t.lossesBroughtForward) args.push('--losses-brought-forward', t.lossesBroughtForward);
  for (const [year, amount] of Object.entries(t.annualExemptAmountOverrides)) args.push('--aea', `${year}=${amount}`);
  if (t.accountingYearEnd) args.push('--year-end', t.accountingYearEnd);
  return args;
}

export interface ExportHead {
  taxpayer: ExportTaxpayer;
  ledgerVersion: number;
  clientCode: string;
  clientType: string;
  portfolios: (ExportPortfolio & { excluded: boolean; rows: number })[];
  securities: (ExportSecurity & { code: string })[];
  pricesCsv: string;
  excludedHoldings: { portfolioUuid: string; securityId: number; quantity: string }[];
  cgtArgs: string[];
}

/** A client's spouse or civil partner (ExportClientLedger of one client: the Taximiser's household). */
export interface ExportSpouse {
  clientUuid: string;
  code: string;
  name: string;
}

export interface ExportChunk {
  /** one client's export: its spouse, and its ISA portfolios' net purchases this tax year (the Taximiser's) */
  head?: ExportHead & { spouse?: ExportSpouse; isaNetPurchases?: string };
  csv: string;
  rows: number;
}

/**
 * Who may export a ledger: the tax engine's service token (it scopes by the organisation asked for), or an
 * admin (ADMIN, CUSTOMER_ADMIN) who is a member of the organisation. A service token of any other service, and
 * any other user, is refused.
 */
export function assertLedgerExporter(caller: Caller, organisationUuid: string): void {
  if (caller.service !== undefined) {
    if (caller.service !== TAX_ENGINE_SERVICE) throw permissionDenied('This service may not read ledgers');
    return;
  }
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN') throw permissionDenied('You do not have permission to do this');
}

const excluded = (p: ExportPortfolio) => p.taxWrapper === 'ISA' || p.taxWrapper === 'PENSION';

/** What precedes a client's rows: the taxpayer, its portfolios, the securities with their codes and prices. */
function exportHead(
  client: ExportClient,
  portfolios: ExportPortfolio[],
  securities: ExportSecurity[],
  holdings: { portfolioId: number; securityId: number; quantity: string }[],
  rowCounts: Map<number, number>,
): { head: ExportHead; codes: Map<number, string>; classOf: Map<number, string> } {
  const codes = securityCodes(securities);
  const classOf = new Map(securities.map((s) => [s.id, s.cgtClass]));
  const byId = new Map(portfolios.map((p) => [p.id, p]));
  const taxpayer = taxpayerOf(client);
  const pricesCsv = [
    'security,price',
    ...securities
      .filter((s) => s.priceGbp !== null)
      .map((s) => `${cell(codes.get(s.id)!)},${trimDecimal(s.priceGbp!)}`),
  ].join('\n');
  const head: ExportHead = {
    taxpayer,
    ledgerVersion: client.ledgerVersion,
    clientCode: client.code,
    clientType: client.type,
    portfolios: portfolios.map((p) => ({
      ...p,
      percentage: trimDecimal(p.percentage),
      excluded: excluded(p),
      rows: rowCounts.get(p.id) ?? 0,
    })),
    securities: securities.map((s) => ({ ...s, code: codes.get(s.id)! })),
    pricesCsv: `${pricesCsv}\n`,
    excludedHoldings: holdings
      .filter((h) => byId.has(h.portfolioId))
      .map((h) => ({
        portfolioUuid: byId.get(h.portfolioId)!.uuid,
        securityId: h.securityId,
        quantity: trimDecimal(h.quantity),
      })),
    cgtArgs: cgtArgsOf(taxpayer),
  };
  return { head, codes, classOf };
}

/**
 * One client's ledger as the engine's CSV, in chunks of whole rows (ExportClientLedger). ISA and pension
 * portfolios are listed and their holdings given for valuing, but their rows stay out of the CGT ledger.
 */
export async function* exportClientLedger(
  store: LedgerExportStore,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string },
): AsyncGenerator<ExportChunk> {
  if (!UUID.test(req.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  assertLedgerExporter(caller, req.organisationUuid);
  if (!UUID.test(req.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  const client = await store.client(req.organisationUuid, req.clientUuid);
  if (!client) throw notFound('The client', 'clientUuid');
  const portfolios = await store.portfolios(client.id);
  const computed = portfolios.filter((p) => !excluded(p));
  const byId = new Map(portfolios.map((p) => [p.id, p]));
  const securities = await store.securities(portfolios.map((p) => p.id));
  const holdings = await store.holdings(portfolios.filter(excluded).map((p) => p.id));
  const rowCounts = await store.rowCounts(computed.map((p) => p.id));
  const { head, codes, classOf } = exportHead(client, portfolios, securities, holdings, rowCounts);
  const spouse = await store.spouse(client.id);
  const isas = portfolios.filter((p) => p.taxWrapper === 'ISA').map((p) => p.id);
  const isaNetPurchases = await store.netPurchasesSince(isas, taxYear(taxYearOf(londonToday())).startDate);
  const onlyHead = { ...head, isaNetPurchases, ...(spouse && { spouse }) };

  // A batch of rows a chunk: the stream never holds more than one batch of a large ledger.
  let after = 0n;
  let first = true;
  for (;;) {
    const rows = await store.rows(
      computed.map((p) => p.id),
      after,
      EXPORT_BATCH_ROWS,
    );
    const lines: string[] = [];
    for (const row of rows) {
      const line = ledgerCsvLine(row, byId.get(row.portfolioId)!, codes, classOf);
      if (line !== null) lines.push(`${line}\n`);
    }
    const csv = lines.join('');
    if (first) yield { head: onlyHead, csv: `${LEDGER_CSV_HEADER}\n${csv}`, rows: lines.length };
    else if (lines.length > 0) yield { csv, rows: lines.length };
    first = false;
    if (rows.length < EXPORT_BATCH_ROWS) break;
    after = rows[rows.length - 1]!.id;
  }
}

/** Clients one ExportClientLedgers call takes at most. */
export const MAX_EXPORT_CLIENTS = 500;

/**
 * Many clients' ledgers at once (ExportClientLedgers), as ExportClientLedger answers each, read in a few
 * statements for the whole batch: the clients, their portfolios, securities, excluded holdings and row counts,
 * then the rows a page at a time. Each client's chunks follow one another in the order asked; a client the
 * organisation does not have is one chunk with its error.
 */
export async function* exportClientLedgers(
  store: LedgerExportStore,
  caller: Caller,
  req: { organisationUuid: string; clientUuids: string[] },
): AsyncGenerator<ExportChunk & { clientUuid: string; error?: string }> {
  if (!UUID.test(req.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  assertLedgerExporter(caller, req.organisationUuid);
  if (req.clientUuids.length === 0 || req.clientUuids.length > MAX_EXPORT_CLIENTS)
    throw invalidArgument('clientUuids', `clientUuids must name from 1 to ${MAX_EXPORT_CLIENTS} clients`);
  const bad = req.clientUuids.find((u) => !UUID.test(u));
  if (bad !== undefined) throw invalidArgument('clientUuids', `clientUuids must be uuids: "${bad}" is not`);

  const clients = await store.clients(req.organisationUuid, req.clientUuids);
  const owned = await store.portfoliosOf(clients.map((c) => c.id));
  const portfolioIds = [...new Set(owned.map((p) => p.id))];
  const computedIds = [...new Set(owned.filter((p) => !excluded(p)).map((p) => p.id))];
  const securities = await store.securitiesOf(portfolioIds);
  const holdings = await store.holdings([...new Set(owned.filter(excluded).map((p) => p.id))]);
  const rowCounts = await store.rowCounts(computedIds);
  const rowsOf = new Map<number, ExportRow[]>();
  let after = { portfolioId: 0, id: 0n };
  for (;;) {
    const rows = await store.rowsOf(computedIds, after, EXPORT_BATCH_ROWS);
    for (const row of rows) {
      const list = rowsOf.get(row.portfolioId);
      if (list) list.push(row);
      else rowsOf.set(row.portfolioId, [row]);
    }
    if (rows.length < EXPORT_BATCH_ROWS) break;
    const last = rows[rows.length - 1]!;
    after = { portfolioId: last.portfolioId, id: last.id };
  }

  const byUuid = new Map(clients.map((c) => [c.uuid, c]));
  for (const asked of req.clientUuids) {
    const clientUuid = asked.toLowerCase();
    const client = byUuid.get(clientUuid);
    if (!client) {
      yield { clientUuid, error: 'The client was not found in the organisation', csv: '', rows: 0 };
      continue;
    }
    const portfolios = owned.filter((p) => p.clientId === client.id).map(({ clientId: _, ...p }) => p);
    const mine = new Set(portfolios.map((p) => p.id));
    const seen = new Set<number>();
    const named = securities
      .filter((s) => mine.has(s.portfolioId) && !seen.has(s.id) && seen.add(s.id))
      .map(({ portfolioId: _, ...s }) => s);
    const { head, codes, classOf } = exportHead(client, portfolios, named, holdings, rowCounts);
    // In ledger id order across the client's portfolios, as ExportClientLedger writes them.
    const rows = portfolios
      .filter((p) => !excluded(p))
      .flatMap((p) => rowsOf.get(p.id) ?? [])
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byId = new Map(portfolios.map((p) => [p.id, p]));
    for (let i = 0; i === 0 || i < rows.length; i += EXPORT_BATCH_ROWS) {
      const lines: string[] = [];
      for (const row of rows.slice(i, i + EXPORT_BATCH_ROWS)) {
        const line = ledgerCsvLine(row, byId.get(row.portfolioId)!, codes, classOf);
        if (line !== null) lines.push(`${line}\n`);
      }
      const csv = lines.join('');
      if (i === 0) yield { clientUuid, head, csv: `${LEDGER_CSV_HEADER}\n${csv}`, rows: lines.length };
      else yield { clientUuid, csv, rows: lines.length };
    }
  }
}

/**
 * A page of the organisation's clients that own a portfolio (a firm's recalculation queues them), with how many
 * there are in all on the first page only.
 */
export async function listLedgerClients(
  store: LedgerExportStore,
  caller: Caller,
  req: { organisationUuid: string; afterClientUuid: string; limit: number },
): Promise<{ clientUuids: string[]; total: number }> {
  if (!UUID.test(req.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  assertLedgerExporter(caller, req.organisationUuid);
  const first = req.afterClientUuid.trim() === '';
  const after = first ? '00000000-0000-0000-0000-000000000000' : req.afterClientUuid.trim();
  if (!UUID.test(after)) throw invalidArgument('afterClientUuid', 'afterClientUuid must be a uuid');
  const limit = req.limit || 1_000;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw invalidArgument('limit', 'limit must be a whole number from 1 to 10,000');
  const { uuids, total } = await store.ledgerClients(req.organisationUuid, after, limit, first);
  return { clientUuids: uuids, total };
}
