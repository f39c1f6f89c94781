export { DocumentTypesGrid } from './components/document-types-grid';
export { FirmDocumentTypeForm, SystemDocumentType } from './components/document-type-form';
export { useDocumentTypeAdmin, useDocumentTypeAdminList } from './api/document-types';
