import type { JobHandler } from '@gains/jobs';

/** Clients queued a chunk: one committed transaction each, so a stopped job resumes after the last. */
export const ORGANISATION_CHUNK = 1_000;
export const RECALCULATE_ORGANISATION = 'RECALCULATE_ORGANISATION';

/**
 * A firm's recalculation (Recalculate without a client): a job of packages/jobs whose chunks queue the clients the
 * engine knows for the firm, in uuid order, a thousand a chunk with the cursor; its progress is the clients queued.
 * The runs themselves are the recalculation loop's, as for any queued client. `queued` wakes the loop.
 */
export function recalculateOrganisationJob(): JobHandler<{ organisationUuid: string }, { after: string }> {
  return {
    type: RECALCULATE_ORGANISATION,
    async runChunk({ input, cursor, tx }) {
      const after = cursor?.after ?? '00000000-0000-0000-0000-000000000000';
      const { rows } = await tx.query<{ client_uuid: string }>(
        `SELECT client_uuid::text FROM known_client WHERE organisation_uuid = $1 AND client_uuid > $2
         ORDER BY client_uuid LIMIT $3`,
        [input.organisationUuid, after, ORGANISATION_CHUNK],
      );
      // As enqueueClient: one row a client, a waiting row bumped instead of doubled.
      if (rows.length > 0) {
        await tx.query(
          `INSERT INTO recalculation_queue (client_uuid, organisation_uuid, trigger)
           SELECT unnest($1::uuid[]), $2::uuid, 'ORGANISATION'
           ON CONFLICT (client_uuid) DO UPDATE SET generation = recalculation_queue.generation + 1, changed_at = now()`,
          [rows.map((r) => r.client_uuid), input.organisationUuid],
        );
      }
      const { rows: done } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM known_client WHERE organisation_uuid = $1 AND client_uuid <= $2`,
        [input.organisationUuid, rows.at(-1)?.client_uuid ?? after],
      );
      return {
        cursor: { after: rows.at(-1)?.client_uuid ?? after },
        done: rows.length < ORGANISATION_CHUNK,
        progressDone: done[0]!.n,
        add: { candidates: rows.length, successes: rows.length },
      };
    },
  };
}
