// The one source of truth for the database. Change it, then `npm run db:generate`. The tables
// live in worker/db/schema/, a file per domain; this file re-exports them all, so code imports
// `@worker/db/schema` and drizzle-kit (drizzle.config.ts) reads every table from here.
// Timestamps are ISO 8601 UTC strings (they sort correctly as text); lists are JSON text
// (worker/db/schema/columns.ts).
export * from './schema/members';
export * from './schema/listings';
export * from './schema/messages';
export * from './schema/offers';
export * from './schema/reviews';
export * from './schema/community';
export * from './schema/trade-circles';
export * from './schema/notifications';
export * from './schema/moderation';
export * from './schema/mail';
export * from './schema/housekeeping';
export * from './schema/web-push';
