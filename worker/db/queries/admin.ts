// The admin dashboard's lists at scale (docs/decisions/026-admin-reads.md): one page at a time,
// newest first by (created_at, id) through an index in that order (users_created_at_idx, whose
// implicit rowid is the id; listings_created_idx), continued by keyset; totals from counter rows
// kept by triggers (counters 'users', migration 0017; admin_counters, 0020); search through
// trigram FTS5 indexes, whose matches drive the page so nothing walks the whole table.
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { adminCounters, counters, listings, users, type ListingRow, type UserRow } from '../schema';
import { listingWithOwner } from '../shapes';

export interface AdminPage {
  limit: number;
  /** The position of the last row of the page before: rows strictly after it (older) come next. */
  before?: { time: string; id: number };
  /** A substring (at least three characters) of the fields the tab searches. */
  search?: string;
}

/** The text as one FTS5 phrase: with the trigram tokenizer, a case-insensitive substring. Quoted, so no user text is FTS5 syntax. */
export const trigramPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The members' total is the public 'users' counter row; the listing totals are admin_counters rows. */
const readUserTotal = (db: Db) => db.select({ value: counters.value }).from(counters).where(eq(counters.name, 'users'));
const readListingTotals = (db: Db) =>
  db.select({ name: adminCounters.name, value: adminCounters.value }).from(adminCounters).where(inArray(adminCounters.name, ['listings', 'listings_featured']));

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
  if (!page.search) return db.select().from(users).where(after).orderBy(...newest).limit(page.limit);
  // The unary + (an expression, not the column) keeps SQLite from walking users_created_at_idx and
  // testing each row against the matches: the matches are looked up by id, then sorted.
  return db
    .select()
    .from(users)
    .where(and(sql`${users.id} IN (SELECT rowid FROM admin_users_fts WHERE admin_users_fts MATCH ${trigramPhrase(page.search)})`, after))
    .orderBy(sql`+${users.createdAt} DESC`, sql`+${users.id} DESC`)
    .limit(page.limit);
}

/** A page of users, newest first, and the number of all users (the 'users' counter row): one batch. */
export async function adminUsersPage(db: Db, page: AdminPage): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, total] = await db.batch([adminUsersQuery(db, page), readUserTotal(db)]);
  return { rows, total: total[0]?.value ?? 0 };
}

/**
 * The page query of the listings tab, with each listing's owner. Without search it walks
 * listings_created_idx (every status) backwards from the cursor. With search, the hits are the
 * listings whose title or place holds the text (admin_listings_fts) and those of members whose
 * name or username holds it (admin_users_fts, then listings_user_created_idx); each is looked up
 * by id and the hits sorted, and only the page's rows are joined with their owners.
 */
export function adminListingsQuery(db: Db, page: AdminPage) {
  const columns = {
    listing: getTableColumns(listings),
    // Aliased: a D1 batch returns rows as objects, where a second `id` column would overwrite the first.
    owner: { id: sql<number>`${users.id}`.as('owner_id'), username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl },
  };
  const newest = [desc(listings.createdAt), desc(listings.id)] as const;
  const after = olderThan(listings.createdAt, listings.id, page.before);
  if (!page.search) {
    return db.select(columns).from(listings).innerJoin(users, sql`${users.id} = ${listings.userId}`).where(after).orderBy(...newest).limit(page.limit);
  }
  const phrase = trigramPhrase(page.search);
  const hits = sql`SELECT rowid FROM admin_listings_fts WHERE admin_listings_fts MATCH ${phrase}
    UNION SELECT owned.id FROM admin_users_fts CROSS JOIN ${listings} AS owned ON owned.user_id = admin_users_fts.rowid
     WHERE admin_users_fts MATCH ${`{display_name username} : ${phrase}`}`;
  // The page's ids first (each match read once, sorted), then only those joined with their owners.
  const pageIds = db
    .select({ id: sql<number>`${listings.id}`.as('page_id') })
    .from(listings)
    .where(and(sql`${listings.id} IN (${hits})`, after))
    .orderBy(sql`+${listings.createdAt} DESC`, sql`+${listings.id} DESC`)
    .limit(page.limit)
    .as('page_ids');
  return db
    .select(columns)
    .from(pageIds)
    .innerJoin(listings, sql`${listings.id} = ${pageIds.id}`)
    .innerJoin(users, sql`${users.id} = ${listings.userId}`)
    .orderBy(...newest);
}

/** A page of listings of every status, newest first, with owners; and the numbers of all and of featured listings. */
export async function adminListingsPage(db: Db, page: AdminPage) {
  const [rows, totals] = await db.batch([adminListingsQuery(db, page), readListingTotals(db)]);
  const valueOf = (name: string) => totals.find((row) => row.name === name)?.value ?? 0;
  return {
    items: (rows as { listing: ListingRow; owner: Parameters<typeof listingWithOwner>[1] }[]).map((row) => listingWithOwner(row.listing, row.owner)),
    total: valueOf('listings'),
    featured: valueOf('listings_featured'),
  };
}
