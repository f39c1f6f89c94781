// The trade list's document from a plan written here (two sales, a rebuy, tax and a warning), rendered and read back
// with pdftotext: every figure where a client reads it. The route's own test plans on a real ledger (taximiser.test.ts).
import type { TaximiserPersonPlan, TaximiserRebuy } from '@gains/contracts';
import { renderPdf } from '@gains/pdf';
import { pdfPages } from '@gains/pdf/pdf-text';
import { describe, expect, it } from 'vitest';
import { tradeListFileName, tradeListPdf } from './trade-list-pdf';

const sale = (over: Partial<TaximiserPersonPlan['disposals'][number]>): TaximiserPersonPlan['disposals'][number] => ({
  securityId: 1,
  code: '',
  sedol: '',
  isin: '',
  name: '',
  portfolioCode: 'ASH00001-GIA',
  quantity: '0',
  price: '0',
  cgtCost: '0.00',
  proceeds: '0.00',
  capitalGainLoss: '0.00',
  incomeGain: '0.00',
  exemptGainLoss: '0.00',
  matchedBy: ['section-104'],
  difference: '',
  reason: '',
  clientQuantity: over.quantity ?? '0',
  ...over,
});

// 2,500 VOD at £0.72 = £1,800.00 for a cost of £1,250.00: +£550.00; 1,000 BARC at £2.10 = £2,100.00 for £2,400.50:
// -£300.50. Together £3,900.00 for £3,650.50, a £249.50 gain, which leaves £2,750.50 of the £3,000.00 exempt amount.
const plan: TaximiserPersonPlan = {
  disposals: [
    sale({
      code: 'VOD',
      sedol: 'BH4HKS3',
      name: 'Vodafone Group plc',
      quantity: '2500.0000',
      price: '0.7200',
      proceeds: '1800.00',
      cgtCost: '1250.00',
      capitalGainLoss: '550.00',
    }),
    sale({
      securityId: 2,
      code: 'BARC',
      sedol: '3134865',
      name: 'Barclays plc',
      quantity: '1000.0000',
      price: '2.1000',
      proceeds: '2100.00',
      cgtCost: '2400.50',
      capitalGainLoss: '-300.50',
    }),
  ],
  totals: {
    costTotal: '3650.50',
    proceedTotal: '3900.00',
    disposalCount: 2,
    incomeGainTotal: '0.00',
    capitalGainLossTotal: '249.50',
    exemptGainLossTotal: '0.00',
  },
  position: {
    ytdCapitalGainLoss: '0.00',
    taximiserGainLoss: '249.50',
    resultantCapitalGainLoss: '249.50',
    ytdIncomeGain: '0.00',
    taximiserIncomeGains: '0.00',
    resultantIncomeGain: '0.00',
    aeRemaining: '2750.50',
    chargeableGainsLosses: '0.00',
    resultantChargeableCapitalGainLoss: '0.00',
    unusedBroughtForwardLosses: '0.00',
  },
  summary: 'Raised £3,900.00 of the £3,900.00 asked for, free of tax',
  tax: {
    taxYear: '2026-27',
    before: '0.00',
    after: '0.00',
    plan: '0.00',
    note: 'At 18% and 24%, the basic-rate band of £37,700.00',
    proRata: '',
    saving: '',
    proRataNote: '',
  },
  holdings: [],
  warnings: ['VOD was bought within the last 30 days (11/11/2026)'],
  tradeDate: '2026-11-27',
  rebuys: [],
  isa: null,
  rebuyNote: '',
};
const rebuy: TaximiserRebuy = {
  securityId: 1,
  code: 'VOD',
  sedol: 'BH4HKS3',
  name: 'Vodafone Group plc',
  portfolioUuid: '6f1c0000-0000-4000-8000-000000000001',
  reason: 'Bought back in the ISA',
  quantity: '2500.0000',
  price: '0.7200',
  cost: '1800.00',
  portfolioCode: 'ASH00001-ISA',
  where: 'ISA',
};
const client = { code: 'ASH00001', name: 'Ada Lovelace', address: ['1 Analytical Row', 'London', 'EC1A 1AA'] };
const firm = 'Ashworth Wealth Management';

async function textOf(p: TaximiserPersonPlan): Promise<string[]> {
  return pdfPages(await renderPdf(tradeListPdf({ firm, client, portfolioCode: 'ASH00001-GIA', plan: p })));
}

