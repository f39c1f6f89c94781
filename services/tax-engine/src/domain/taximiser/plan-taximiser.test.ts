import { create } from '@bufbuild/protobuf';
import type { Caller } from '@gains/auth';
import { taxEngine } from '@gains/proto';
import { describe, expect, it } from 'vitest';
import type { LedgerFile } from '../../engine';
import { toTaxpayer } from '../../rpc/tax-engine-service';
import { loadReferenceData } from '../../store/reference-data-files';
import type { ComputeTask } from '../compute-ledger-file';
import type { LoadedLedger } from '../run-calculation';
import { planOnLedger } from './plan-on-ledger';
import { planInputOf } from './plan-request';
import { planTaximiser, type PlanTaximiserDeps } from './plan-taximiser';

// The household's search where both people's tax is worked out (a basic-rate band recorded for each), the plans
// computed in this thread as a compute worker would: the client pays 24% on every taxable gain (no band left), the
// spouse 18% (£37,700.00 of band). Each holds 10,000 VOD bought for £20,000.00 (£2.00), priced at £5.00: a sale
// raises £5.00 a share and gains £3.00 of it. The 2026-27 exempt amount is £3,000.00 each.
const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const CLIENT = '1a000000-0000-4000-8000-000000000001';
const SPOUSE = '1a000000-0000-4000-8000-000000000002';
const TODAY = '2026-11-27';
const referenceData = loadReferenceData();
const HEADER =
  'date,type,security,quantity,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref';

function ledgerOf(code: string, band: string, spouse?: LoadedLedger['spouse']): LoadedLedger {
  return {
    taxpayer: create(taxEngine.TaxpayerSchema, { kind: 'individual', basicRateBandRemaining: { '2026-27': band } }),
    ledgerVersion: 1n,
    clientCode: code,
    ledgerCsv: `${HEADER}\n2020-05-01,BUY,VOD,10000,20000.00,,GIA-${code},,,,,,,,,\n`,
    pricesCsv: 'security,price',
    context: {
      portfolios: [{ uuid: portfolioOf(code), code: `GIA-${code}`, excluded: false, percentage: '100' }],
      securities: [{ id: 1, code: 'VOD', priceGbp: '5.00', cgtClass: 'CAPITAL', name: 'Vodafone' }],
      excludedHoldings: [],
    },
    ...(spouse && { spouse }),
  };
}
const portfolioOf = (code: string) =>
  code === 'C1' ? 'b0000000-0000-4000-8000-000000000001' : 'b0000000-0000-4000-8000-000000000002';
const ledgers: Record<string, LoadedLedger> = {
  [CLIENT]: ledgerOf('C1', '0', { clientUuid: SPOUSE, code: 'C2', name: 'Spouse' }),
  [SPOUSE]: ledgerOf('C2', '37700'),
};

const deps: PlanTaximiserDeps = {
  // A compute worker's Taximiser task, in this thread.
  compute: async (task: ComputeTask) => {
    const t = task.taximiser!;
    const plan = planOnLedger(
      task as LedgerFile,
      t.context,
      planInputOf(t.order),
      t.today,
      t.allowances,
      referenceData,
    );
    return { value: { ok: true, transactions: 0, json: JSON.stringify(plan) }, ms: 0 };
  },
  loadLedger: async (_org, clientUuid) => ledgers[clientUuid]!,
  annualExemptAmountsAdded: async () => ({}),
  referenceData: () => referenceData,
  toTaxpayer,
  today: () => TODAY,
};
const caller: Caller = {
  userUuid: 'c0000000-0000-4000-8000-000000000001',
  email: 'adviser@gains.example',
  name: 'Adviser',
  roles: ['ADVISER'],
  organisationUuids: [ORG],
  sessionId: 's',
  token: 't',
};

describe('a household’s cash planned for the least tax', () => {
  it('when the spouse pays a lower rate, then what is over both exempt amounts goes to the spouse', async () => {
    const answer = await planTaximiser(deps, caller, {
      organisationUuid: ORG,
      clientUuid: CLIENT,
      portfolioUuid: portfolioOf('C1'),
      action: 'RAISE_PROCEEDS',
      amount: '20000',
      percent: '',
      include: '',
      includePercent: '',
      exclude: '',
      prices: {},
      quantities: [],
      household: true,
      spousePortfolioUuid: portfolioOf('C2'),
    });
    // The rule: each raises £5,000.00 free of tax (1,000 shares, £3,000.00 of gain); the £10,000.00 over goes by
    // what each holds (£50,000.00 each): £10,000.00 each, 2,000 shares, a gain of £6,000.00, £3,000.00 taxable:
    // £720.00 at 24% for the client and £540.00 at 18% for the spouse, £1,260.00.
    // Any pound the client raises past £5,000.00 is taxed at 24% (60p of gain in it) rather than 18%: the least is
    // the client's £5,000.00 (no tax) and the spouse's £15,000.00: 3,000 shares costing £6,000.00, a gain of
    // £9,000.00, £6,000.00 taxable at 18%: £1,080.00. Less for the client only moves gain onto the spouse.
    const figures = (p: typeof answer) =>
      p.disposals.map((d) => [d.quantity, d.cgtCost, d.proceeds, d.capitalGainLoss]);
    expect(figures(answer)).toEqual([['1000.0000', '2000.00', '5000.00', '3000.00']]);
    expect(figures(answer.spousePlan!)).toEqual([['3000.0000', '6000.00', '15000.00', '9000.00']]);
    expect([answer.tax.plan, answer.spousePlan!.tax.plan]).toEqual(['0.00', '1080.00']);
    expect(answer.summary).toMatch(
      /^The household's cash of £20,000.00: £5,000.00 for C1, £15,000.00 for C2, chosen for the least tax of \d+ splits tried \(£1,080.00, against £1,260.00 splitting first by what each realises free of tax\)\. raises £5,000.00 of the £5,000.00 asked for$/,
    );
  });
});
