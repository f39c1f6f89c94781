import { Hono } from 'hono';
import { addDecimal, multiplyDecimal, roundDecimal } from '@gains/decimal';
import type { MiDashboard } from '@gains/contracts';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import type { BffEnv } from '../deps';

// The MI Dashboard (issue 27): the figures gathered from the services that own them, each of which checks the
// caller's membership and the dashboard's roles itself. The BFF only values the quantities: it multiplies exact
// decimals, so a figure matches the grids it summarises to the penny.

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** The last day of each of the 12 months before `today`'s month, then `today`. */
export function dashboardDates(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const dates: string[] = [];
  for (let back = 12; back >= 1; back -= 1) {
    // Day 0 of a month is the last day of the month before.
    dates.push(new Date(Date.UTC(year, month - back, 0)).toISOString().slice(0, 10));
  }
  return [...dates, today];
}

function dayAfter(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const miDashboardRoutes = new Hono<BffEnv>().use(authenticate, requireOrganisation).get('/', async (c) => {
  const organisationUuid = c.var.organisationUuid;
  const caller = asCaller(c);
  const today = LONDON_DAY.format(new Date());
  const dates = dashboardDates(today);
  const from = dayAfter(dates[0]!);
  const [figures, monitor] = await Promise.all([
    c.var.deps.clients.getMiFigures({ organisationUuid, dates }, caller),
    c.var.deps.reports.getMonitorFigures({ organisationUuid, from, to: today }, caller),
  ]);
  const securityIds = [...new Set(figures.quantities.map((q) => q.securityId))];
  const { prices } =
    securityIds.length === 0
      ? { prices: [] }
      : await c.var.deps.securities.listPricesAt({ organisationUuid, securityIds, dates }, caller);
  const priceOf = new Map(prices.map((p) => [`${p.date}|${p.securityId}`, p.priceGbp]));
  const assets = dates.map((date) => {
    let value = '0';
    let priced = 0;
    let unpriced = 0;
    for (const q of figures.quantities) {
      if (q.date !== date) continue;
      const price = priceOf.get(`${date}|${q.securityId}`);
      if (price === undefined) {
        unpriced += 1;
        continue;
      }
      priced += 1;
      value = addDecimal(value, multiplyDecimal(q.quantity, price));
    }
    // Rounded once, after summing the exact products.
    return { date, value: roundDecimal(value, 2), pricedSecurities: priced, unpricedSecurities: unpriced };
  });
  const answer: MiDashboard = {
    asAt: today,
    from,
    to: today,
    assetsUnderAdministration: assets,
    realisedGains: figures.realisedGains.map((r) => ({
      taxYear: r.taxYear,
      capitalGainLoss: r.capitalGainLoss,
      incomeGain: r.incomeGain,
      exemptGainLoss: r.exemptGainLoss,
      disposals: r.disposals,
    })),
    clients: figures.clients,
    clientsByState: figures.clientsByState.map((s) => ({ state: s.key, count: s.count })),
    clientsByAeBand: figures.clientsByAeBand.map((b) => ({ band: b.key, count: b.count })),
    jobsByStatus: monitor.jobsByStatus.map((j) => ({ status: j.key, label: j.label, count: j.count })),
    calculationFailures: {
      failures: figures.calculationFailures,
      clients: figures.clientsWithCalculationFailures,
    },
    recBreaks: { breaks: figures.recBreaks, clients: figures.clientsWithRecBreaks },
    monitorLogsBySeverity: monitor.logsBySeverity.map((l) => ({
      severityId: Number(l.key),
      severity: l.label,
      count: l.count,
    })),
  };
  return c.json(answer);
});
