import type pg from 'pg';

/**
 * `count` LIVE individual clients of the organisation, coded `${prefix}000001` on, named `${name} n`, each the sole
 * owner of one GIA portfolio coded `<client code>-01`: written straight into the clients schema (a bench's
 * population, far faster than the API). With `manager`, each has that relationship manager.
 */
export async function insertBenchClients(
  db: pg.Client,
  options: {
    organisationUuid: string;
    prefix: string;
    name: string;
    count: number;
    manager?: { code: string; name: string };
  },
): Promise<void> {
  const { organisationUuid, prefix, name, count, manager } = options;
  await db.query(
    `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, relationship_manager_code,
                                 relationship_manager, updated_at)
     SELECT gen_random_uuid(), $1, $2::text || lpad(n::text, 6, '0'), $3::text || ' ' || n, 'INDIVIDUAL', 'LIVE', $4, $5,
            now()
       FROM generate_series(1, $6) AS n`,
    [organisationUuid, prefix, name, manager?.code ?? '', manager?.name ?? '', count],
  );
  await db.query(
    `INSERT INTO clients.portfolio (uuid, organisation_uuid, code, name, updated_at)
     SELECT gen_random_uuid(), $1, $2::text || lpad(n::text, 6, '0') || '-01', $3::text || ' ' || n || ' GIA', now()
       FROM generate_series(1, $4) AS n`,
    [organisationUuid, prefix, name, count],
  );
  await db.query(
    `INSERT INTO clients.portfolio_owner (portfolio_id, client_id, percentage)
     SELECT p.id, c.id, 100 FROM clients.portfolio p
       JOIN clients.client c ON c.organisation_uuid = p.organisation_uuid AND p.code = c.code || '-01'
      WHERE p.organisation_uuid = $1 AND c.code LIKE $2::text || '%'`,
    [organisationUuid, prefix],
  );
}
