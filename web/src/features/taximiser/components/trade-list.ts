import { csvText } from '@gains/access';
import type { TaximiserPlan, TaximiserProposalsBody } from '@gains/contracts';
import { roundDecimal, sumDecimals } from '@/lib/decimal';

/** Who and where a trade list is for. */
export interface TradeListFor {
  clientCode: string;
  clientName: string;
  portfolioUuid: string;
  portfolioCode: string;
}

export const TRADE_LIST_COLUMNS = [
  'Trade Date',
  'Client Code',
  'Client Name',
  'Portfolio',
  'Action',
  'SEDOL',
  'ISIN',
  'Security',
  'Quantity',
  'Price',
  'Proceeds',
  'CGT Cost',
  'Capital Gain/Loss',
  'Income Gain',
  'Purchase Cost',
  'Reason',
] as const;

/**
 * The plan's sales, one row each, then its rebuys (bed and ISA, bed and spouse), as the client approves them (exact
 * figures as the engine answered them).
 */
export function tradeListRows(plan: TaximiserPlan, to: TradeListFor): string[][] {
  const sales = plan.disposals.map((d) => [
    plan.tradeDate,
    to.clientCode,
    to.clientName,
    to.portfolioCode,
    'SELL',
    d.sedol,
    d.isin,
    d.name || d.code,
    d.quantity,
    d.price,
    d.proceeds,
    d.cgtCost,
    d.capitalGainLoss,
    d.incomeGain,
    '',
    d.reason,
  ]);
  const rebuys = plan.rebuys.map((r) => [
    plan.tradeDate,
    to.clientCode,
    to.clientName,
    r.portfolioCode,
    'BUY',
    r.sedol,
    '',
    r.name || r.code,
    r.quantity,
    r.price,
    '',
    '',
    '',
    '',
    r.cost,
    r.reason,
  ]);
  return [...sales, ...rebuys];
}

/** The trade list as a CSV file: the header, the sales, and a totals line. */
export function tradeListCsv(plan: TaximiserPlan, to: TradeListFor): string {
  const t = plan.totals;
  const totals = ['Total', '', '', '', '', '', '', '', '', '', t?.proceedTotal ?? '', t?.costTotal ?? ''];
  return csvText([
    [...TRADE_LIST_COLUMNS],
    ...tradeListRows(plan, to),
    [...totals, t?.capitalGainLossTotal ?? '', t?.incomeGainTotal ?? '', rebuyTotal(plan), ''],
  ]);
}

/** What the rebuys cost in all, to the penny ("" when there are none). */
function rebuyTotal(plan: TaximiserPlan): string {
  return plan.rebuys.length === 0 ? '' : roundDecimal(sumDecimals(plan.rebuys.map((r) => r.cost)), 2);
}

/**
 * The plan's sales as POST /taximiser/proposals takes them (PENDING rows of the portfolio), and its rebuys as
 * PENDING purchases of theirs.
 */
export function proposalsBody(plan: TaximiserPlan, portfolioUuid: string): TaximiserProposalsBody {
  return {
    portfolioUuid,
    tradeDate: plan.tradeDate,
    disposals: plan.disposals.map((d) => ({ securityId: d.securityId, quantity: d.quantity, price: d.price })),
    ...(plan.rebuys.length > 0 && {
      rebuys: plan.rebuys.map((r) => ({
        portfolioUuid: r.portfolioUuid,
        securityId: r.securityId,
        quantity: r.quantity,
        price: r.price,
      })),
    }),
  };
}
