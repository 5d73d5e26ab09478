export { conversationsQuery } from './api';
