// The admin dashboard's lists at scale (docs/decisions/026-admin-reads.md): one page at a time,
// newest first by (created_at, id) through an index in that order (users_created_at_idx, whose
// implicit rowid is the id; listings_created_idx), continued by keyset; totals from counter rows
// kept by triggers (counters 'users', migration 0017; admin_counters, 0020); search through
// trigram FTS5 indexes, whose matches drive the page so nothing walks the whole table.
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { listingGone } from './listing-deletion';
import type { Db } from '../client';
import { adminCounters, counters, listings, users, type ListingRow, type UserRow } from '../schema';
import { listingWithOwner } from '../shapes';
import type { sessionGateStatement } from './session-gate';
import type { AdminPage } from '@worker/lib/admin-paging';

/** The text as one FTS5 phrase: with the trigram tokenizer, a case-insensitive substring. Quoted, so no user text is FTS5 syntax. */
export const trigramPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The members' total is the public 'users' counter row; the listing totals are admin_counters rows. */
const readUserTotal = (db: Db) => db.select({ value: counters.value }).from(counters).where(eq(counters.name, 'users'));
const readListingTotals = (db: Db) =>
  db
    .select({ name: adminCounters.name, value: adminCounters.value })
    .from(adminCounters)
    .where(inArray(adminCounters.name, ['listings', 'listings_featured']));

const olderThan = (createdAt: SQL | unknown, id: SQL | unknown, before: AdminPage['before']) =>
  before ? sql`(${createdAt}, ${id}) < (${before.time}, ${before.id})` : undefined;

/**
 * The page query of the users tab (built apart so tests can EXPLAIN it). Without search it walks
 * users_created_at_idx backwards from the cursor and stops after `limit` rows. With search the
 * trigram matches drive: each looked up by id, then the matches sorted.
 */
export function adminUsersQuery(db: Db, page: AdminPage) {
  const newest = [desc(users.createdAt), desc(users.id)] as const;
  const after = olderThan(users.createdAt, users.id, page.before);
  if (!page.search)
    return db
      .select()
      .from(users)
      .where(after)
      .orderBy(...newest)
      .limit(page.limit);
  // The unary + (an expression, not the column) keeps SQLite from walking users_created_at_idx and
  // testing each row against the matches: the matches are looked up by id, then sorted.
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`${users.id} IN (SELECT rowid FROM admin_users_fts WHERE admin_users_fts MATCH ${trigramPhrase(page.search)})`,
        after,
      ),
    )
    .orderBy(sql`+${users.createdAt} DESC`, sql`+${users.id} DESC`)
    .limit(page.limit);
}

/** A page of users, newest first, and the number of all users (the 'users' counter row): one batch. */
export async function adminUsersPage(db: Db, page: AdminPage): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, total] = await db.batch([adminUsersQuery(db, page), readUserTotal(db)]);
  return { rows, total: total[0]?.value ?? 0 };
}

/**
 * The admin_counters row that marks where the listings' ids start to follow their order: every
 * listing whose id is at least its value was created no earlier than every listing of a lower id
 * (migration 0024, kept by triggers on every insert and every change of created_at or id). Above
 * it, newest first by (created_at, id) is simply id descending.
 */
export const IN_ORDER_FROM = 'listings_in_order_from';

/**
 * The page query of the listings tab, with each listing's owner. Without search it walks
 * listings_created_idx (every status) backwards from the cursor. With search, the hits are the
 * listings whose title or place holds the text (admin_listings_fts) and those of members whose
 * name or username holds it (admin_users_fts, then listings_user_created_idx).
 *
 * The hits at or above the in-order mark are walked in id order descending, which there is the
 * page's order: FTS5 hands its matches out in rowid order and honours rowid bounds, so the walk
 * starts below the cursor and stops after `limit` hits (`page_ids`). The cursor becomes an id
 * bound through listings_created_idx: the first listing at or after the cursor in page order; the
 * in-order hits below its id are exactly those after the cursor. Every listing below the mark is
 * older than every listing above it, so those come after and are read only when the in-order
 * hits do not fill the page: then, as before, each is looked up by id and they are sorted.
 */
