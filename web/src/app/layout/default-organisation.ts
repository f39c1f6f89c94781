import type { Organisation } from '@/features/organisations';

/** The provider runs the installation; clients are held by firms (and their branches). */
const holdsClients = (organisation: Organisation) => organisation.type !== 'PROVIDER';

/**
 * Where '/' lands: the user's first organisation that holds clients, else the first such
 * organisation they can see (a provider admin lands in the first firm), else their first
 * organisation of any kind.
 */
export function defaultOrganisationUuid(
  memberships: readonly { uuid: string }[],
  organisations: readonly Organisation[],
): string | undefined {
  const byUuid = new Map(organisations.map((o) => [o.uuid, o]));
  const own = memberships.flatMap((m) => byUuid.get(m.uuid) ?? []);
  const working = own.find(holdsClients) ?? organisations.find(holdsClients);
  return working?.uuid ?? memberships[0]?.uuid ?? organisations[0]?.uuid;
}
