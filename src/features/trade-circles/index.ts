export { circlesQuery } from './api';
export { circleDependingOnWant, circleMembersText } from './circle-words';
