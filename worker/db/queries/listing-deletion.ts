// Deleting a listing in bounded steps (decision 042, "Listing deletion"). The request marks the
// listing 'deleted' (a stored status every read path treats as gone: public reads already take
// only active and pending listings; the others name LISTING_GONE) and runs one step; the frequent
// cron's `listing-deletions` job runs the steps of the listings still marked until each is gone.
// A step deletes at most DELETION_ROWS_PER_STEP rows of the tables that refer to the listing
// (LISTING_DEPENDANTS, in order), and the listing row once nothing refers to it any more.
import { sql } from 'drizzle-orm';

/** The stored status of a listing being deleted: never shown, never changed again. */
export const DELETED_STATUS = 'deleted';
/** SQL: the listing row (alias or table given) is being deleted; read paths that show non-public listings exclude it. */
export const listingGone = (alias: string) => sql.raw(`${alias}.status = '${DELETED_STATUS}'`);
/** A constant subquery: the listings being deleted (few; read through listings_status_created_idx). */
export const LISTINGS_GONE_SQL = `SELECT id FROM listings WHERE status = '${DELETED_STATUS}'`;

/** Rows a step deletes at most, over all the dependant tables (a row deleted writes up to about four: its indexes, a bell entry folded). */
export const DELETION_ROWS_PER_STEP = 100;
/** Steps a cron call runs at most (DELETION_ROWS_PER_STEP rows each; one listing's, then the next's). */
export const DELETION_STEPS_PER_CALL = 4;

/**
 * Every table with a foreign key to listings, in the order a step empties them. Conversation rows
 * first: their delete folds each side's unread bell entry (migration 0030) as the cascade
 * did, and a message deleted after its conversation's rows finds none to update (deleted first,
 * each message's trigger reads the listing's other messages: 1,000 rows read a message with
 * 1,000 conversations). listing-deletion-costs.test.ts keeps this list equal to the schema's.
 */
export const LISTING_DEPENDANTS = [
  'conversations',
  'messages',
  'held_messages',
  'message_email_notices',
  'offers',
  'offer_items',
  'reviews',
  'barters',
  'wants',
  'trade_circle_legs',
  'listing_categories',
] as const;

/** The keys of the dependant tables stored WITHOUT ROWID (migrations 0029, 0030). */
const KEYS: Partial<Record<(typeof LISTING_DEPENDANTS)[number], string>> = {
  conversations: 'listing_id, a_id, b_id',
  trade_circle_legs: 'circle_id, position',
};

/**
 * One bounded step for a listing marked deleted, in two round trips: how many rows each dependant
 * table still has (each count stops at DELETION_ROWS_PER_STEP, so the read is bounded too), then
 * one batch deleting DELETION_ROWS_PER_STEP rows at most, the tables in order; when they were all
 * of what was left, the same batch deletes the listing row (its status and emptiness checked
 * again in the statement, so only a marked listing with nothing left is deleted). True when the
 * listing is gone.
 */
export async function deletionStep(d1: D1Database, listingId: number): Promise<boolean> {
  const capped = LISTING_DEPENDANTS.map(
    (table) => `(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE listing_id = ?1 LIMIT ?2)) AS ${table}`,
  );
  const left = (await d1
    .prepare(`SELECT ${capped.join(', ')}`)
    .bind(listingId, DELETION_ROWS_PER_STEP)
    .first<Record<string, number>>())!;
  let room = DELETION_ROWS_PER_STEP;
  const statements: D1PreparedStatement[] = [];
  for (const table of LISTING_DEPENDANTS) {
    const take = Math.min(left[table] ?? 0, room);
    if (take === 0) continue;
    const key = KEYS[table] ?? 'rowid';
    statements.push(
      d1
        .prepare(`DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE listing_id = ?1 LIMIT ?2)`)
        .bind(listingId, take),
    );
    room -= take;
  }
  // Everything left fits in this step: no count reached the cap, and together they fit.
  const counts = LISTING_DEPENDANTS.map((table) => left[table] ?? 0);
  const all =
    counts.every((n) => n < DELETION_ROWS_PER_STEP) && counts.reduce((a, b) => a + b, 0) <= DELETION_ROWS_PER_STEP;
  if (!all) {
    await d1.batch(statements);
    return false;
  }
  const none = LISTING_DEPENDANTS.map((table) => `NOT EXISTS (SELECT 1 FROM ${table} WHERE listing_id = ?1)`).join(
    ' AND ',
  );
  const last = d1
    .prepare(`DELETE FROM listings WHERE id = ?1 AND status = '${DELETED_STATUS}' AND ${none} RETURNING id`)
    .bind(listingId);
  const results = await d1.batch([...statements, last]);
  return results.at(-1)!.results.length > 0;
}

/** The listings marked deleted, oldest first (listings_status_created_idx). */
export async function listingsBeingDeleted(d1: D1Database, limit: number): Promise<number[]> {
  const { results } = await d1
    .prepare(`SELECT id FROM listings WHERE status = '${DELETED_STATUS}' ORDER BY created_at LIMIT ?1`)
    .bind(limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
