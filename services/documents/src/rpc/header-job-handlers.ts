import type { JobHandler } from '@gains/jobs';
import { createCandidatesHandler } from '../domain/create-candidates';
import { createTransactionsHandler } from '../domain/create-transactions';
import { refreshCandidatesHandler } from '../domain/refresh-candidates';
import { deleteHeaderHandler, reverseHeaderHandler } from '../domain/reverse-header';
import type { LedgerSources } from './ledger-sources';

/**
 * The header pipeline's jobs over the ledger. Each tells `onJobEnded` of its organisation when its last chunk has
 * run, since the candidates' statuses it leaves can change the firm's 'Income Pending' once that chunk commits.
 */
export function createHeaderJobHandlers(
  ledger: LedgerSources,
  onJobEnded: (organisationUuid: string) => void,
): JobHandler[] {
  const settlesIncome = <I, C>(handler: JobHandler<I, C>): JobHandler<I, C> => ({
    ...handler,
    async runChunk(ctx) {
      const result = await handler.runChunk(ctx);
      if (result.done) onJobEnded(ctx.job.organisationUuid);
      return result;
    },
  });
  return [
    settlesIncome(createTransactionsHandler(ledger.poster)),
    settlesIncome(reverseHeaderHandler(ledger.reverser)),
    settlesIncome(deleteHeaderHandler()),
    settlesIncome(createCandidatesHandler(ledger.holders)),
    settlesIncome(refreshCandidatesHandler(ledger.holders)),
  ];
}
