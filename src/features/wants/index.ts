export { WantCount, WantToggle } from './components/want-toggle';
