export { circlesQuery } from './api';
export { circleDependingOnWant, circleMembersText, joinNames } from './circle-words';
