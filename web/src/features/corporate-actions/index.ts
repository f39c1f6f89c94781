export { CorporateActionsSearch } from './components/corporate-actions-search';
export {
  AddCorporateActionHeader,
  EditCorporateActionHeader,
  ViewCorporateActionByCode,
} from './components/ca-header-pages';
export { HeaderModal } from './components/header-modal';
export { useDocumentTypes } from './api/get-document-types';
