export { CorporateActionsSearch } from './components/corporate-actions-search';
