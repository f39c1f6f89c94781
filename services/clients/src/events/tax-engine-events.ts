import { fromBinary } from '@bufbuild/protobuf';
import { inRawTransaction, type RawSql } from '@gains/db';
import type { Logger } from '@gains/logging';
import type pg from 'pg';
import { consumeEvents, eventSubject, type EventBus } from '@gains/outbox';
import { events } from '@gains/proto';
import type { CalculationFigures, HoldingStatus, RunStatus } from '../domain/calculation-figures';
import { storeCalculations } from '../domain/store-calculation';
import { createCalculationStore } from '../store/calculation-store';
import type { ClientsPrisma } from '../store/prisma';

export const CALCULATION_COMPLETED = eventSubject('tax_engine', 'calculation', 'completed');

/** "" on the wire is "no figure": null in the grids, never 0.00. */
const figure = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The event as the domain's plain figures. */
export function figuresOf(e: events.CalculationCompleted): CalculationFigures {
  const c = e.client ?? ({} as Partial<events.CalculatedClientFigures>);
  return {
    organisationUuid: e.organisationUuid,
    clientUuid: e.clientUuid,
    runUuid: e.runId,
    ledgerVersion: e.ledgerVersion,
    computedAt: e.computedAt,
    status: e.status as RunStatus,
    client: {
      marketValue: figure(c.marketValue ?? ''),
      annualExemption: figure(c.annualExemption ?? ''),
      annualExemptionRemaining: figure(c.annualExemptionRemaining ?? ''),
      broughtForwardLoss: figure(c.broughtForwardLoss ?? ''),
      unusedBroughtForwardLoss: figure(c.unusedBroughtForwardLoss ?? ''),
      ytdCapitalGainLoss: figure(c.ytdCapitalGainLoss ?? ''),
      ytdIncomeGain: figure(c.ytdIncomeGain ?? ''),
      ytdExemptGainLoss: figure(c.ytdExemptGainLoss ?? ''),
      ytdHoldoverReliefGain: figure(c.ytdHoldoverReliefGain ?? ''),
      ytdCloggedLoss: figure(c.ytdCloggedLoss ?? ''),
      unrealisedCapitalGainLoss: figure(c.unrealisedCapitalGainLoss ?? ''),
      unrealisedIncomeGain: figure(c.unrealisedIncomeGain ?? ''),
      unrealisedExemptGainLoss: figure(c.unrealisedExemptGainLoss ?? ''),
      indexation: figure(c.indexation ?? ''),
      usedIndexation: figure(c.usedIndexation ?? ''),
      calculationFailures: c.calculationFailures ?? 0,
      thirtyDayDisposalCounter: c.thirtyDayDisposalCounter ?? 0,
      holdingBreaks: c.holdingBreaks ?? 0,
    },
    portfolios: e.portfolios.map((p) => ({
      portfolioUuid: p.portfolioUuid,
      marketValue: figure(p.marketValue),
      ytdCapitalGainLoss: figure(p.ytdCapitalGainLoss),
      ytdIncomeGain: figure(p.ytdIncomeGain),
      ytdExemptGainLoss: figure(p.ytdExemptGainLoss),
      unrealisedCapitalGainLoss: figure(p.unrealisedCapitalGainLoss),
      unrealisedIncomeGain: figure(p.unrealisedIncomeGain),
      unrealisedExemptGainLoss: figure(p.unrealisedExemptGainLoss),
      indexation: figure(p.indexation),
      holdoverRelief: figure(p.holdoverRelief),
      cloggedLoss: figure(p.cloggedLoss),
      calculationFailures: p.calculationFailures,
    })),
    holdings: e.holdings.map((h) => ({
      portfolioUuid: h.portfolioUuid,
      securityId: h.securityId,
      averageCost: figure(h.averageCost),
      cgtCost: figure(h.cgtCost),
      ytdCapitalGainLoss: figure(h.ytdCapitalGainLoss),
      ytdIncomeGain: figure(h.ytdIncomeGain),
      ytdExemptGainLoss: figure(h.ytdExemptGainLoss),
      unrealisedCapitalGainLoss: figure(h.unrealisedCapitalGainLoss),
      unrealisedIncomeGain: figure(h.unrealisedIncomeGain),
      unrealisedExemptGainLoss: figure(h.unrealisedExemptGainLoss),
      indexation: figure(h.indexation),
      holdoverRelief: figure(h.holdoverRelief),
      cloggedLoss: figure(h.cloggedLoss),
      thirtyDayDisposalCounter: h.thirtyDayDisposalCounter,
      calculationStatus: h.calculationStatus as HoldingStatus,
      calculatedAt: h.calculatedAt || e.computedAt,
    })),
    transactions: e.transactions.map((t) => ({
      transactionUuid: t.transactionUuid,
      cgtCost: figure(t.cgtCost),
      proceeds: figure(t.proceeds),
      capitalGainLoss: figure(t.capitalGainLoss),
      incomeGain: figure(t.incomeGain),
      exemptGainLoss: figure(t.exemptGainLoss),
      holdoverRelief: figure(t.holdoverRelief),
      cloggedLoss: figure(t.cloggedLoss),
      indexation: figure(t.indexation),
    })),
  };
}

/**
 * The tax engine's runs reach the grids here (DESIGN §1): the calculation.completed events delivered together are
 * written beside their clients' rows in one transaction with the record of the events, so a redelivery changes
 * nothing twice and a firm's recalculation lands a batch of clients a statement at a time.
 */
export async function consumeTaxEngineEvents(bus: EventBus, prisma: ClientsPrisma, pool: pg.Pool, logger: Logger) {
  const deps = { calculations: createCalculationStore(prisma), logger };
  await consumeEvents<RawSql>({
    bus,
    durable: 'clients',
    logger,
    // Plain pg rather than Prisma's transactions: a firm's recalculation lands 100,000 runs through here.
    transact: (fn) => inRawTransaction(pool, fn),
    batchHandlers: {
      [CALCULATION_COMPLETED]: async (batch, tx) => {
        const runs = batch.map((e) => figuresOf(fromBinary(events.CalculationCompletedSchema, e.payload)));
        const outcomes = await storeCalculations(deps, tx, runs);
        logger.debug(
          { runs: runs.length, stored: [...outcomes.values()].filter((o) => o === 'STORED').length },
          'calculations stored',
        );
      },
    },
  });
}
