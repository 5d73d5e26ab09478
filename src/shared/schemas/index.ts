export * from './auth';
export * from './community';
export * from './fields';
export * from './listing';
export * from './messaging';
export * from './profile';
export * from './notifications';
export * from './offers';
