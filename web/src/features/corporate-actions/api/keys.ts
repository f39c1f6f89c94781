import type { HeaderSearch } from '../components/header-rules';

/** Query keys of the corporate actions feature: per organisation, so switching firm never shows another's rows. */
export const corporateActionKeys = {
  all: (organisationUuid: string) => ['corporate-actions', organisationUuid] as const,
  types: (organisationUuid: string, documentTypeCode = 'CA') =>
    [...corporateActionKeys.all(organisationUuid), 'types', documentTypeCode] as const,
  searches: (organisationUuid: string) => [...corporateActionKeys.all(organisationUuid), 'search'] as const,
  search: (
    organisationUuid: string,
    q: HeaderSearch & { term: string; page: number; size: number; documentTypeCode?: string },
  ) => [...corporateActionKeys.searches(organisationUuid), q] as const,
  header: (organisationUuid: string, uuid: string) =>
    [...corporateActionKeys.all(organisationUuid), 'header', uuid] as const,
  rows: (organisationUuid: string, uuid: string, kind: 'candidates' | 'previews') =>
    [...corporateActionKeys.header(organisationUuid, uuid), kind] as const,
  movementParties: (organisationUuid: string, what: 'clients' | 'portfolios', q: Record<string, string>) =>
    [...corporateActionKeys.all(organisationUuid), 'movement', what, q] as const,
};
