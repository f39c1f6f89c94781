import type { LedgerTransaction } from './ledger';
import { Rational } from './arithmetic';

/**
 * The whole units a company issues of each security, for share reorganisations (SPLIT, CONSOLIDATION, BONUS).
 *
 * A reorganisation gives each holding the shares the company actually issues for it: a fraction of a unit is
 * not issued. The company sells the fractional entitlements and pays the cash over, which is a (usually small)
 * capital distribution, entered as a CAPITAL_RETURN row (CG57814, CG57856); the holding's cost stays with the
 * whole units issued. So the engine truncates each portfolio's holding after a reorganisation to whole units.
 * Without this an odd ratio leaves a fraction that every later reorganisation multiplies, and a ledger of
 * alternating 11:7 consolidations and sales grew its pool's denominator to 7^1000 (and its cost's to the
 * product of 1,000 such quantities), taking a minute to compute 2,000 rows.
 *
 * A security's unit is 10^-p where p is the most decimal places any of its rows writes for a quantity of it
 * (whole shares for most; fund units to 3 or 4 places keep them). A joint portfolio's holding is truncated as
 * a whole, before the taxpayer's share is taken: half of 33 shares is 16.5, not 16.
 */
export class HoldingUnits {
  private places: Map<string, number> | null = null;

  constructor(
    private readonly transactions: readonly LedgerTransaction[],
    /** The taxpayer's share of each joint portfolio (absent: all of it). */
    private readonly ownership: ReadonlyMap<string, Rational>,
  ) {}

  /** Decimal places of the security's unit: the most that any of its quantities is written with. */
  decimalPlaces(security: string): number {
    // Read the first time a reorganisation leaves a fraction: most ledgers never pay for it.
    this.places ??= decimalPlacesBySecurity(this.transactions);
    return this.places.get(security) ?? 0;
  }

  /**
   * The taxpayer's `quantity` of `security` in `portfolio` truncated (toward zero) to whole units of the
   * portfolio's holding: `quantity` itself when that is a whole number of shares already (the usual case, which
   * needs neither the unit nor a BigInt).
   */
  truncate(security: string, portfolio: string, quantity: Rational): Rational {
    const share = this.ownership.get(portfolio);
    const holding = share === undefined ? quantity : quantity.div(share);
    if (holding.isInteger()) return quantity;
    const whole = holding.roundTo(this.decimalPlaces(security), 'down');
    return share === undefined ? whole : whole.mul(share);
  }
}

/**
 * The security a row's quantity counts: the new one for a takeover, demerger or rights issue of another class;
 * none for a ratio or cash row.
 */
function quantitySecurity(t: LedgerTransaction): string | undefined {
  switch (t.type) {
    case 'SPLIT':
    case 'CONSOLIDATION':
    case 'BONUS':
    case 'CAPITAL_RETURN':
    case 'EQUALISATION':
    case 'NOTIONAL_INCOME':
      return undefined;
    case 'TAKEOVER':
    case 'DEMERGER':
      return t.newSecurity;
    case 'RIGHTS_ISSUE':
    case 'OPEN_OFFER':
      // Shares of another class count in that class.
      return t.newSecurity || t.security;
    default:
      return t.security;
  }
}

function decimalPlacesBySecurity(transactions: readonly LedgerTransaction[]): Map<string, number> {
  const places = new Map<string, number>();
  for (const t of transactions) {
    const security = quantitySecurity(t);
    if (security === undefined || t.quantity === undefined) continue;
    const p = writtenDecimalPlaces(t.quantity);
    if (p > (places.get(security) ?? 0)) places.set(security, p);
  }
  return places;
}

/** "12.3400" -> 4, "150" -> 0; a fraction ("1/3") or text that is not a number -> 0. */
export function writtenDecimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0 || text.includes('/')) return 0;
  let digits = 0;
  for (let i = dot + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    digits++;
  }
  return digits;
}
