import { buildPath, type RouteName } from '@gains/access';

/** Hrefs of the app, built from the one route table in @gains/access. */
export const paths = {
  root: '/',
  route: (name: RouteName, organisationUuid: string, params: Record<string, string | number> = {}) =>
    buildPath(name, { organisationUuid, ...params }),
  clients: (organisationUuid: string) => buildPath('Clients', { organisationUuid }),
  crash: (organisationUuid: string) => `/${encodeURIComponent(organisationUuid)}/__crash`,
};

/** The same path under another organisation: `/old/clients?x` → `/new/clients`. From the root: the new firm's clients. */
export function switchOrganisationPath(pathname: string, organisationUuid: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return paths.clients(organisationUuid);
  segments[0] = encodeURIComponent(organisationUuid);
  return `/${segments.join('/')}`;
}
