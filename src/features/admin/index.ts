export { OpenReportsLink } from './components/open-reports-link';
