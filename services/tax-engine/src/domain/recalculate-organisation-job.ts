import type { JobHandler } from '@gains/jobs';
import { BACKGROUND } from './recalculation-priority';

/** Clients queued a chunk: one committed transaction each, so a stopped job resumes after the last. */
export const ORGANISATION_CHUNK = 1_000;
export const RECALCULATE_ORGANISATION = 'RECALCULATE_ORGANISATION';

/** The clients service's list of a firm's clients with a ledger (ListLedgerClients, as the engine itself). */
export type ListLedgerClients = (
  organisationUuid: string,
  afterClientUuid: string,
  limit: number,
) => Promise<{ clientUuids: string[]; /** on the first page only */ total: number }>;

/**
 * A firm's recalculation (Recalculate without a client): a job of packages/jobs whose chunks queue the firm's
 * clients that own a portfolio, in uuid order, a thousand a chunk with the cursor; its progress is the clients
 * queued. The runs themselves are the recalculation loop's, as for any queued client.
 */
export function recalculateOrganisationJob(
  listClients: ListLedgerClients,
): JobHandler<{ organisationUuid: string }, { after: string; done: number; total?: number }> {
  return {
    type: RECALCULATE_ORGANISATION,
    async runChunk({ input, cursor, tx }) {
      const after = cursor?.after ?? '';
      const page = await listClients(input.organisationUuid, after, ORGANISATION_CHUNK);
      const { clientUuids } = page;
      // Counted with the first page only, then carried in the cursor.
      const total = after === '' ? page.total : (cursor?.total ?? 0);
      // As enqueueClient: one row a client, a waiting row bumped instead of doubled.
      if (clientUuids.length > 0) {
        await tx.query(
          `INSERT INTO recalculation_queue (client_uuid, organisation_uuid, trigger, priority)
           SELECT unnest($1::uuid[]), $2::uuid, 'ORGANISATION', $3::smallint
           ON CONFLICT (client_uuid) DO UPDATE SET generation = recalculation_queue.generation + 1, changed_at = now()`,
          [clientUuids, input.organisationUuid, BACKGROUND],
        );
      }
      const done = (cursor?.done ?? 0) + clientUuids.length;
      return {
        cursor: { after: clientUuids.at(-1) ?? after, done, total },
        done: clientUuids.length < ORGANISATION_CHUNK,
        progressDone: done,
        progressTotal: Math.max(total, done),
        add: { candidates: clientUuids.length, successes: clientUuids.length },
      };
    },
  };
}