export function adminListingsQuery(db: Db, page: AdminPage) {
  const columns = {
    listing: getTableColumns(listings),
    // Aliased: a D1 batch returns rows as objects, where a second `id` column would overwrite the first.
    owner: {
      id: sql<number>`${users.id}`.as('owner_id'),
      username: users.username,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
    },
  };
  const newest = [desc(listings.createdAt), desc(listings.id)] as const;
  if (!page.search) {
    const after = olderThan(listings.createdAt, listings.id, page.before);
    return db
      .select(columns)
      .from(listings)
      .innerJoin(users, sql`${users.id} = ${listings.userId}`)
      .where(and(after, sql`NOT ${listingGone('listings')}`))
      .orderBy(...newest)
      .limit(page.limit);
  }
  const phrase = trigramPhrase(page.search);
  const ownerPhrase = `{display_name username} : ${phrase}`;
  // No mark row (it is written by the migration): every listing counts as below it, the exact old way.
  const mark = sql`coalesce((SELECT value FROM ${adminCounters} WHERE ${adminCounters.name} = ${IN_ORDER_FROM}), 9223372036854775807)`;
  const { before } = page;
  const below = before
    ? sql`coalesce((SELECT cursor_row.id FROM ${listings} AS cursor_row WHERE (cursor_row.created_at, cursor_row.id) >= (${before.time}, ${before.id})
        ORDER BY cursor_row.created_at, cursor_row.id LIMIT 1), 9223372036854775807)`
    : undefined;
  const inOrder = (id: SQL) => (below ? sql`${id} >= ${mark} AND ${id} < ${below}` : sql`${id} >= ${mark}`);
  // The in-order hits of this page: at most `limit`, newest first.
  const pageIds = db.$with('page_ids', { id: sql<number>`id` }).as(
    sql`SELECT id FROM (SELECT rowid AS id FROM admin_listings_fts WHERE admin_listings_fts MATCH ${phrase} AND ${inOrder(sql`rowid`)}
      UNION SELECT owned.id FROM admin_users_fts CROSS JOIN ${listings} AS owned ON owned.user_id = admin_users_fts.rowid
       WHERE admin_users_fts MATCH ${ownerPhrase} AND ${inOrder(sql`owned.id`)}
      ORDER BY 1 DESC LIMIT ${page.limit})`,
  );
  // The hits below the mark, only when the in-order ones leave room (a constant condition, so
  // SQLite skips the FTS reads otherwise); each looked up by id, then sorted.
  const room = sql`(SELECT count(*) FROM page_ids) < ${page.limit}`;
  const older = before ? sql`AND (hit.created_at, hit.id) < (${before.time}, ${before.id})` : sql``;
  const rest = sql`SELECT id FROM (SELECT hit.id FROM ${listings} AS hit WHERE hit.id IN (
      SELECT rowid FROM admin_listings_fts WHERE admin_listings_fts MATCH ${phrase} AND rowid < ${mark} AND ${room}
      UNION SELECT owned.id FROM admin_users_fts CROSS JOIN ${listings} AS owned ON owned.user_id = admin_users_fts.rowid
       WHERE admin_users_fts MATCH ${ownerPhrase} AND owned.id < ${mark} AND ${room}) ${older}
     ORDER BY +hit.created_at DESC, +hit.id DESC LIMIT ${page.limit})`;
  return (
    db
      .with(pageIds)
      .select(columns)
      .from(listings)
      .innerJoin(users, sql`${users.id} = ${listings.userId}`)
      // A listing being deleted is gone for admins too (decision 042); a search page may come out one short while it lasts.
      .where(sql`${listings.id} IN (SELECT id FROM page_ids UNION ALL ${rest}) AND NOT ${listingGone('listings')}`)
      .orderBy(...newest)
      .limit(page.limit)
  );
}

/** A page of listings of every status, newest first, with owners; and the numbers of all and of featured listings. */
export async function adminListingsPage(db: Db, page: AdminPage, gate: ReturnType<typeof sessionGateStatement>) {
  // The admin's session gate first: a void session or a non-admin fails the batch (session-gate.ts).
  const [, rows, totals] = await db.batch([gate, adminListingsQuery(db, page), readListingTotals(db)]);
  const valueOf = (name: string) => totals.find((row) => row.name === name)?.value ?? 0;
  return {
    items: (rows as { listing: ListingRow; owner: Parameters<typeof listingWithOwner>[1] }[]).map((row) =>
      listingWithOwner(row.listing, row.owner),
    ),
    total: valueOf('listings'),
    featured: valueOf('listings_featured'),
  };
}
