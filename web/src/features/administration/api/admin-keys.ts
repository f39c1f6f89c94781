/** Query keys of the administration feature. */
export const adminKeys = {
  all: ['admin'] as const,
  organisations: () => [...adminKeys.all, 'organisations'] as const,
  organisation: (id: number) => [...adminKeys.organisations(), 'id', id] as const,
  organisationTypes: () => [...adminKeys.all, 'organisation-types'] as const,
  organisationSearch: (term: string, childOrgTypeCode: string) =>
    [...adminKeys.all, 'organisation-search', term, childOrgTypeCode] as const,
  serviceLevels: () => [...adminKeys.all, 'service-levels'] as const,
  serviceLevel: (id: number) => [...adminKeys.serviceLevels(), id] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPage: (page: number, size: number, term: string) => [...adminKeys.users(), page, size, term] as const,
};
