/**
 * A holding is derived from its settled ledger rows, never entered: what a portfolio holds of a security after
 * each row, in trade-date order. Pure; quantities are exact (scaled integers, never floats).
 *
 * How each effect (a transaction type's tax-engine ledger type) moves the quantity:
 * - acquisitions (BUY, TRANSFER_IN, SPOUSE_IN, RIGHTS_ISSUE, OPEN_OFFER of the same class) add it;
 * - disposals (SELL, TRANSFER_OUT, GIFT_OUT, SPOUSE_OUT, REDEMPTION) take it away;
 * - SPLIT and CONSOLIDATION multiply the holding by new:old, BONUS by 1 + new:old (the engine's reading);
 * - TAKEOVER empties the old security's holding; TAKEOVER and DEMERGER add `quantity` to the new security's;
 * - cash and income rows (CAPITAL_RETURN, EQUALISATION, NOTIONAL_INCOME, income) leave it alone.
 * A disposal of more than is held leaves the holding at zero and is flagged: ledgers arrive incomplete, so the row
 * is stored, and the tax engine reports it as a calculation failure.
 */

/** What the rule needs of a ledger row. */
export interface HoldingRow {
  securityId: number;
  effect: string;
  quantity: string;
  /** "new:old" or "n" for SPLIT, CONSOLIDATION and BONUS. */
  ratio?: string | null;
  newSecurityId?: number | null;
  tradeDate: string;
  /** Within a day, corporate actions apply before trades unless "after-trades". */
  timing?: string;
}

export interface DerivedHolding {
  /** 4 decimal places, rounded down. */
  quantity: string;
  /** Some disposal took more than was held on its date. */
  recBreak: boolean;
  /** One message per such disposal: "Sale of 150 exceeds the holding of 100 on 2025-06-01". */
  warnings: { index: number; message: string }[];
  transactionCount: number;
  lastTransactionDate: string | null;
}

const SCALE = 8;
const UNIT = 10n ** BigInt(SCALE);

const ADDS = new Set(['BUY', 'TRANSFER_IN', 'SPOUSE_IN', 'RIGHTS_ISSUE', 'OPEN_OFFER']);
const TAKES = new Set(['SELL', 'TRANSFER_OUT', 'GIFT_OUT', 'SPOUSE_OUT', 'REDEMPTION']);
const RATIOS = new Set(['SPLIT', 'CONSOLIDATION', 'BONUS']);
const DISPOSAL_WORD: Record<string, string> = {
  SELL: 'Sale',
  TRANSFER_OUT: 'Transfer out',
  GIFT_OUT: 'Gift',
  SPOUSE_OUT: 'Transfer to spouse',
  REDEMPTION: 'Redemption',
};

/** Order within a day: corporate actions before trades (unless after-trades), acquisitions before disposals. */
function phase(row: HoldingRow): number {
  if (RATIOS.has(row.effect) || row.effect === 'TAKEOVER' || row.effect === 'DEMERGER') {
    return row.timing === 'after-trades' ? 3 : 0;
  }
  if (TAKES.has(row.effect)) return 2;
  return 1;
}

/** The holding of `securityId` from rows of one portfolio (rows of other securities are read for takeovers in). */
export function deriveHolding(securityId: number, rows: readonly HoldingRow[]): DerivedHolding {
  const relevant = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.securityId === securityId || row.newSecurityId === securityId)
    .sort((a, b) =>
      a.row.tradeDate === b.row.tradeDate
        ? phase(a.row) - phase(b.row) || a.index - b.index
        : a.row.tradeDate < b.row.tradeDate
          ? -1
          : 1,
    );
  let held = 0n;
  let recBreak = false;
  const warnings: DerivedHolding['warnings'] = [];
  for (const { row, index } of relevant) {
    const quantity = scaled(row.quantity);
    if (row.securityId !== securityId) {
      // Shares of this security received for another's (takeover, demerger).
      if (row.effect === 'TAKEOVER' || row.effect === 'DEMERGER') held += quantity;
      continue;
    }
    if (ADDS.has(row.effect)) held += quantity;
    else if (TAKES.has(row.effect)) {
      if (quantity > held) {
        recBreak = true;
        warnings.push({
          index,
          message: `${DISPOSAL_WORD[row.effect]} of ${present(quantity)} exceeds the holding of ${present(held)} on ${row.tradeDate}`,
        });
        held = 0n;
      } else held -= quantity;
    } else if (RATIOS.has(row.effect)) {
      const [num, den] = ratio(row.ratio ?? row.quantity);
      held = row.effect === 'BONUS' ? held + (held * num) / den : (held * num) / den;
    } else if (row.effect === 'TAKEOVER' && row.newSecurityId && row.newSecurityId !== securityId) {
      held = 0n;
    }
  }
  const last = relevant.at(-1)?.row.tradeDate ?? null;
  return {
    quantity: present(held - (held % 10n ** BigInt(SCALE - 4))),
    recBreak,
    warnings,
    transactionCount: relevant.length,
    lastTransactionDate: last,
  };
}

