export { StaticPage } from './components/static-page';
export { bold, richText } from './rich-text';
