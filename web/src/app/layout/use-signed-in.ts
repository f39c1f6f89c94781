import { useMemo } from 'react';
import { useParams } from 'react-router';
import { firstRole, ORGANISATION_PARAM } from '@gains/access';
import { useUser, type CurrentUser } from '@/features/auth';
import { useOrganisations, type Organisation } from '@/features/organisations';

export interface SignedIn {
  user: CurrentUser;
  organisations: Organisation[];
  /** uuids the user may work in: their memberships plus what /organisations returned. */
  organisationUuids: Set<string>;
  role: ReturnType<typeof firstRole>;
}

/** The signed-in user and organisations. Only for components below <SignedInRoot>, which waits for both. */
export function useSignedIn(): SignedIn {
  const user = useUser().data;
  const organisations = useOrganisations().data;
  if (!user || !organisations) throw new Error('useSignedIn used before the user and organisations loaded');
  return useMemo(
    () => ({
      user,
      organisations,
      organisationUuids: new Set([...user.organisations.map((o) => o.uuid), ...organisations.map((o) => o.uuid)]),
      role: firstRole(user.roles),
    }),
    [user, organisations],
  );
}

/** The organisation of the current path and its details. */
export function useCurrentOrganisation(): { uuid: string; organisation: Organisation | undefined } {
  const params = useParams();
  const { organisations } = useSignedIn();
  const uuid = params[ORGANISATION_PARAM] ?? '';
  return { uuid, organisation: organisations.find((o) => o.uuid === uuid) };
}
