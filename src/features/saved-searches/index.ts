export { SaveSearchButton } from './components/save-search-button';
export { SavedSearchList } from './components/saved-search-list';
export { SavedSearchesDialog } from './components/saved-searches-dialog';
