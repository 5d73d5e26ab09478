// The saved-search alerts' reads (worker/cron/saved-search-alerts.ts): the window's new listings and
// their categories, the searches with notifications on (in pages by id, or by whole members), the
// distinct query texts matched in one batch against an FTS5 index rebuilt over only the new
// listings, and the members with matches. The writes are the shared set-based ones (./bulk.ts) and
// the window's cursor (./cron-runs.ts).

export interface NewListing {
  id: number;
  user_id: number;
  title: string;
  created_at: string;
}

export interface SearchRow {
  id: number;
  user_id: number;
  query: string | null;
  category: string | null;
  created_at: string;
}

export interface AlertMemberRow {
  id: number;
  email: string;
  display_name: string;
  email_verified: number;
  email_notifications: number;
  /** JSON: the new listings' owners in a block with the member, either way. */
  apart: string | null;
}

/** Active listings created in (start, end], oldest first, at most `limit` (`.all<NewListing>()`). */
export const newListingsStatement = (d1: D1Database, start: string, end: string, limit: number) =>
  d1
    .prepare(
      `SELECT id, user_id, title, created_at FROM listings
        WHERE status = 'active' AND created_at > ?1 AND created_at <= ?2 ORDER BY created_at, id LIMIT ?3`,
    )
    .bind(start, end, limit);

/** Every category's slug and name. */
export const categoryNamesStatement = (d1: D1Database) => d1.prepare('SELECT slug, name FROM categories');

/** The categories of these listings. */
export const listingCategoriesStatement = (d1: D1Database, ids: number[]) =>
  d1
    .prepare('SELECT listing_id, slug FROM listing_categories WHERE listing_id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(ids));

/** Searches saved before `end` with notifications on, of the members after `afterUser`, by member (stored_searches_user_idx). */
export const searchesOfMembersAfterStatement = (d1: D1Database, afterUser: number, end: string, limit: number) =>
  d1
    .prepare(
      `SELECT id, user_id, query, category, created_at FROM stored_searches
        WHERE user_id > ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY user_id, id LIMIT ?3`,
    )
    .bind(afterUser, end, limit);

/** Every search of one member saved before `end` with notifications on. */
export const searchesOfMemberStatement = (d1: D1Database, userId: number, end: string) =>
  d1
    .prepare(
      `SELECT id, user_id, query, category, created_at FROM stored_searches
            WHERE user_id = ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY id`,
    )
    .bind(userId, end);

/** A page by id of the searches saved before `end` with notifications on. */
export const searchesAfterStatement = (d1: D1Database, afterId: number, end: string, limit: number) =>
  d1
    .prepare(
      `SELECT id, user_id, query, category, created_at FROM stored_searches
            WHERE id > ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY id LIMIT ?3`,
    )
    .bind(afterId, end, limit);

/**
 * The three statements that match query texts among the new listings, for one batch: their ids go
 * into alert_batch, the index alert_listings_fts over the view of those listings is rebuilt (same
 * columns and tokenizer as listings_fts), and every query is matched there (the third returns
 * `query` and `rowid`). Two rows written however many listings (decision 029, "Cron rows
 * written"); the index keeps these listings until the next run's rebuild.
 */
export function alertMatchStatements(
  d1: D1Database,
  listingIds: number[],
  queries: string[],
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  return [
    d1
      .prepare(
        'INSERT INTO alert_batch (id, listing_ids) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET listing_ids = excluded.listing_ids',
      )
      .bind(JSON.stringify([...listingIds].sort((a, b) => a - b))),
    d1.prepare(`INSERT INTO alert_listings_fts (alert_listings_fts) VALUES ('rebuild')`),
    d1
      .prepare(
        `SELECT q.value AS query, f.rowid AS rowid FROM json_each(?1) AS q CROSS JOIN alert_listings_fts AS f ON f.alert_listings_fts MATCH q.value`,
      )
      .bind(JSON.stringify(queries)),
  ];
}

/**
 * The members with matches, with who among the new listings' `owners` is in a block with them
 * (either way; decision 035), in one read (`.all<AlertMemberRow>()`).
 */
export const alertMembersStatement = (d1: D1Database, memberIds: number[], owners: number[]) =>
  d1
    .prepare(
      `SELECT u.id, u.email, u.display_name, u.email_verified, u.email_notifications,
              (SELECT json_group_array(m) FROM (
                 SELECT blocked_id AS m FROM blocks WHERE blocker_id = u.id AND blocked_id IN (SELECT value FROM json_each(?2))
                 UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = u.id AND blocker_id IN (SELECT value FROM json_each(?2)))) AS apart
         FROM users u WHERE u.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(memberIds), JSON.stringify(owners));
