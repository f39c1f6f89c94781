import type { PlannedDisposal } from './plan-on-ledger';

/** The acquisition types whose date starts a 30-day window (services/tax-engine/docs/ledger-format.md). */
const ACQUISITIONS = new Set(['BUY', 'TRANSFER_IN', 'SPOUSE_IN']);

/** The day `days` after an ISO date, as an ISO date (UTC arithmetic: dates only). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The latest acquisition of each security into the portfolio in the 30 days up to today, from the ledger CSV (its
 * header names the columns): security code -> ISO date.
 */
export function recentAcquisitions(ledgerCsv: string, portfolioCode: string, today: string): Map<string, string> {
  const from = addDays(today, -30);
  const lines = ledgerCsv.split('\n');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [date, type, security, portfolio] = [col('date'), col('type'), col('security'), col('portfolio')];
  const out = new Map<string, string>();
  if (date < 0 || type < 0 || security < 0) return out;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    // Dates lead each row: most rows are older than the window and are passed over without being split.
    if (line.slice(0, 10) < from || line.slice(0, 10) > today) continue;
    const cells = line.split(',');
    if (!ACQUISITIONS.has(cells[type] ?? '')) continue;
    if (portfolio >= 0 && (cells[portfolio] ?? '') !== portfolioCode) continue;
    const code = cells[security] ?? '';
    const when = cells[date] ?? '';
    if (when > (out.get(code) ?? '')) out.set(code, when);
  }
  return out;
}

/** "-1234.5" as "-£1,234.5": a figure in a sentence. */
export const pounds = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, pence = '00'] = text.replace('-', '').split('.');
  return `${negative ? '-' : ''}£${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
};

/**
 * What an adviser should know before trading a plan, in words a client could read: a holding bought in the last 30
 * days (its sale today may be matched with that purchase, not the pool), and for every capital disposal the
 * bed-and-breakfasting rule both ways: the gain as planned, and what it becomes if the same shares are bought back
 * in the client's own account within 30 days (matched with the repurchase, so the gain or loss is all but undone).
 * A rebuy in an ISA or by a spouse is outside the client's matching and leaves the plan's figures as they are.
 */
export function planWarnings(disposals: PlannedDisposal[], recent: Map<string, string>, today: string): string[] {
  const warnings: string[] = [];
  const until = addDays(today, 30);
  for (const d of disposals) {
    const bought = recent.get(d.code);
    if (bought)
      warnings.push(
        `${d.code} was bought on ${bought}, within the last 30 days: ${
          d.matchedBy.includes('same-day')
            ? 'today’s purchase is matched with this sale first'
            : 'check the matching before trading'
        }.`,
      );
    if (d.capitalGainLoss === '0.00') continue;
    const kind = d.capitalGainLoss.startsWith('-') ? 'loss' : 'gain';
    warnings.push(
      `${d.code}: the ${kind} of ${pounds(d.capitalGainLoss.replace('-', ''))} stands only if ${d.code} is not bought back in ` +
        `this account by ${until}; bought back at today’s price it would be matched with the repurchase (the 30-day ` +
        `rule) and the ${kind} would be about £0.00. Bought back in an ISA or by a spouse, it stands.`,
    );
  }
  return warnings;
}
