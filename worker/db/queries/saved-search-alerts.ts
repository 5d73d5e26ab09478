// The saved-search alerts' reads (worker/cron/saved-search-alerts.ts): the window's new listings and
// their categories, the searches with notifications on (in pages by id, or by whole members), the
// distinct query texts matched in one batch against an FTS5 index rebuilt over only the new
// listings, and the members with matches. The writes are the shared set-based ones (./bulk.ts) and
// the window's cursor (./cron-runs.ts).
import { DAY } from '@worker/lib/time';

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
  /** 1 when its matches may be emailed in this run (its digest frequency allows one), else 0. */
  due: number;
  /** 1 when a digest naming it is to be dated (daily and weekly searches: last_digest_at). */
  dated: number;
}

/**
 * The searches' columns the alerts read, with whether each is due a digest at the run's time:
 * 'immediate' always, 'daily' and 'weekly' when not emailed since a day (?d) or a week (?w) before
 * it (parameters ?day and ?week). Read in the statements that read the searches anyway (no
 * statement of its own).
 */
const searchColumns = (day: number, week: number) => `id, user_id, query, category, created_at,
        (digest_frequency = 'immediate' OR last_digest_at IS NULL
          OR last_digest_at <= CASE digest_frequency WHEN 'weekly' THEN ?${week} ELSE ?${day} END) AS due,
        (digest_frequency <> 'immediate') AS dated`;

/** A day and a week before the run's time `end` (ISO), the bounds `due` compares with. */
export function digestBounds(end: string): [string, string] {
  const at = Date.parse(end);
  return [new Date(at - DAY).toISOString(), new Date(at - 7 * DAY).toISOString()];
}

export interface AlertMemberRow {
  id: number;
  email: string;
  display_name: string;
  email_verified: number;
  email_notifications: number;
  /** The language the member's digest is written in (users.language). */
  language: string;
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
      `SELECT ${searchColumns(4, 5)} FROM stored_searches
        WHERE user_id > ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY user_id, id LIMIT ?3`,
    )
    .bind(afterUser, end, limit, ...digestBounds(end));

/** Every search of one member saved before `end` with notifications on. */
export const searchesOfMemberStatement = (d1: D1Database, userId: number, end: string) =>
  d1
    .prepare(
      `SELECT ${searchColumns(3, 4)} FROM stored_searches
            WHERE user_id = ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY id`,
    )
    .bind(userId, end, ...digestBounds(end));

/** A page by id of the searches saved before `end` with notifications on. */
export const searchesAfterStatement = (d1: D1Database, afterId: number, end: string, limit: number) =>
  d1
    .prepare(
      `SELECT ${searchColumns(4, 5)} FROM stored_searches
            WHERE id > ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY id LIMIT ?3`,
    )
    .bind(afterId, end, limit, ...digestBounds(end));

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
 * Dates the daily and weekly searches a run's digests named (`at`: the run's time, which the next
 * runs' `due` compares with), for the run's batch: one row written per search.
 */
export const digestedSearchesStatement = (d1: D1Database, searchIds: number[], at: string) =>
  d1
    .prepare('UPDATE stored_searches SET last_digest_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(searchIds), at);

/**
 * The members with matches, with who among the new listings' `owners` is in a block with them
 * (either way; decision 035), in one read (`.all<AlertMemberRow>()`).
 */
export const alertMembersStatement = (d1: D1Database, memberIds: number[], owners: number[]) =>
  d1
    .prepare(
      `SELECT u.id, u.email, u.display_name, u.email_verified, u.email_notifications, u.language,
              (SELECT json_group_array(m) FROM (
                 SELECT blocked_id AS m FROM blocks WHERE blocker_id = u.id AND blocked_id IN (SELECT value FROM json_each(?2))
                 UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = u.id AND blocker_id IN (SELECT value FROM json_each(?2)))) AS apart
         FROM users u WHERE u.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(memberIds), JSON.stringify(owners));
