// Data access for listings. Text search reads the FTS5 index (listings_fts) and category filters
// the listing_categories junction, so neither scans the listings table.
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { FEATURED_LIMIT } from '../../../src/shared/constants';
import { boundingBox, distanceMiles, type Position } from '../../lib/geo';
import { isoNow } from '../../lib/time';
import type { Db } from '../client';
import { categories, listingCategories, listings, uploads, users, type ListingRow } from '../schema';
import { listingWithOwner } from '../shapes';
import { uploadKeyFromPath } from './images';
import type { ListingFields } from '../../../src/shared/api-types';

/** Statuses anyone may browse; paused and completed listings show only to their owner and admins. */
export const PUBLIC_STATUSES = ['active', 'pending'] as const;

const withOwner = {
  listing: getTableColumns(listings),
  // Aliased: a D1 batch returns rows as objects, where a second `id` column would overwrite the first.
  owner: { id: sql<number>`${users.id}`.as('owner_id'), username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl },
};

function selectWithOwner(db: Db) {
  return db.select(withOwner).from(listings).innerJoin(users, eq(users.id, listings.userId));
}

const newestFirst = [desc(listings.createdAt), desc(listings.id)] as const;

type Joined = { listing: ListingRow; owner: Parameters<typeof listingWithOwner>[1] };
const shape = (rows: Joined[], from?: Position | null) => rows.map((row) => listingWithOwner(row.listing, row.owner, from));

// At most this many words of a search are used; more add cost and rarely precision.
const MAX_SEARCH_TERMS = 10;

/**
 * The user's text as an FTS5 query: each word (unicode letters, digits, combining marks) becomes a
 * quoted prefix term, and all must match. Quoting means no user text is read as FTS5 syntax.
 * Returns null when the text holds no word, which means "no text filter".
 */
export function ftsQuery(text: string | undefined): string | null {
  const words = (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_SEARCH_TERMS)
    .map((word) => `"${word}"*`)
    .join(' AND ');
}

export interface ListingSearch {
  search?: string;
  /** A category slug; empty or 'all' means any. */
  category?: string;
  /** The signed-in member: their own listings are left out of what they browse and search. */
  viewerId?: number | null | undefined;
  limit: number;
  offset: number;
}

/**
 * How much a match in each FTS5 column counts for bm25, in the index's column order: title,
 * description, what the owner wants, want options. A word in the title says what the listing is;
 * in the description it may be an aside ("the bike in the photo is not included").
 */
export const SEARCH_COLUMN_WEIGHTS = [10, 1, 3, 2] as const;

/** The relevance of the joined listings_fts row: bm25 is negative, lower is better. */
const relevance = sql<number>`bm25(listings_fts, ${sql.raw(SEARCH_COLUMN_WEIGHTS.join(', '))})`;

/** The joined FTS5 index, for queries that rank by relevance (searchConditions(…, { joined: true })). */
const ftsTable = sql`listings_fts`;
const ftsJoin = sql`listings_fts.rowid = ${listings.id}`;

/**
 * The browse/search filter: public statuses, optional text (FTS5), category (junction), area and
 * not the viewer's own listings. `joined`: the query joins listings_fts (to rank by bm25), so the
 * text is matched on the joined table instead of through a subquery.
 */
