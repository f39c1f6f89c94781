export { CorporateActionsSearch } from './components/corporate-actions-search';
export { HeaderModal } from './components/header-modal';
export { useDocumentTypes } from './api/get-document-types';
