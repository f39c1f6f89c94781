export { CorporateActionsSearch } from './components/corporate-actions-search';
export {
  AddCorporateActionHeader,
  EditCorporateActionHeader,
  ViewCorporateActionByCode,
} from './components/ca-header-pages';
