export {
  useOrganisations,
  useOrganisation,
  getOrganisationsQueryOptions,
  getOrganisationQueryOptions,
  type Organisation,
} from './api/get-organisations';
export { OrganisationSwitcher } from './components/organisation-switcher';