export function searchConditions(filter: Pick<ListingSearch, 'search' | 'category' | 'viewerId'>, area?: SQL, { joined = false } = {}): SQL {
  const conditions: SQL[] = area ? [area] : [];
  const match = ftsQuery(filter.search);
  if (match) {
    conditions.push(joined ? sql`listings_fts MATCH ${match}` : sql`${listings.id} IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ${match})`);
  }
  const category = filter.category?.trim().toLowerCase();
  if (category && category !== 'all') {
    conditions.push(sql`${listings.id} IN (SELECT ${listingCategories.listingId} FROM ${listingCategories} WHERE ${listingCategories.slug} = ${category})`);
  }
  const statuses = sql.join(
    PUBLIC_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // With a text or category filter, the unary + keeps SQLite from walking every public listing
  // through the status index: the FTS or junction matches drive, looked up by primary key.
  conditions.push(conditions.length ? sql`+${listings.status} IN (${statuses})` : inArray(listings.status, [...PUBLIC_STATUSES]));
  // A member's own listings are on their profile; browsing and searching show what others offer.
  if (filter.viewerId != null) conditions.push(sql`${listings.userId} <> ${filter.viewerId}`);
  return and(...conditions)!;
}

/**
 * The page query and the count query of a search (built apart so tests can EXPLAIN them). With
 * text, the page joins the FTS5 index and ranks by bm25 (title weighted highest), newest first
 * among equals; without text it is newest first. The count needs no ranking.
 */
export function searchQueries(db: Db, filter: ListingSearch) {
  const ranked = ftsQuery(filter.search) !== null;
  const page = ranked
    ? selectWithOwner(db)
        .innerJoin(ftsTable, ftsJoin)
        .where(searchConditions(filter, undefined, { joined: true }))
        .orderBy(relevance, ...newestFirst)
    : selectWithOwner(db)
        .where(searchConditions(filter))
        .orderBy(...newestFirst);
  return {
    page: page.limit(filter.limit).offset(filter.offset),
    total: db.select({ total: count() }).from(listings).where(searchConditions(filter)),
  };
}

/**
 * Listings whose stored coordinates fall in the box around `center` that holds every point within
 * `miles`: a range on the (latitude, longitude) index, longitude split in two across the antimeridian.
 */
export function areaCondition(center: Position, miles: number): SQL {
  const box = boundingBox(center, miles);
  const longitudes = box.longitudes.map(([west, east]) => sql`${listings.longitude} BETWEEN ${west} AND ${east}`);
  return sql`${listings.latitude} BETWEEN ${box.minLatitude} AND ${box.maxLatitude} AND (${sql.join(longitudes, sql` OR `)})`;
}

/**
 * The candidates of a distance search: every listing in the box, with what paging needs (and,
 * with text, its bm25 relevance from the joined FTS5 index).
 */
export function areaCandidatesQuery(db: Db, filter: Pick<ListingSearch, 'search' | 'category' | 'viewerId'>, center: Position, miles: number) {
  const columns = { id: listings.id, latitude: listings.latitude, longitude: listings.longitude, createdAt: listings.createdAt };
  const area = areaCondition(center, miles);
  if (ftsQuery(filter.search) === null) {
    return db
      // Named: D1's batch answers rows as objects, and a column called `0` is an integer key,
      // which JavaScript puts first, so drizzle would map every column one place off.
      .select({ ...columns, relevance: sql<number>`0`.as('relevance') })
      .from(listings)
      .where(searchConditions(filter, area));
  }
  return db
    .select({ ...columns, relevance })
    .from(listings)
    .innerJoin(ftsTable, ftsJoin)
    .where(searchConditions(filter, area, { joined: true }));
}

/** Most relevant first (bm25: lower is better), then newest first. */
function byRelevanceThenNewest(a: { id: number; createdAt: string; relevance: number }, b: typeof a): number {
  if (a.relevance !== b.relevance) return a.relevance - b.relevance;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

/**
 * The listings of a search whose place is unknown (no coordinates): id and creation time only.
 * Coordinates are written together, so a null latitude stands for both; it reads the coordinates
 * index (or the FTS / category match when one drives).
 */
export function unlocatedCandidatesQuery(db: Db, filter: Pick<ListingSearch, 'search' | 'category' | 'viewerId'>) {
  return db
    .select({ id: listings.id, createdAt: listings.createdAt })
    .from(listings)
    .where(searchConditions(filter, isNull(listings.latitude)));
}

const newestFirstRows = (a: { id: number; createdAt: string }, b: { id: number; createdAt: string }) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/**
 * A search within `miles` of `center`. SQLite on D1 has no trigonometry to rely on, so the box is
 * read through the coordinates index and the exact great-circle distance is checked here. The
 * result is the listings within range (most relevant, then newest first), then the listings whose
 * place is unknown (no coordinates, newest first; they carry `distanceMiles: null`): the page is
 * cut from that order before its rows are read by primary key. The two candidate reads go in one
 * batch.
 */
export async function searchListingsNear(db: Db, filter: ListingSearch, center: Position, miles: number) {
  const [candidates, unlocated] = await db.batch([areaCandidatesQuery(db, filter, center, miles), unlocatedCandidatesQuery(db, filter)]);
  const within = candidates
    .filter((row) => row.latitude !== null && row.longitude !== null && distanceMiles(center, { latitude: row.latitude, longitude: row.longitude }) <= miles)
    .sort(byRelevanceThenNewest);
  const ordered = [...within, ...unlocated.sort(newestFirstRows)];
  const pageIds = ordered.slice(filter.offset, filter.offset + filter.limit).map((row) => row.id);
  if (pageIds.length === 0) return { items: [], total: ordered.length };
  const rows = await selectWithOwner(db).where(inArray(listings.id, pageIds));
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  const pageRows = pageIds.map((id) => byId.get(id)).filter((row): row is Joined => row !== undefined);
  return { items: shape(pageRows, center), total: ordered.length };
}

/** One page of matching listings (most relevant, or newest, first) and the total count, in one batch. */
export async function searchListings(db: Db, filter: ListingSearch, from?: Position | null) {
  const { page, total } = searchQueries(db, filter);
  const [rows, totals] = await db.batch([page, total]);
  return { items: shape(rows, from), total: totals[0]?.total ?? 0 };
}

export async function featuredListings(db: Db) {
  const rows = await selectWithOwner(db)
    .where(and(eq(listings.isFeatured, true), eq(listings.status, 'active')))
    .orderBy(...newestFirst)
    .limit(FEATURED_LIMIT);
  return shape(rows);
}

export async function findListing(db: Db, id: number) {
  const [row] = await selectWithOwner(db).where(eq(listings.id, id));
  return row;
}

export async function findListingShaped(db: Db, id: number, from?: Position | null) {
  const row = await findListing(db, id);
  return row ? listingWithOwner(row.listing, row.owner, from) : undefined;
}

/** A member's listings, newest first; `allStatuses` for the owner and admins. */
export async function listingsOfUser(db: Db, userId: number, allStatuses: boolean) {
  const where = allStatuses ? eq(listings.userId, userId) : and(eq(listings.userId, userId), inArray(listings.status, [...PUBLIC_STATUSES]));
  return shape(await selectWithOwner(db).where(where).orderBy(...newestFirst));
}

/** Every listing of every status, for the admin dashboard. */
export async function allListings(db: Db) {
  return shape(await selectWithOwner(db).orderBy(...newestFirst));
}

export function listCategories(db: Db) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.id));
}

