export { OrganisationsGrid } from './components/organisations-grid';
export { OrganisationForm } from './components/organisation-form';
export { ServiceLevelsGrid } from './components/service-levels-grid';
export { ServiceLevelForm } from './components/service-level-form';
export { UsersTable } from './components/users-table';
export { useAdminOrganisation } from './api/get-organisations';
export { useServiceLevel } from './api/get-service-levels';
