export { WantCount, WantToggle } from './components/want-toggle';
export { matchesQuery } from './api';
