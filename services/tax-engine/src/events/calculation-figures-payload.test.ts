import { fromBinary, toJson } from '@bufbuild/protobuf';
import { events } from '@gains/proto';
import { describe, expect, it } from 'vitest';
import type { CalculationFigures } from '../domain/calculation-figures';
import { calculationCompletedEvent } from './calculation-events';
import { calculationFiguresPayload, MAX_TRANSACTIONS_PUBLISHED } from './calculation-figures-payload';

const money = { ytdCapitalGainLoss: '1203.17', ytdIncomeGain: '0.00', ytdExemptGainLoss: '-12.50' };
const figures = {
  status: 'SUCCEEDED',
  taxYear: '2026-27',
  disposals: 1,
  failures: 0,
  client: { ...money, marketValue: '25000.00', annualExemption: '3000.00', thirtyDayDisposalCounter: 1 },
  portfolios: [{ portfolioUuid: 'p-1', ...money, marketValue: '25000.00', calculationFailures: 0 }],
  holdings: [
    {
      portfolioUuid: 'p-1',
      securityId: 70,
      ...money,
      cgtCost: '8123.40',
      averageCost: '4.061700',
      calculationStatus: 'SUCCEEDED',
    },
  ],
  transactions: [{ transactionUuid: 't-1', cgtCost: '812.34', proceeds: '2015.51', capitalGainLoss: '1203.17' }],
  years: [],
} as unknown as CalculationFigures;
const run = {
  organisationUuid: 'o-1',
  clientUuid: 'c-1',
  runId: 'r-1',
  ledgerVersion: 1795788797000n,
  status: 'SUCCEEDED',
  computedAt: '2026-11-27T14:00:00.000Z',
  taxYear: '2026-27',
  previousRunId: 'r-0',
  closedYearsChanged: ['2024-25'],
};

describe('the event of a run, its figures encoded by the worker', () => {
  it('reads as the whole event encoded at once (protobuf merges messages written one after the other)', () => {
    const joined = calculationCompletedEvent(run, calculationFiguresPayload(figures, false));
    const whole = calculationCompletedEvent({
      ...run,
      client: figures.client,
      portfolios: figures.portfolios,
      holdings: figures.holdings,
      transactions: figures.transactions,
    });
    const read = (payload: Uint8Array) =>
      toJson(events.CalculationCompletedSchema, fromBinary(events.CalculationCompletedSchema, payload));
    expect(read(joined.payload)).toEqual(read(whole.payload));
    const event = fromBinary(events.CalculationCompletedSchema, joined.payload);
    expect(event.clientUuid).toBe('c-1');
    expect(event.closedYearsChanged).toEqual(['2024-25']);
    expect(event.client?.ytdCapitalGainLoss).toBe('1203.17');
    expect(event.holdings[0]?.cgtCost).toBe('8123.40');
    expect(event.transactions[0]?.proceeds).toBe('2015.51');
  });

  it('sends no row figures for a revaluation, and only the newest rows of a long ledger', () => {
    const revalued = fromBinary(events.CalculationCompletedSchema, calculationFiguresPayload(figures, true));
    expect(revalued.transactions).toEqual([]);
    expect(revalued.holdings).toHaveLength(1);
    const rows = Array.from({ length: MAX_TRANSACTIONS_PUBLISHED + 5 }, (_, i) => ({ transactionUuid: `t-${i}` }));
    const long = { ...figures, transactions: rows } as unknown as CalculationFigures;
    const sent = fromBinary(events.CalculationCompletedSchema, calculationFiguresPayload(long, false)).transactions;
    expect(sent).toHaveLength(MAX_TRANSACTIONS_PUBLISHED);
    expect(sent[0]?.transactionUuid).toBe('t-5');
  });
});
