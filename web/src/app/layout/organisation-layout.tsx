import { Navigate, Outlet } from 'react-router';
import { canUseRoute } from '@gains/access';
import { AppShell } from './app-shell';
import { useCurrentRoute } from './route-handle';
import { useCurrentOrganisation, useSignedIn } from './use-signed-in';

/**
 * Everything under `/:organisationUuid`: an organisation the user may not work in, or a route their
 * first role may not use, goes to '/' (spec §6).
 */
export function OrganisationLayout() {
  const { user, organisationUuids } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const route = useCurrentRoute();
  if (!organisationUuids.has(uuid)) return <Navigate to="/" replace />;
  if (route && !canUseRoute(user.roles, route.name)) return <Navigate to="/" replace />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