describe('the trade list document', () => {
  it('when a plan has two sales, then each, the totals, the position, the tax and the warning read as written', async () => {
    const pages = await textOf(plan);
    expect(pages).toHaveLength(1);
    const [text] = pages as [string];
    expect(text).toContain(firm);
    expect(text).toMatch(/ASH00001\s+Ada Lovelace/);
    expect(text).toContain('EC1A 1AA');
    expect(text).toMatch(/Portfolio\s+ASH00001-GIA/);
    expect(text).toMatch(/Trade date\s+27\/11\/2026/);
    expect(text).toContain('Raised £3,900.00 of the £3,900.00 asked for, free of tax');
    expect(text).toMatch(
      /^\s*Code\s+Security\s+SEDOL\s+Quantity\s+Price\s+Proceeds\s+CGT cost\s+Gain\/loss\s+Income gain\s*$/m,
    );
    expect(text).toMatch(
      /^\s*VOD\s+Vodafone Group plc\s+BH4HKS3\s+2,500\.0000\s+£0\.7200\s+£1,800\.00\s+£1,250\.00\s+£550\.00\s+£0\.00\s*$/m,
    );
    expect(text).toMatch(
      /^\s*BARC\s+Barclays plc\s+3134865\s+1,000\.0000\s+£2\.1000\s+£2,100\.00\s+£2,400\.50\s+-£300\.50\s+£0\.00\s*$/m,
    );
    expect(text).toMatch(/^\s*Total\s+2 sales\s+£3,900\.00\s+£3,650\.50\s+£249\.50\s+£0\.00\s*$/m);
    expect(text).toMatch(/Annual exempt amount remaining\s+£2,750\.50/);
    expect(text).toMatch(/Resultant chargeable gain\s+£0\.00/);
    expect(text).toContain('Capital gains tax, 2026-27');
    expect(text).toMatch(/What the plan costs in tax\s+£0\.00/);
    expect(text).toContain('At 18% and 24%, the basic-rate band of £37,700.00');
    expect(text).toContain('VOD was bought within the last 30 days (11/11/2026)');
    expect(text).toMatch(/Approved by the client: _{40}/);
    expect(text).not.toContain('Rebuys');
    expect(text).toContain('Page 1 of 1');
  });

  it('when the plan answers rebuys into an ISA, then they are a table of their own with the allowance and the note', async () => {
    // £20,000.00 allowance, £5,000.00 subscribed: the £1,800.00 rebuy leaves £13,200.00
    const isa = {
      taxYear: '2026-27',
      allowance: '20000.00',
      subscribed: '5000.00',
      subscribedBasis: 'ENTERED',
      left: '15000.00',
      rebuyCost: '1800.00',
      leftAfter: '13200.00',
    };
    const withRebuys = { ...plan, rebuys: [rebuy], isa, rebuyNote: 'Bought back in the ISA the same day.' };
    const [text] = (await textOf(withRebuys)) as [string];
    expect(text).toMatch(/^\s*Code\s+Security\s+SEDOL\s+Portfolio\s+Bought in\s+Quantity\s+Price\s+Cost\s*$/m);
    expect(text).toMatch(
      /^\s*VOD\s+Vodafone Group plc\s+BH4HKS3\s+ASH00001-ISA\s+ISA\s+2,500\.0000\s+£0\.7200\s+£1,800\.00\s*$/m,
    );
    expect(text).toMatch(/ISA allowance 2026-27\s+£20,000\.00/);
    expect(text).toMatch(/Subscribed this tax year\s+£5,000\.00/);
    expect(text).toMatch(/Left after the rebuys\s+£13,200\.00/);
    expect(text).toContain('Bought back in the ISA the same day.');
  });

  it('when there are no sales and the tax is not worked out, then the list says so and gives only the note', async () => {
    const none = {
      ...plan,
      disposals: [],
      warnings: [],
      tax: { ...plan.tax!, before: '', after: '', plan: '', note: 'No basic-rate band for 2026-27' },
    };
    const [text] = (await textOf(none)) as [string];
    expect(text).toContain('The plan proposes no sales.');
    expect(text).not.toContain('What the plan costs in tax');
    expect(text).toContain('No basic-rate band for 2026-27');
    expect(text).not.toContain('Warnings');
  });

  it('when the plan is the household’s, then the spouse’s sales follow, and each of them signs', async () => {
    // the spouse sells 500 VOD at £0.72 = £360.00 for £250.00: +£110.00
    const theirs: TaximiserPersonPlan = {
      ...plan,
      disposals: [plan.disposals[0]!].map((d) => ({
        ...d,
        quantity: '500.0000',
        proceeds: '360.00',
        cgtCost: '250.00',
        capitalGainLoss: '110.00',
      })),
      totals: {
        ...plan.totals!,
        proceedTotal: '360.00',
        costTotal: '250.00',
        disposalCount: 1,
        capitalGainLossTotal: '110.00',
      },
      rebuys: [],
      isa: null,
    };
    const pages = pdfPages(
      await renderPdf(
        tradeListPdf({
          firm,
          client,
          portfolioCode: 'ASH00001-GIA',
          plan,
          household: { spouse: { code: 'ASH00002', name: 'Charles Babbage' }, plan: theirs },
        }),
      ),
    );
    const text = pages.join('\n');
    expect(text).toContain('ASH00002 Charles Babbage: the household’s other plan');
    expect(text).toMatch(/500\.0000\s+£0\.7200\s+£360\.00\s+£250\.00\s+£110\.00/);
    expect(text).toContain('Approved by Charles Babbage');
  });

  it('when the client code has characters a file name cannot hold, then they are replaced', () => {
    expect(tradeListFileName('ASH00001', '2026-11-27')).toBe('ASH00001-trade-list-2026-11-27.pdf');
    expect(tradeListFileName('A/B "C"', '2026-11-27')).toBe('A_B_C_-trade-list-2026-11-27.pdf');
  });
});