/**
 * An equalisation period's moves (issue 26): what was held at the end of the day before `periodStart`, then each
 * acquisition (above 0) and disposal (below 0) of the security traded from it on, in the order deriveHolding applies
 * them. A reorganisation inside the period is not a move (its units are neither bought nor sold).
 */
export function periodMoves(
  securityId: number,
  rows: readonly HoldingRow[],
  periodStart: string,
): { heldAtStart: string; moves: { tradeDate: string; quantity: string }[] } {
  const before = rows.filter((r) => r.tradeDate < periodStart);
  const moves = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.tradeDate >= periodStart)
    .sort((a, b) =>
      a.row.tradeDate === b.row.tradeDate
        ? phase(a.row) - phase(b.row) || a.index - b.index
        : a.row.tradeDate < b.row.tradeDate
          ? -1
          : 1,
    )
    .flatMap(({ row }) => {
      const quantity = present(scaled(row.quantity));
      if (row.securityId !== securityId)
        return row.newSecurityId === securityId && (row.effect === 'TAKEOVER' || row.effect === 'DEMERGER')
          ? [{ tradeDate: row.tradeDate, quantity }]
          : [];
      if (ADDS.has(row.effect)) return [{ tradeDate: row.tradeDate, quantity }];
      if (TAKES.has(row.effect)) return [{ tradeDate: row.tradeDate, quantity: `-${quantity}` }];
      return [];
    });
  return { heldAtStart: deriveHolding(securityId, before).quantity, moves };
}

/** "2" -> 2/1, "1:10" -> 1/10 (new:old). */
function ratio(text: string): [bigint, bigint] {
  const [a = '1', b = '1'] = text.split(':');
  const num = scaled(a);
  const den = scaled(b);
  return den === 0n ? [1n, 1n] : [num, den];
}

function scaled(text: string): bigint {
  const t = text.trim();
  const negative = t.startsWith('-');
  const [int = '0', frac = ''] = t.replace(/^[-+]/, '').split('.');
  const value = BigInt(int || '0') * UNIT + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE));
  return negative ? -value : value;
}

/** Exact text to 4 places: 1234500000000n -> "12345.0000". */
function present(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const int = abs / UNIT;
  const frac = (abs % UNIT).toString().padStart(SCALE, '0').slice(0, 4);
  return `${negative ? '-' : ''}${int}.${frac}`;
}

/** A portfolio's ledger row as stored, in any state, with the warnings it carries now. */
export interface StoredLedgerRow<Id> extends Omit<HoldingRow, 'securityId'> {
  id: Id;
  securityId: number | null;
  state: string;
  warnings: string[];
}

/**
 * The holdings of `securityIds` derived from a portfolio's stored rows in trade-date order (only settled rows
 * count), and the rows of those securities whose warnings change.
 */
export function deriveHoldings<Id>(
  rows: readonly StoredLedgerRow<Id>[],
  securityIds: Iterable<number>,
): { holdings: { securityId: number; derived: DerivedHolding }[]; warningChanges: { id: Id; warnings: string[] }[] } {
  const settled = rows.filter((r) => r.state === 'SETTLED' && r.securityId !== null);
  const holdingRows: HoldingRow[] = settled.map((r) => ({
    securityId: r.securityId!,
    effect: r.effect,
    quantity: r.quantity,
    ratio: r.ratio,
    newSecurityId: r.newSecurityId,
    tradeDate: r.tradeDate,
    timing: r.timing,
  }));
  const wanted = new Map<Id, string[]>();
  const holdings: { securityId: number; derived: DerivedHolding }[] = [];
  const securities = new Set(securityIds);
  for (const securityId of securities) {
    const derived = deriveHolding(securityId, holdingRows);
    for (const w of derived.warnings) {
      const id = settled[w.index]!.id;
      wanted.set(id, [...(wanted.get(id) ?? []), w.message]);
    }
    holdings.push({ securityId, derived });
  }
  const warningChanges: { id: Id; warnings: string[] }[] = [];
  for (const row of rows) {
    if (row.securityId === null || !securities.has(row.securityId)) continue;
    const next = wanted.get(row.id) ?? [];
    if (next.join('\n') !== row.warnings.join('\n')) warningChanges.push({ id: row.id, warnings: next });
  }
  return { holdings, warningChanges };
}
