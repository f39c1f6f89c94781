import type { Caller } from '@gains/auth';
import { addDecimal, plainDecimal, roundDecimal, signOfDecimal } from '@gains/decimal';
import { deriveHolding } from './holding-rules';
import { aeBandLabel, assertMiReader, parseMiDates, taxYearLabel } from './mi-rules';
import type { MiStore } from '../store/mi-store';

export interface MiFiguresView {
  clients: number;
  clientsByState: { key: string; count: number }[];
  clientsByAeBand: { key: string; count: number }[];
  calculationFailures: number;
  clientsWithCalculationFailures: number;
  recBreaks: number;
  clientsWithRecBreaks: number;
  realisedGains: {
    taxYear: string;
    capitalGainLoss: string;
    incomeGain: string;
    exemptGainLoss: string;
    disposals: number;
  }[];
  quantities: { date: string; securityId: number; quantity: string }[];
}

/**
 * The MI Dashboard's figures the clients service owns (issue 27), for an ADMIN or CUSTOMER_ADMIN of the
 * organisation: its clients counted by state and AE-remaining band, the clients grid's failures and breaks summed,
 * realised gains by tax year, and what it holds of each security at each date (to be valued by the caller).
 */
export async function getMiFigures(
  deps: { mi: MiStore },
  caller: Caller,
  req: { organisationUuid: string; dates: readonly string[] },
): Promise<MiFiguresView> {
  assertMiReader(caller, req.organisationUuid);
  const dates = parseMiDates(req.dates);
  const [counts, realised, held] = await Promise.all([
    deps.mi.clientCounts(req.organisationUuid),
    deps.mi.realisedByTaxYear(req.organisationUuid),
    deps.mi.quantitiesAt(req.organisationUuid, dates),
  ]);
  return {
    clients: counts.totals.clients,
    clientsByState: counts.byState,
    clientsByAeBand: counts.byBand.map((b) => ({ key: aeBandLabel(b.band), count: b.count })),
    calculationFailures: counts.totals.failures,
    clientsWithCalculationFailures: counts.totals.failing,
    recBreaks: counts.totals.breaks,
    clientsWithRecBreaks: counts.totals.breaking,
    realisedGains: realised.map((r) => ({
      taxYear: taxYearLabel(r.startYear),
      capitalGainLoss: roundDecimal(r.capital, 2),
      incomeGain: roundDecimal(r.income, 2),
      exemptGainLoss: roundDecimal(r.exempt, 2),
      disposals: r.disposals,
    })),
    quantities: addHeldByRule(held, dates),
  };
}

/** The summed quantities plus, for each (portfolio, security) the sum could not serve, the holding rule's. */
function addHeldByRule(held: Awaited<ReturnType<MiStore['quantitiesAt']>>, dates: string[]) {
  const total = new Map<string, string>();
  const key = (date: string, securityId: number) => `${date}|${securityId}`;
  for (const q of held.summed) total.set(key(q.date, q.securityId), plainDecimal(q.quantity));
  // Rows come ordered by portfolio and trade date, so the rows up to a date are a prefix.
  const rowsOf = new Map<number, typeof held.rows>();
  for (const r of held.rows) {
    const list = rowsOf.get(r.portfolioId);
    if (list) list.push(r);
    else rowsOf.set(r.portfolioId, [r]);
  }
  for (const { portfolioId, securityId } of held.special) {
    const rows = rowsOf.get(portfolioId) ?? [];
    let upTo = 0;
    for (const date of dates) {
      while (upTo < rows.length && rows[upTo]!.tradeDate <= date) upTo += 1;
      const quantity = deriveHolding(securityId, rows.slice(0, upTo)).quantity;
      if (signOfDecimal(quantity) === 0) continue;
      const k = key(date, securityId);
      total.set(k, addDecimal(total.get(k) ?? '0', quantity));
    }
  }
  return [...total.entries()]
    .map(([k, quantity]) => {
      const [date, id] = k.split('|');
      return { date: date!, securityId: Number(id), quantity: plainDecimal(quantity) };
    })
    .filter((q) => signOfDecimal(q.quantity) !== 0)
    .sort((a, b) => (a.date === b.date ? a.securityId - b.securityId : a.date < b.date ? -1 : 1));
}
