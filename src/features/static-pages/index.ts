export { StaticPage } from './components/static-page';
