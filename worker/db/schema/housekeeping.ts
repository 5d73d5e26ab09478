// Budgets, counters and housekeeping: rate-limit windows, the counters pages show, and the cron
// jobs' ledger and watermarks.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from './columns';

// Fixed-window counters for rate limits; a row per (rule, subject). No index besides the key: each
// hit rewrites reset_at, and an index on it cost a written row per hit; the daily prune reads the
// table through (it holds one row per subject seen since the last prune). The table is WITHOUT
// ROWID (migration rows_written, decision 029), so a new key writes one row, not a row and its key.
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(), // ms since epoch
});

// Exact counts the home, community and admin pages show, kept by triggers on their tables:
// 'users', 'barters_completed', 'testimonials_visible' (approved and public). Open listings are
// listing_counts' '*' row.
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

// Exact counts only the admin dashboard shows (decision 026), kept by triggers (migration 0020):
// 'listings' (every status), 'listings_featured', 'email_pending' (outbox rows waiting).
export const adminCounters = sqliteTable('admin_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

// A ledger of cron runs: a rerun for the same scheduled time finds its row and does nothing.
// WITHOUT ROWID (migration rows_written, decision 029): a claim writes one row, not a row and its key.
export const cronRuns = sqliteTable(
  'cron_runs',
  {
    job: text('job').notNull(),
    scheduledAt: text('scheduled_at').notNull(),
    ranAt: text('ran_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.job, t.scheduledAt] })],
);

// Where a cron job left off (its watermark): one small row per job, read and written by key, so
// a run starts from it instead of searching a whole table (docs/api/background-jobs.md).
export const cronState = sqliteTable('cron_state', {
  job: text('job').primaryKey(),
  /** The job's position, e.g. the first message id of its last window. */
  cursor: integer('cursor').notNull(),
  /** The time that position stands for (ISO), e.g. that window's start. */
  at: text('at').notNull(),
  updatedAt: text('updated_at').notNull().default(now),
});
