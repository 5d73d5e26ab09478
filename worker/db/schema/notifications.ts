// Notifications and saved searches: the bell's entries, "mark all read" left for the cron, and
// the saved searches the alerts job matches new listings against.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEFAULT_DIGEST_FREQUENCY, DIGEST_FREQUENCIES, NOTIFICATION_KINDS } from '@/shared/constants';
import { now, createdAt, bool } from './columns';
import { users } from './members';

// One entry per subject: a conversation's messages, a barter, a review, a saved search's matches.
// A new event on the same subject bumps the entry (count, text, unread) instead of adding rows.
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    subjectKey: text('subject_key').notNull(), // e.g. "message:<listingId>:<partnerId>"
    text: text('text').notNull(),
    link: text('link').notNull(),
    count: integer('count').notNull().default(1),
    readAt: text('read_at'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
    /**
     * A conversation entry's mark on the receiver's side of the conversation (conversations): its
     * `received_texts` when `count` last took the conversation's messages in. While the entry is
     * unread, the messages received since (received_texts - base) count on top of `count` without
     * a write here; NULL on other subjects and on entries from before this column (decision 029,
     * "Bell entries counted from the summaries").
     */
    base: integer('base'),
  },
  (t) => [
    uniqueIndex('notifications_user_subject_idx').on(t.userId, t.subjectKey),
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt),
    // The unread entries only (the bell's count, "mark all read"): settling an entry deletes its
    // entry here, which D1 does not count, where (user_id, read_at) wrote a moved one (decision 029).
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    // The match digest reads the match entries of its window only (worker/cron/match-digest.ts).
    index('notifications_match_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'match'`),
  ],
);

// "Mark all read" beyond what one request marks (decision 042): the request marks the bell's page
// and up to MARK_ALL_PER_REQUEST more; this row asks the frequent cron to mark the member's other
// entries that were unread at `through`, in bounded steps, and goes when they are done. One row
// per member (the key is the member: a second "mark all" moves `through` on).
export const bellReadMarks = sqliteTable('bell_read_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  through: text('through').notNull(),
  createdAt: createdAt(),
});

export const storedSearches = sqliteTable(
  'stored_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query'),
    category: text('category'),
    notificationsEnabled: bool('notifications_enabled').notNull().default(true),
    createdAt: createdAt(),
    // How often its matches may be emailed, and when they last were (the alert cron's run time):
    // read by the cron's own search reads, written in its digest batch (decision 063).
    frequency: text('digest_frequency', { enum: DIGEST_FREQUENCIES }).notNull().default(DEFAULT_DIGEST_FREQUENCY),
    lastDigestAt: text('last_digest_at'),
  },
  (t) => [index('stored_searches_user_idx').on(t.userId, t.createdAt)],
);

// The listings the saved-search alerts are matching (worker/cron/saved-search-alerts.ts): one row
// (id 1) holding their ids as a JSON array in ascending order. The view `alert_listings` (migration
// 0026) reads those listings, and the FTS5 index `alert_listings_fts` is built over that view with
// one 'rebuild' command: one row written for the ids and one for the rebuild, however many listings
// (decision 029, "Cron rows written").
export const alertBatch = sqliteTable('alert_batch', {
  id: integer('id').primaryKey(),
  listingIds: text('listing_ids').notNull().default('[]'),
});

export type NotificationRow = typeof notifications.$inferSelect;

export type StoredSearchRow = typeof storedSearches.$inferSelect;
