import type { HeaderSearch } from '../components/header-rules';

/** A header's grids, each its own call (seed 001 §7): candidates, previews, proposed and posted transactions. */
export type HeaderRowsKind = 'candidates' | 'previews' | 'preview-transactions' | 'transactions';

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
  rows: (organisationUuid: string, uuid: string, kind: HeaderRowsKind) =>
    [...corporateActionKeys.header(organisationUuid, uuid), kind] as const,
  byCode: (organisationUuid: string, code: string) =>
    [...corporateActionKeys.all(organisationUuid), 'code', code] as const,
  layers: (organisationUuid: string, securityId: number) =>
    [...corporateActionKeys.all(organisationUuid), 'layers', securityId] as const,
  securities: (organisationUuid: string, term: string) =>
    [...corporateActionKeys.all(organisationUuid), 'securities', term] as const,
  movementParties: (organisationUuid: string, what: 'clients' | 'portfolios', q: Record<string, string>) =>
    [...corporateActionKeys.all(organisationUuid), 'movement', what, q] as const,
};
