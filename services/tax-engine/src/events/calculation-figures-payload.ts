import { create, toBinary } from '@bufbuild/protobuf';
import { events } from '@gains/proto';
import type { CalculationFigures } from '../domain/calculation-figures';

/** NATS takes 1 MB a message: the newest rows' figures (about 110 bytes each) travel; older ones are the run's. */
export const MAX_TRANSACTIONS_PUBLISHED = 4_000;

/**
 * The figures' part of a CalculationCompleted event (client, portfolios, holdings, transactions), encoded where
 * they were computed: the compute worker. Protobuf messages written one after the other read as one, so the
 * service appends this to the run's own fields (calculationCompletedEvent) without decoding or encoding the
 * figures on its event loop. A revaluation (new prices alone) sends no row's figures.
 */
export function calculationFiguresPayload(figures: CalculationFigures, revaluation: boolean): Uint8Array {
  return toBinary(
    events.CalculationCompletedSchema,
    create(events.CalculationCompletedSchema, {
      client: figures.client,
      portfolios: figures.portfolios,
      holdings: figures.holdings,
      transactions: revaluation ? [] : figures.transactions.slice(-MAX_TRANSACTIONS_PUBLISHED),
    }),
  );
}