/** The slugs of `slugs` that name no category. */
export async function unknownCategories(db: Db, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const known = await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs));
  const knownSet = new Set(known.map((row) => row.slug));
  return slugs.filter((slug) => !knownSet.has(slug));
}

const keysOf = (imageUrls: string[]) => imageUrls.map(uploadKeyFromPath).filter((key): key is string => key !== null);

/** Marks uploads as used by a listing (only the owner's own rows can match). */
function attachUploads(db: Db, userId: number, imageUrls: string[]) {
  const keys = keysOf(imageUrls);
  return keys.length ? [db.update(uploads).set({ attachedAt: isoNow() }).where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)))] : [];
}

/** Forgets uploads a listing no longer uses (the caller deletes their R2 objects). */
function detachUploads(db: Db, userId: number, imageUrls: string[]) {
  const keys = keysOf(imageUrls);
  return keys.length ? [db.delete(uploads).where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)))] : [];
}

/**
 * Creates the listing, its category rows and marks its uploads attached, in one D1 batch (one
 * transaction). The junction rows find the new id as the owner's highest listing id: inside the
 * batch's transaction no other write interleaves, and AUTOINCREMENT ids only grow.
 */
export async function insertListing(db: Db, userId: number, fields: ListingFields, position: Position | null = null) {
  const [inserted] = await db.batch([
    db
      .insert(listings)
      .values({ ...fields, userId, status: 'active', latitude: position?.latitude ?? null, longitude: position?.longitude ?? null })
      .returning(),
    db.insert(listingCategories).select(
      db
        .select({ listingId: sql<number>`(SELECT max(id) FROM listings WHERE user_id = ${userId})`.as('listing_id'), slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, fields.categoriesOffered)),
    ),
    ...attachUploads(db, userId, fields.imageUrls),
  ]);
  return inserted[0]!;
}

/** Fields to change; an undefined field is left as it is. */
export type ListingChanges = { [K in keyof ListingFields]?: ListingFields[K] | undefined } & {
  status?: ListingRow['status'] | undefined;
  isFeatured?: boolean | undefined;
  /** Set with the location: the coordinates it resolved to, or null. */
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
};

/**
 * Applies an edit in one batch: the row, the category rows when the categories change, newly
 * attached uploads and the upload rows of removed images.
 */
export async function updateListing(db: Db, current: ListingRow, changes: ListingChanges, removedImages: string[]) {
  if (Object.values(changes).every((value) => value === undefined)) return current;
  const id = current.id;
  const statements = [];
  if (changes.categoriesOffered) {
    statements.push(
      db.delete(listingCategories).where(eq(listingCategories.listingId, id)),
      db.insert(listingCategories).values(changes.categoriesOffered.map((slug) => ({ listingId: id, slug }))),
    );
  }
  if (changes.imageUrls) {
    statements.push(...attachUploads(db, current.userId, changes.imageUrls), ...detachUploads(db, current.userId, removedImages));
  }
  const [rows] = await db.batch([db.update(listings).set(changes).where(eq(listings.id, id)).returning(), ...statements]);
  return rows[0] ?? current;
}

/**
 * Deletes a listing; messages, reviews, barters and category rows go by ON DELETE CASCADE.
 * `first` runs in the same batch before the delete (dissolving the listing's trade circle while
 * its legs still exist); the batch's results are returned, theirs first.
 */
export async function deleteListing(db: Db, listing: ListingRow, first: D1PreparedStatement[] = []) {
  const statements = [db.delete(listings).where(eq(listings.id, listing.id)), ...detachUploads(db, listing.userId, listing.imageUrls)].map((q) => {
    const { sql: text, params } = q.toSQL();
    return db.$client.prepare(text).bind(...params);
  });
  return db.$client.batch([...first, ...statements]);
}
