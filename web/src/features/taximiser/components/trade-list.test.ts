import { describe, expect, it } from 'vitest';
import type { TaximiserPlan } from '@gains/contracts';
import { proposalsBody, tradeListCsv } from './trade-list';

const plan = {
  tradeDate: '2026-11-27',
  disposals: [
    {
      securityId: 7,
      code: 'BCBRRP7',
      sedol: 'BCBRRP7',
      isin: 'GB00BCBRRP73',
      name: 'Elmstead Banking plc, Ordinary 5p',
      quantity: '686.0000',
      price: '11.8444',
      proceeds: '8125.26',
      cgtCost: '10903.05',
      capitalGainLoss: '-2777.79',
      incomeGain: '0.00',
      reason: 'sell 686 of BCBRRP7: loss £2,777.79, 10% of the holding',
    },
  ],
  rebuys: [],
  isa: null,
  totals: { proceedTotal: '8125.26', costTotal: '10903.05', capitalGainLossTotal: '-2777.79', incomeGainTotal: '0.00' },
} as unknown as TaximiserPlan;
const to = { clientCode: 'ASH00001', clientName: 'Ann Smith', portfolioUuid: 'p-1', portfolioCode: 'ASH00001-01' };

describe('the trade list', () => {
  it('writes each sale with its exact figures, quoting a name with a comma, and a totals line', () => {
    expect(tradeListCsv(plan, to).split('\r\n')).toEqual([
      'Trade Date,Client Code,Client Name,Portfolio,Action,SEDOL,ISIN,Security,Quantity,Price,Proceeds,CGT Cost,Capital Gain/Loss,Income Gain,Purchase Cost,Reason',
      '2026-11-27,ASH00001,Ann Smith,ASH00001-01,SELL,BCBRRP7,GB00BCBRRP73,"Elmstead Banking plc, Ordinary 5p",686.0000,11.8444,8125.26,10903.05,-2777.79,0.00,,"sell 686 of BCBRRP7: loss £2,777.79, 10% of the holding"',
      'Total,,,,,,,,,,8125.26,10903.05,-2777.79,0.00,,',
      '',
    ]);
  });

  it('writes the rebuys after the sales, with what they cost, and saves them as purchases of their portfolio', () => {
    const rebought = {
      ...plan,
      rebuys: [
        {
          securityId: 7,
          code: 'BCBRRP7',
          sedol: 'BCBRRP7',
          name: 'Elmstead Banking plc, Ordinary 5p',
          where: 'ISA',
          portfolioUuid: 'isa-1',
          portfolioCode: 'ASH00001-ISA',
          quantity: '422.0000',
          price: '11.8444',
          cost: '4998.34',
          reason: 'buy back 422 of BCBRRP7 in the ISA (ASH00001-ISA) for about £4,998.34',
        },
      ],
    } as unknown as TaximiserPlan;
    const lines = tradeListCsv(rebought, to).split('\r\n');
    // 422 x £11.8444 = £4,998.3368 -> £4,998.34
    expect(lines[2]).toBe(
      '2026-11-27,ASH00001,Ann Smith,ASH00001-ISA,BUY,BCBRRP7,,"Elmstead Banking plc, Ordinary 5p",422.0000,11.8444,,,,,4998.34,"buy back 422 of BCBRRP7 in the ISA (ASH00001-ISA) for about £4,998.34"',
    );
    expect(lines[3]).toBe('Total,,,,,,,,,,8125.26,10903.05,-2777.79,0.00,4998.34,');
    expect(proposalsBody(rebought, 'p-1').rebuys).toEqual([
      { portfolioUuid: 'isa-1', securityId: 7, quantity: '422.0000', price: '11.8444' },
    ]);
  });

  it('saves the sales as the proposals call takes them', () => {
    expect(proposalsBody(plan, 'p-1')).toEqual({
      portfolioUuid: 'p-1',
      tradeDate: '2026-11-27',
      disposals: [{ securityId: 7, quantity: '686.0000', price: '11.8444' }],
    });
  });
});
