/**
 * The Taximiser's engine step (issue 25, "Speed"): a plan on a 200-holding portfolio of a client with a
 * 5,000-transaction ledger, for each action, computed as a compute worker computes it (planOnLedger: the ledger as
 * it stands, the planner's choice, the ledger with the proposed sales). Prints p50 and p95 per action; the target
 * for the whole call is p95 under 200 ms. No assertions.
 *
 *   pnpm bench taximiser-engine [--plans 20]
 */
import { parseArgs } from 'node:util';
import type { LedgerContext } from '../../services/tax-engine/src/domain/calculation-figures';
import { currentYearAllowances } from '../../services/tax-engine/src/domain/current-year-allowances';
import { PLAN_ACTIONS, type PlanParameters } from '../../services/tax-engine/src/domain/taximiser/choose-disposals';
import { planOnLedger } from '../../services/tax-engine/src/domain/taximiser/plan-on-ledger';
import { Rational, type Taxpayer } from '../../services/tax-engine/src/engine';
import { loadReferenceData } from '../../services/tax-engine/src/store/reference-data-files';

const { values } = parseArgs({ options: { plans: { type: 'string', default: '20' } }, strict: false });
const PLANS = Number(values.plans);
const HOLDINGS = 200;
const ROWS = 5_000;
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const HEADER =
  'date,type,security,quantity,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref';

// 200 securities bought 25 times each over ten years (whole shares, prices in pence), some sold along the way.
const rows: string[] = [];
for (let i = 0; i < ROWS; i++) {
  const security = i % HOLDINGS;
  const day = new Date(Date.UTC(2015, 0, 1) + Math.floor((i / ROWS) * 3650) * 86_400_000).toISOString().slice(0, 10);
  const sell = i % 10 === 9;
  const quantity = sell ? 20 : 100 + ((i * 37) % 400);
  const price = 100 + ((security * 53 + i) % 900);
  rows.push(
    `${day},${sell ? 'SELL' : 'BUY'},S${security},${quantity},${((quantity * price) / 100).toFixed(2)},,GIA-1,,,,,,,,,r${i}`,
  );
}
const ledgerCsv = `${HEADER}\n${rows.join('\n')}\n`;
const context: LedgerContext = {
  portfolios: [{ uuid: 'p-1', code: 'GIA-1', excluded: false, percentage: '100' }],
  securities: Array.from({ length: HOLDINGS }, (_, s) => ({
    id: s + 1,
    code: `S${s}`,
    priceGbp: ((150 + ((s * 71) % 1200)) / 100).toFixed(2),
    cgtClass: 'CAPITAL',
  })),
  excludedHoldings: [],
};
const taxpayer: Taxpayer = { kind: 'individual' };
const referenceData = loadReferenceData();
const taxYear = (() => {
  const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
  const start = m > 4 || (m === 4 && d >= 6) ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
})();
const allowances = currentYearAllowances(taxpayer, taxYear, referenceData);
const parameters: Record<(typeof PLAN_ACTIONS)[number], PlanParameters> = {
  RAISE_PROCEEDS: { action: 'RAISE_PROCEEDS', amount: Rational.parse('25000'), include: 'NONE', exclude: 'NONE' },
  HARVEST_ANNUAL_EXEMPTION: { action: 'HARVEST_ANNUAL_EXEMPTION', include: 'NONE', exclude: 'NONE' },
  REALISE_BUDGET_AMOUNT: {
    action: 'REALISE_BUDGET_AMOUNT',
    amount: Rational.parse('10000'),
    include: 'LEAST_GAINS',
    exclude: 'NONE',
  },
  REALISE_BUDGET_PERCENT: {
    action: 'REALISE_BUDGET_PERCENT',
    percent: Rational.parse('25'),
    include: 'GREATEST_GAINS',
    exclude: 'NONE',
  },
  DISPOSE_PERCENTAGE: { action: 'DISPOSE_PERCENTAGE', percent: Rational.parse('10'), include: 'NONE', exclude: 'NONE' },
};

console.log(
  `Taximiser engine step: ${HOLDINGS} holdings, ${ROWS.toLocaleString('en-GB')} transactions, ${PLANS} plans an action (${TODAY})`,
);
for (const action of PLAN_ACTIONS) {
  const times: number[] = [];
  let disposals = 0;
  for (let i = 0; i < PLANS + 2; i++) {
    const started = performance.now();
    const plan = planOnLedger(
      { ledgerCsv, taxpayer },
      context,
      { portfolioUuid: 'p-1', parameters: parameters[action] },
      TODAY,
      allowances,
      referenceData,
    );
    // The first two warm the code up and are left out.
    if (i >= 2) times.push(performance.now() - started);
    disposals = plan.disposals.length;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  console.log(
    `  ${action.padEnd(26)} ${String(disposals).padStart(4)} disposals  p50 ${at(50).toFixed(1)} ms  p95 ${at(95).toFixed(1)} ms`,
  );
}
