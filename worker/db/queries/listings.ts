// Data access for listings. Text search reads the FTS5 index (listings_fts) and category filters
// the listing_categories junction, so neither scans the listings table.
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { FEATURED_LIMIT } from '@/shared/constants';
import { boundingBox, distanceMiles, type Position } from '@worker/lib/geo';
import { isoNow } from '@worker/lib/time';
import type { Db } from '../client';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  categories,
  CATEGORY_SLUGS,
  listingCategories,
  listingCounts,
  listingPlaces,
  listings,
  publicInCategory,
  uploads,
  users,
  type ListingRow,
} from '../schema';
import { jsonArrayOver } from '../json-reply';
import { listingWithOwner, listingWithOwnerJson, ownerJson } from '../shapes';
import { uploadKeyFromPath } from './images';
import type { Listing, ListingFields } from '@/shared/contract/listings';
import { foldName } from '@worker/lib/names';
import type { SessionRecord } from '@worker/lib/session';
import { suspendedSql } from '@worker/lib/moderation/standing';
import { blockedEitherWay, viewerAndBlockPartners, visibleTo } from './blocks';
import { DELETED_STATUS, deletionStep, listingGone } from './listing-deletion';
import { searchMatch, textColumnsMatch } from './listing-search-index';
import { read, runRead, type Read } from '../read';

/** Statuses anyone may browse; paused and completed listings show only to their owner and admins. */
export const PUBLIC_STATUSES = ['active', 'pending'] as const;

const withOwner = {
  listing: getTableColumns(listings),
  // Aliased: a D1 batch returns rows as objects, where a second `id` column would overwrite the first.
  owner: {
    id: sql<number>`${users.id}`.as('owner_id'),
    username: users.username,
    displayName: users.displayName,
    avatarUrl: users.avatarUrl,
  },
};

function selectWithOwner(db: Db) {
  return db.select(withOwner).from(listings).innerJoin(users, eq(users.id, listings.userId));
}

const newestFirst = [desc(listings.createdAt), desc(listings.id)] as const;

type Joined = { listing: ListingRow; owner: Parameters<typeof listingWithOwner>[1] };
const shape = (rows: Joined[], from?: Position | null) =>
  rows.map((row) => listingWithOwner(row.listing, row.owner, from));

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
  /**
   * The signed-in member: their own listings, and those of every member in a block with them
   * (either way, decision 035), are left out of what they browse and search.
   */
  viewerId?: number | null | undefined;
  limit: number;
  offset: number;
}

/**
 * How much a match in each FTS5 column counts for bm25, in the index's column order: title,
 * description, what the owner wants, want options, facets. A word in the title says what the
 * listing is; in the description it may be an aside ("the bike in the photo is not included").
 * The facets column holds filter tokens (decision 047): a category asked adds nothing to relevance.
 */
export const SEARCH_COLUMN_WEIGHTS = [10, 1, 3, 2, 0] as const;

/** The relevance of the joined listings_fts row: bm25 is negative, lower is better. */
const relevance = sql<number>`bm25(listings_fts, ${sql.raw(SEARCH_COLUMN_WEIGHTS.join(', '))})`;

/** The joined FTS5 index, for queries that rank by relevance (searchConditions(…, { joined: true })). */
const ftsTable = sql`listings_fts`;
const ftsJoin = sql`listings_fts.rowid = ${listings.id}`;

/** Listings of a category (a slug), looked up per listing so an index walk can keep its order. */
const inCategory = (slug: string) =>
  sql`EXISTS (SELECT 1 FROM ${listingCategories} WHERE ${listingCategories.listingId} = ${listings.id} AND ${listingCategories.slug} = ${slug})`;

/**
 * The browse/search filter: public statuses, optional text (FTS5), category (junction), area and
 * not the viewer's own listings. `joined`: the query joins listings_fts (to rank by bm25), so the
 * text is matched on the joined table instead of through a subquery.
 */
export function searchConditions(
  filter: Pick<ListingSearch, 'search' | 'category' | 'viewerId'>,
  area?: SQL,
  { joined = false, driven = false } = {},
): SQL {
  const conditions: SQL[] = area ? [area] : [];
  const match = ftsQuery(filter.search);
  if (match) {
    const text = textColumnsMatch(match);
    conditions.push(
      joined
        ? sql`listings_fts MATCH ${text}`
        : sql`${listings.id} IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ${text})`,
    );
  }
  const category = filter.category?.trim().toLowerCase();
  if (category && category !== 'all') {
    // Driven by a search's candidates, each listing read says it itself (its categories_offered, as
    // the categories' partial indexes read it: no row more); an IN list would read every listing of the category first.
    conditions.push(
      driven
        ? sql`instr(${listings.categoriesOffered}, ${`"${category}"`}) > 0`
        : sql`${listings.id} IN (SELECT ${listingCategories.listingId} FROM ${listingCategories} WHERE ${listingCategories.slug} = ${category})`,
    );
  }
  const statuses = sql.join(
    PUBLIC_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // With a text or category filter, the unary + keeps SQLite from walking every public listing
  // through the status index: the FTS or junction matches drive, looked up by primary key.
  // `driven`: another table (a search's candidates) drives and the listings are read by key.
  conditions.push(
    conditions.length || driven
      ? sql`+${listings.status} IN (${statuses})`
      : inArray(listings.status, [...PUBLIC_STATUSES]),
  );
  // A member's own listings are on their profile; browsing and searching show what others offer,
  // less the listings of members in a block with them (a constant subquery: no round trip).
  if (filter.viewerId != null) conditions.push(visibleTo(sql`${listings.userId}`, filter.viewerId));
  return and(...conditions)!;
}

/**
 * The page query and the count query of a search (built apart so tests can EXPLAIN them). With
 * text, the page joins the FTS5 index and ranks by bm25 (title weighted highest), newest first
 * among equals (the higher id: ids only grow, so it is creation order, as the bounded search
 * orders them); without text it is newest first. The count needs no ranking.
 */
export function searchQueries(db: Db, filter: ListingSearch) {
  const ranked = ftsQuery(filter.search) !== null;
  const page = ranked
    ? selectWithOwner(db)
        .innerJoin(ftsTable, ftsJoin)
        .where(searchConditions(filter, undefined, { joined: true }))
        .orderBy(relevance, desc(listings.id))
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
 * The candidates of a distance search read through the coordinates index: every listing in the
 * box, with what paging needs (and, with text, its bm25 relevance from the joined FTS5 index). The
 * plan before listing_places (decision 020), kept for the query-plan tests.
 */
export function areaCandidatesQuery(
  db: Db,
  filter: Pick<ListingSearch, 'search' | 'category' | 'viewerId'>,
  center: Position,
  miles: number,
) {
  const columns = {
    id: listings.id,
    latitude: listings.latitude,
    longitude: listings.longitude,
    createdAt: listings.createdAt,
  };
  const area = areaCondition(center, miles);
  if (ftsQuery(filter.search) === null) {
    return (
      db
        // Named: D1's batch answers rows as objects, and a column called `0` is an integer key,
        // which JavaScript puts first, so drizzle would map every column one place off.
        .select({ ...columns, relevance: sql<number>`0`.as('relevance') })
        .from(listings)
        .where(searchConditions(filter, area))
    );
  }
  return db
    .select({ ...columns, relevance })
    .from(listings)
    .innerJoin(ftsTable, ftsJoin)
    .where(searchConditions(filter, area, { joined: true }));
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

/**
 * Public listings, written out as in the partial indexes' WHERE (listings_public_created_idx,
 * listings_public_cell_idx): SQLite uses a partial index only for a query repeating its condition.
 */
const publicListing = sql`${listings.status} IN ('active', 'pending')`;

/** The category a filter names, or null for any. */
function categoryOf(filter: Pick<ListingSearch, 'category'>): string | null {
  const category = filter.category?.trim().toLowerCase();
  return category && category !== 'all' ? category : null;
}

/** The counter row holding the count of a filter without text (null when a text filter needs counting). */
function counterKey(filter: Pick<ListingSearch, 'search' | 'category'>): string | null {
  if (ftsQuery(filter.search)) return null;
  const category = categoryOf(filter);
  return category ? `cat:${category}` : '*';
}

const counterQuery = (db: Db, key: string) =>
  db.select({ total: listingCounts.n }).from(listingCounts).where(eq(listingCounts.key, key));

/** A signed-in member's own listings (and those across a block) are left out of browse and search (null: a visitor). */
const viewerOf = (filter: Pick<ListingSearch, 'viewerId'>): number | null => filter.viewerId ?? null;

/**
 * The count of a filter without text: its counter row, less the public listings of the filter
 * that the viewer does not see: their own and those of members in a block with them (a member
 * browses what others offer). They are found through listings_user_created_idx, member by member:
 * a few rows each (INDEXED BY: see unseenPlacesQuery).
 */
function browseTotalQuery(db: Db, key: string, viewer: number | null, category: string | null) {
  if (viewer === null) return counterQuery(db, key);
  const own = sql`(SELECT count(*) FROM ${listings} INDEXED BY listings_user_created_idx WHERE ${listings.userId} IN (${viewerAndBlockPartners(viewer)}) AND ${publicListing}${category ? sql` AND ${inCategory(category)}` : sql``})`;
  return db
    .select({ total: sql<number>`${listingCounts.n} - ${own}` })
    .from(listingCounts)
    .where(eq(listingCounts.key, key));
}

/**
 * The public listings (of a category) as a partial index holds them, for `INDEXED BY` and the
 * WHERE it needs repeated verbatim: newest first (`cell: false`) or per grid cell newest first.
 * A category has its own pair (decision 041), so a walk reads only that category's listings.
 */
function publicIndex(category: string | null, { cell }: { cell: boolean }) {
  // Unqualified, as in the indexes' own WHERE (the browse page names the table `pub`).
  if (category === null)
    return {
      index: sql.raw(cell ? 'listings_public_cell_idx' : 'listings_public_created_idx'),
      where: sql.raw(`status IN ('active', 'pending')`),
    };
  if (!CATEGORY_SLUGS.includes(category)) throw new Error(`No index for the category ${category}`);
  return {
    index: sql.raw(`listings_public_${category}${cell ? '_cell' : ''}_idx`),
    where: sql.raw(publicInCategory(category)),
  };
}

/** A category no listing can have (not one of the six): browse answers it without reading. */
const unknownCategory = (filter: Pick<ListingSearch, 'category'>) => {
  const category = categoryOf(filter);
  return category !== null && !CATEGORY_SLUGS.includes(category);
};

/**
 * The page query and the count query the route runs for a search. Without text, the page walks
 * the public listings newest first (listings_public_created_idx, or the category's own partial
 * index), checking the owner per listing, so a page reads about offset + limit listings; the
 * count is a counter row (less the viewer's own listings). With text, the FTS matches drive,
 * ranked by relevance, and are counted (searchQueries: the full reference, for tests).
 */
export function browseQueries(db: Db, filter: ListingSearch) {
  const key = counterKey(filter);
  if (key === null) return searchQueries(db, filter);
  const category = categoryOf(filter);
  const viewer = viewerOf(filter);
  // INDEXED BY: without statistics SQLite takes the (status, created_at) index and sorts every
  // public listing; the partial index walks them newest first and stops after the page.
  const { index, where } = publicIndex(category, { cell: false });
  const pageIds = sql`SELECT pub.id FROM listings AS pub INDEXED BY ${index}
    WHERE ${where}${viewer !== null ? sql` AND ${visibleTo(sql`pub.user_id`, viewer)}` : sql``}
    ORDER BY pub.created_at DESC, pub.id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`;
  return {
    // The page's ids drive, in the walk's order (a co-routine, the outer loop), and each listing and its owner are read by primary key: three rows a listing. As
    // `id IN (…)` with an ORDER BY, SQLite built the ids into a list and walked it, then sorted the
    // rows again through a temporary b-tree: two more rows a listing (46 for a page of 9, now 28).
    // The rows come back in the walk's order; searchListings sorts them (newestFirstRows) all the same.
    page: db
      .select(withOwner)
      .from(sql`(${pageIds}) AS page`)
      .innerJoin(listings, sql`${listings.id} = page.id`)
      .innerJoin(users, eq(users.id, listings.userId)),
    total: browseTotalQuery(db, key, viewer, category),
  };
}

/** Rows newest first (created_at, then id), as the browse walk gives them. */
const newestFirstRows = (rows: Joined[]) =>
  rows.sort((a, b) =>
    a.listing.createdAt < b.listing.createdAt
      ? 1
      : a.listing.createdAt > b.listing.createdAt
        ? -1
        : b.listing.id - a.listing.id,
  );

/**
 * The places of the public listings (of a category) the viewer does not see: their own and those
 * of members in a block with them. Read member by member through listings_user_created_idx:
 * without statistics SQLite would rather walk every public listing and test its owner against the
 * set (90,000 rows read at the bench's scale), hence INDEXED BY.
 */
export function unseenPlacesQuery(db: Db, viewer: number, category: string | null) {
  return (
    db
      // Named expressions: drizzle takes a bare column for one of a table missing from the query.
      .select({
        latitude: sql<number | null>`${listings.latitude}`.as('latitude'),
        longitude: sql<number | null>`${listings.longitude}`.as('longitude'),
      })
      .from(sql`${listings} INDEXED BY listings_user_created_idx`)
      .where(
        sql`${listings.userId} IN (${viewerAndBlockPartners(viewer)}) AND ${publicListing}${category ? sql` AND ${inCategory(category)}` : sql``}`,
      )
  );
}

/** Grid cells (1°, as the `cell` column computes them) whose union holds the box; null when too many. */
export function cellsCovering(center: Position, miles: number, max = MAX_CELLS): number[] | null {
  const box = boundingBox(center, miles);
  const rowFrom = Math.max(0, Math.floor(box.minLatitude + 90));
  const rowTo = Math.min(180, Math.floor(box.maxLatitude + 90));
  const columns = new Set<number>();
  for (const [west, east] of box.longitudes) {
    const from = Math.max(0, Math.floor(west + 180));
    const to = Math.min(360, Math.floor(east + 180));
    for (let column = from; column <= to; column++) columns.add(column % 360);
  }
  if ((rowTo - rowFrom + 1) * columns.size > max) return null;
  const cells: number[] = [];
  for (let row = rowFrom; row <= rowTo; row++) for (const column of columns) cells.push(row * 360 + column);
  return cells;
}

/** A number as an SQL literal (numbers from the database or from arithmetic, never user text). */
const literal = (value: number) => sql.raw(Number.isFinite(value) ? String(value) : 'NULL');
const literalList = (values: number[]) => sql.join(values.map(literal), sql`, `);

/** At most this many grid cells are read one by one; a bigger cover (near a pole) reads a latitude band. */
const MAX_CELLS = 48;

/**
 * The places with public listings in the box around `center`: through the cells covering it, or
 * the latitude band of the box near a pole.
 */
export function placesInBoxQuery(db: Db, center: Position, miles: number, key = '*') {
  const box = boundingBox(center, miles);
  const cells = cellsCovering(center, miles);
  const longitudes = box.longitudes.map(
    ([west, east]) => sql`${listingPlaces.longitude} BETWEEN ${literal(west)} AND ${literal(east)}`,
  );
  const inBox = sql`${listingPlaces.latitude} BETWEEN ${literal(box.minLatitude)} AND ${literal(box.maxLatitude)} AND (${sql.join(longitudes, sql` OR `)})`;
  return db
    .select({
      latitude: listingPlaces.latitude,
      longitude: listingPlaces.longitude,
      cell: listingPlaces.cell,
      n: listingPlaces.n,
    })
    .from(listingPlaces)
    .where(
      and(
        eq(listingPlaces.key, key),
        cells ? sql`${listingPlaces.cell} IN (${literalList(cells)})` : undefined,
        inBox,
        sql`${listingPlaces.n} > 0`,
      ),
    );
}

type Place = { latitude: number; longitude: number; cell: number; n: number };

/** D1 allows at most this many SELECTs in one compound SELECT (measured: 6 fail). */
const COMPOUND_MAX = 5;

/** SELECTs joined by UNION ALL, nested in groups so that no compound has more than COMPOUND_MAX terms. */
function unionAll(selects: SQL[]): SQL {
  if (selects.length <= COMPOUND_MAX) return sql.join(selects, sql` UNION ALL `);
  const groups: SQL[] = [];
  for (let i = 0; i < selects.length; i += COMPOUND_MAX)
    groups.push(sql`SELECT * FROM (${unionAll(selects.slice(i, i + COMPOUND_MAX))})`);
  return unionAll(groups);
}

const atPlaces = (places: Place[]) =>
  sql`(${listings.latitude}, ${listings.longitude}) IN (VALUES ${sql.join(
    places.map((p) => sql`(${literal(p.latitude)}, ${literal(p.longitude)})`),
    sql`, `,
  )})`;

/**
 * A search within `miles` of `center`: the listings within range (most relevant, then newest
 * first; without text newest first), then the listings whose place is unknown (no coordinates,
 * newest first; they carry `distanceMiles: null`). A signed-in member's own listings are left out.
 *
 * Listings sit at the coordinates their location resolved to, so the range is decided per place:
 * the places with public listings (of the category, when one is asked) in the cells covering the
 * circle are read from listing_places (a few hundred rows at most) and the exact great-circle
 * distance is checked here. Without text the count is the sum of those places' counters plus the
 * listings without a place (less the viewer's own, read in the same batch), and one statement
 * reads the page: each cell in range is an index range of its listings at those places, newest
 * first (listings_public_cell_idx, or the category's own), and SQLite merges them, reading about offset + limit entries
 * in all, with the listings without a place after them. Two round trips. With text, see
 * boundedTextSearch.
 */
export async function searchListingsNear(
  db: Db,
  filter: ListingSearch,
  center: Position,
  miles: number,
): Promise<SearchAnswer> {
  const key = counterKey(filter);
  const category = categoryOf(filter);
  const viewer = viewerOf(filter);
  // With text, its bounded candidates in range or without a place (boundedTextSearch).
  if (key === null) return boundedTextSearch(db, filter, { center, miles });
  if (unknownCategory(filter)) return { items: [], total: 0, exact: true };
  // The category's own partial index per cell (or all public listings'): a walk reads only its listings.
  const { index: cellIndex, where: inIndex } = publicIndex(category, { cell: true });
  const notOwn = viewer !== null ? sql` AND ${visibleTo(sql`${listings.userId}`, viewer)}` : sql``;
  // Round trip 1: the places in the box with listings of the filter (all, or the category's), the
  // count of public listings without a place (a counter row, or counted for a category), and the
  // public listings of the filter the viewer does not see (their own and those across a block:
  // their places), which the counts leave out.
  const unplacedCount =
    key === '*'
      ? counterQuery(db, 'unplaced')
      : db
          .select({ total: count() })
          .from(sql`${listings} INDEXED BY ${cellIndex}`)
          .where(and(sql`${listings.cell} IS NULL`, sql`${inIndex}`));
  const ownQuery = unseenPlacesQuery(db, viewer ?? 0, category);
  const [boxPlaces, unplacedRows, own] =
    viewer !== null
      ? await db.batch([placesInBoxQuery(db, center, miles, key), unplacedCount, ownQuery])
      : [...(await db.batch([placesInBoxQuery(db, center, miles, key), unplacedCount])), []];
  const places = boxPlaces.filter((p) => distanceMiles(center, p) <= miles);
  const ownWithin = own.filter(
    (p) =>
      p.latitude !== null &&
      p.longitude !== null &&
      distanceMiles(center, { latitude: p.latitude, longitude: p.longitude }) <= miles,
  ).length;
  const ownUnplaced = own.filter((p) => p.latitude === null).length;
  const unplacedTotal = (unplacedRows[0]?.total ?? 0) - ownUnplaced;

  // Without text the count is known now, and one more statement reads the page's rows.
  const withinTotal = places.reduce((sum, p) => sum + p.n, 0) - ownWithin;
  const total = withinTotal + unplacedTotal;
  const { offset, limit } = filter;
  if (limit === 0 || offset >= total) return { items: [], total, exact: true };
  const parts: SQL[] = [];
  if (offset < withinTotal) {
    const wanted = Math.min(offset + limit, withinTotal);
    const byCell = new Map<number, Place[]>();
    for (const place of places) byCell.set(place.cell, [...(byCell.get(place.cell) ?? []), place]);
    // One branch per cell, each an index range already newest first; near a pole, where the places
    // spread over more cells than that, one branch over all of them (sorted: few listings live there).
    const groups: [SQL, Place[]][] =
      byCell.size <= MAX_CELLS
        ? [...byCell].map(([cell, inCell]) => [sql`${listings.cell} = ${literal(cell)}`, inCell])
        : [[sql`${listings.cell} IN (${literalList([...byCell.keys()])})`, places]];
    // The compound's own ORDER BY makes SQLite merge the branches (MERGE (UNION ALL)), pulling
    // from each index range only what the page needs: offset + limit entries in all, not per cell.
    const branches = groups.map(
      ([cells, inCells]) =>
        sql`SELECT ${listings.id} AS id, ${listings.createdAt} AS created_at FROM ${listings} INDEXED BY ${cellIndex} WHERE ${cells} AND ${inIndex} AND ${atPlaces(inCells)}${notOwn}`,
    );
    parts.push(
      sql`${listings.id} IN (SELECT id FROM (${unionAll(branches)} ORDER BY created_at DESC, id DESC LIMIT ${literal(Math.min(limit, wanted - offset))} OFFSET ${literal(offset)}))`,
    );
  }
  if (offset + limit > withinTotal) {
    const skip = Math.max(0, offset - withinTotal);
    const take = offset + limit - withinTotal - skip;
    parts.push(
      sql`${listings.id} IN (SELECT ${listings.id} FROM ${listings} INDEXED BY ${cellIndex} WHERE ${listings.cell} IS NULL AND ${inIndex}${notOwn} ORDER BY ${listings.createdAt} DESC, ${listings.id} DESC LIMIT ${literal(take)} OFFSET ${literal(skip)})`,
    );
  }
  const rows = await selectWithOwner(db)
    .where(or(...parts))
    .orderBy(...newestFirst);
  // Those in range first, then those without a place: each group is already newest first.
  const ordered = [
    ...rows.filter((row) => row.listing.latitude !== null),
    ...rows.filter((row) => row.listing.latitude === null),
  ];
  return { items: shape(ordered, center), total, exact: true };
}

/** The answer of a browse or search: a page, its count, and whether the count is exact or a lower bound. */
export type SearchAnswer = { items: ReturnType<typeof shape>; total: number; exact: boolean };

/**
 * How many FTS matches a text search considers, at most: its newest 400 (decision 041), plus one
 * that tells whether there were more. The index holds only public listings and the filter's
 * tokens (decision 047), so these are picked from the index alone, one row each, whatever the
 * word and the filter: the listing rows read are the page's.
 */
export const SEARCH_CANDIDATES = 400;

/**
 * Within a distance, the candidates' places are read from their listing rows (the index knows a
 * listing's grid cell, not where in it), two rows a candidate, so a distance search considers its
 * 200 newest matches in the cells covering its circle or without a place (decision 047).
 */
export const SEARCH_CANDIDATES_NEAR = 200;

type Near = { center: Position; miles: number };

/**
 * The candidates of a text search, one statement: the newest FTS matches of the search's words
 * and filter (listing ids only grow, so rowid order is creation order; FTS5 walks its doclists
 * backwards without sorting and the LIMIT stops the walk), each with its relevance (bm25 with the
 * column weights, lower is better: computed for these rows only). The filter is in the MATCH
 * (searchMatch): public (the index holds nothing else), the category, not the viewer's own nor
 * across a block. Within a distance, the matches are those in the cells covering the circle (or
 * without a place), and each one's place is read from its listing row by primary key. The Worker
 * ranks, counts and cuts the page (boundedTextSearch). FTS5's relevance order (ORDER BY rank)
 * would score every match of a common word first (280 ms for "a" at 100k listings, against 78 ms
 * newest first, 39 against 2 for "garden").
 */
export function searchCandidatesQuery(db: Db, filter: ListingSearch, near: Near | null = null) {
  // Near a pole (more cells than that) the cells are not asked: any match may be in range.
  const cells = near ? cellsCovering(near.center, near.miles) : null;
  const match = searchMatch(ftsQuery(filter.search)!, {
    category: categoryOf(filter),
    cells: cells && [...cells, null],
    viewer: viewerOf(filter),
  });
  const id = sql<number>`listings_fts.rowid`.as('id');
  const score = sql<number>`${relevance}`.as('score');
  const matching = sql`listings_fts MATCH ${match}`;
  const newest = sql`listings_fts.rowid DESC`;
  if (near === null)
    return db
      .select({ id, score })
      .from(ftsTable)
      .where(matching)
      .orderBy(newest)
      .limit(SEARCH_CANDIDATES + 1);
  return (
    db
      .select({
        id,
        score,
        latitude: sql<number | null>`${listings.latitude}`.as('latitude'),
        longitude: sql<number | null>`${listings.longitude}`.as('longitude'),
      })
      .from(ftsTable)
      // A left join keeps the index the outer loop, walked in its own order.
      .leftJoin(listings, sql`${listings.id} = listings_fts.rowid`)
      .where(matching)
      .orderBy(newest)
      .limit(SEARCH_CANDIDATES_NEAR + 1)
  );
}

type Candidate = { id: number; score: number; latitude?: number | null; longitude?: number | null };

/** Newest first: the order of equal relevance and of listings without a place. */
const newerFirst = (a: Candidate, b: Candidate) => b.id - a.id;

/**
 * A text search over its bounded candidates (searchCandidatesQuery), all of which pass the filter:
 * most relevant first (newest first among equals); within a distance, those in range by
 * relevance, then those without a place, newest first (their relevance is not used). The count is
 * exact when the index gave no more matches than it considers, else a lower bound ("400+ listings
 * found"; "200+" within a distance). Two round trips: the candidates, then the page's rows and
 * owners by primary key.
 */
async function boundedTextSearch(
  db: Db,
  filter: ListingSearch,
  near: Near | null,
  from?: Position | null,
): Promise<SearchAnswer> {
  if (unknownCategory(filter)) return { items: [], total: 0, exact: true };
  const limit = near ? SEARCH_CANDIDATES_NEAR : SEARCH_CANDIDATES;
  const candidates: Candidate[] = await searchCandidatesQuery(db, filter, near);
  // The one past the limit only says there were more.
  const considered = candidates.slice(0, limit);
  const byRelevance = (a: Candidate, b: Candidate) => a.score - b.score || newerFirst(a, b);
  const ordered = near
    ? [
        ...considered
          .filter(
            (c) =>
              c.latitude != null &&
              c.longitude != null &&
              distanceMiles(near.center, { latitude: c.latitude, longitude: c.longitude }) <= near.miles,
          )
          .sort(byRelevance),
        ...considered.filter((c) => c.latitude == null).sort(newerFirst),
      ]
    : considered.sort(byRelevance);
  const exact = candidates.length <= limit;
  const total = ordered.length;
  const ids = ordered.slice(filter.offset, Math.min(filter.offset + filter.limit, total)).map((c) => c.id);
  if (ids.length === 0) return { items: [], total, exact };
  const rows = await selectWithOwner(db).where(inArray(listings.id, ids));
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  const page = ids.map((id) => byId.get(id)).filter((row): row is (typeof rows)[number] => row !== undefined);
  return { items: shape(page, near?.center ?? from), total, exact };
}

/** One page of matching listings (most relevant, or newest, first) and the total count. */
export async function searchListings(db: Db, filter: ListingSearch, from?: Position | null): Promise<SearchAnswer> {
  if (ftsQuery(filter.search) !== null) return boundedTextSearch(db, filter, null, from);
  return runRead(db, browsePageRead(db, filter, from)!);
}

/**
 * A page of a search without text (searchListings) as one read, for a batch: the page and its
 * count; no statement for a category no listing can have. Null for a text search, which needs two
 * round trips (boundedTextSearch).
 */
export function browsePageRead(db: Db, filter: ListingSearch, from?: Position | null): Read<SearchAnswer> | null {
  if (ftsQuery(filter.search) !== null) return null;
  if (unknownCategory(filter)) return { queries: [], reply: () => ({ items: [], total: 0, exact: true }) };
  const { page, total } = browseQueries(db, filter);
  return {
    queries: [page, total],
    reply: ([rows, totals]: [Joined[], { total: number }[]]) => ({
      items: shape(newestFirstRows(rows), from),
      total: totals[0]?.total ?? 0,
      exact: true,
    }),
  };
}

/** The featured listings (GET /api/listings/featured), newest first. */
export function featuredListingsRead(db: Db) {
  const query = selectWithOwner(db)
    // The literal 1 (not a bound parameter) lets SQLite use the partial listings_featured_idx.
    .where(and(sql`${listings.isFeatured} = 1`, eq(listings.status, 'active')))
    .orderBy(...newestFirst)
    .limit(FEATURED_LIMIT);
  return read(query, (rows) => shape(rows));
}

export const featuredListings = (db: Db) => runRead(db, featuredListingsRead(db));

export async function findListing(db: Db, id: number) {
  const [row] = await selectWithOwner(db).where(and(eq(listings.id, id), sql`NOT ${listingGone('listings')}`));
  return row;
}

/** Whether the member owns the listing (a condition on its row, for a read in the same batch). */
export const ownsListingSql = (listingId: number, userId: number): SQL =>
  sql`(SELECT user_id FROM listings WHERE id = ${listingId}) = ${userId}`;

/** The listing's row (no owner), unless it is deleted or being deleted. */
export const findListingRow = (db: Db, id: number) =>
  db.query.listings.findFirst({ where: and(eq(listings.id, id), sql`NOT ${listingGone('listings')}`) });

/**
 * The listing page's listing. With `apartFrom` (a signed-in member who is not an admin), a listing
 * whose owner is in a block with that member, either way, is not found: the same 404 as a missing
 * listing, decided in the same statement (decision 035).
 */
export const findListingShaped = (db: Db, id: number, from?: Position | null, apartFrom?: number | null) =>
  runRead(db, listingShapedRead(db, id, from, apartFrom));

/** findListingShaped as a read, for a batch (the listing page's HTML, decision 048). */
export function listingShapedRead(db: Db, id: number, from?: Position | null, apartFrom?: number | null) {
  const query = selectWithOwner(db).where(
    and(
      eq(listings.id, id),
      sql`NOT ${listingGone('listings')}`,
      apartFrom == null ? undefined : sql`NOT ${blockedEitherWay(apartFrom, sql`${listings.userId}`)}`,
    ),
  );
  return read(query, ([row]) => (row ? listingWithOwner(row.listing, row.owner, from) : undefined));
}

/**
 * Whether the viewer of a member's listings sees every status: their session is valid (the member
 * exists and the session is not void: sessions_valid_after, as the session middleware checks) and
 * they are the member or an admin. A constant subquery, so SQLite evaluates it once.
 */
function viewerSeesAllOf(userId: number | SQL, viewer: SessionRecord | null): SQL {
  if (!viewer) return sql`0`;
  return sql`EXISTS (SELECT 1 FROM users v WHERE v.id = ${viewer.userId} AND v.sessions_valid_after <= ${viewer.createdAt} AND NOT ${suspendedSql(sql`v.suspended_until`)} AND (v.id = ${userId} OR v.is_admin = 1))`;
}

/**
 * Whether the viewer of a member's listings is kept apart from them by a block (either way), and
 * is not an admin with a valid session (admins moderate, so a block does not hide listings from
 * them). A constant subquery, evaluated once.
 */
function viewerApartFrom(userId: number | SQL, viewer: SessionRecord | null): SQL {
  if (!viewer) return sql`0`;
  return sql`(${blockedEitherWay(viewer.userId, userId)}
    AND NOT EXISTS (SELECT 1 FROM users v WHERE v.id = ${viewer.userId} AND v.sessions_valid_after <= ${viewer.createdAt} AND v.is_admin = 1))`;
}

/**
 * A member's listings, newest first, as the reply's JSON text SQLite writes (decision 033): every
 * status for the member themself and admins, the public ones for anyone else, none for a member
 * in a block with them (either way, decision 035: the same empty list as a member without listings). The viewer is
 * checked in the same statement (viewerSeesAllOf, viewerApartFrom; the route's session is not loaded beyond KV).
 * Every row has the same owner, so the rows are read without the join to users, and the owner's
 * object is read once (ownerJson). Undefined when there is no such member. One batch: the owner
 * check and the list.
 */
export async function listingsOfUserJson(db: Db, userId: number, viewer: SessionRecord | null) {
  const [owners, list] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    listingsOfUserQuery(db, userId, viewer),
  ]);
  return owners[0] ? (list[0]?.json ?? '[]') : undefined;
}

/**
 * The member's listings as listingsOfUserJson's list: by id, or by any SQL giving the id (a
 * profile page reads them by username, in the batch that reads the member).
 */
function listingsOfUserQuery(db: Db, userId: number | SQL, viewer: SessionRecord | null) {
  const where = and(
    eq(listings.userId, userId),
    sql`NOT ${listingGone('listings')}`,
    or(inArray(listings.status, [...PUBLIC_STATUSES]), viewerSeesAllOf(userId, viewer)),
    sql`NOT ${viewerApartFrom(userId, viewer)}`,
  );
  return jsonArrayOver(
    db,
    listingWithOwnerJson(ownerJson(userId)),
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(...newestFirst),
  );
}

/**
 * GET /api/users/{id}/listings of the member named `username` (any capitals), as a read for a
 * page's batch: its reply parsed, [] when there is no such member (the page answers 404 then).
 */
export function listingsOfUsernameRead(db: Db, username: string, viewer: SessionRecord | null): Read<Listing[]> {
  const id = sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = ${foldName(username)})`;
  // SQLite wrote the reply's JSON (the route passes it on as text); the page embeds it parsed.
  return read(listingsOfUserQuery(db, id, viewer), ([row]): Listing[] => JSON.parse(row?.json ?? '[]'));
}

export function listCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.id));
}

/** GET /api/categories as a read, for a batch. */
export const categoriesRead = (db: Db) => read(listCategories(db), (rows) => rows);

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
  return keys.length
    ? [
        db
          .update(uploads)
          .set({ attachedAt: isoNow() })
          .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys))),
      ]
    : [];
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
      .values({
        ...fields,
        userId,
        status: 'active',
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
      })
      .returning(),
    db.insert(listingCategories).select(
      db
        .select({
          listingId: sql<number>`(SELECT max(id) FROM listings WHERE user_id = ${userId})`.as('listing_id'),
          slug: categories.slug,
        })
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
 * attached uploads and the upload rows of removed images. A status change applies only to a listing
 * moderation has not hidden (a gate at the batch's start, so a hide racing the edit wins): undefined,
 * and nothing written, when it was hidden meanwhile. `first` statements run before the update in the
 * same batch (an audit row).
 */
/** The featured flag's audit condition: the listing's flag differs from the one being set (a change, not a repeat). */
export const featuredFlagChangesSql = (listingId: number, isFeatured: boolean): SQL =>
  sql`EXISTS (SELECT 1 FROM listings WHERE id = ${listingId} AND is_featured <> ${isFeatured ? 1 : 0})`;

export async function updateListing(
  db: Db,
  current: ListingRow,
  changes: ListingChanges,
  removedImages: string[],
  first: BatchItem<'sqlite'>[] = [],
) {
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
    statements.push(
      ...attachUploads(db, current.userId, changes.imageUrls),
      ...detachUploads(db, current.userId, removedImages),
    );
  }
  const update = db.update(listings).set(changes).where(eq(listings.id, id)).returning();
  // With a status change, the batch starts with a gate that fails it (nothing written) when the
  // listing is hidden by then (SQLite's json() throws on text that is not JSON; session-gate.ts).
  const gate =
    changes.status !== undefined
      ? [
          db
            .select({
              gate: sql`json(CASE WHEN EXISTS (SELECT 1 FROM ${listings} WHERE ${listings.id} = ${id} AND ${listings.status} = 'hidden') THEN 'hidden' ELSE 'null' END)`,
            })
            .from(sql`(SELECT 1)`),
        ]
      : [];
  let results: unknown[];
  try {
    results = await db.batch([...gate, ...first, update, ...statements] as unknown as [
      BatchItem<'sqlite'>,
      ...BatchItem<'sqlite'>[],
    ]);
  } catch (error) {
    if (
      gate.length &&
      (await db.select({ status: listings.status }).from(listings).where(eq(listings.id, id)))[0]?.status === 'hidden'
    )
      return undefined;
    throw error;
  }
  return (results[gate.length + first.length] as ListingRow[])[0] ?? current;
}

/**
 * Deletes a listing in bounded steps (decision 042, "Listing deletion"): one batch marks it
 * 'deleted' (gone from every read path from then on; the counters' triggers take it out of the
 * public counts and the text index, and its featured flag is cleared) and forgets its uploads;
 * then the first deletion step runs (listing-deletion.ts), which deletes the listing row too when
 * it has few dependants; the cron's `listing-deletions` job does the rest. `first` runs in the
 * marking batch before the mark (dissolving the listing's trade circle while its legs are
 * intact); the batch's results are returned, theirs first. The mark applies once: a listing
 * already marked is left as it is.
 */
export async function deleteListing(db: Db, listing: ListingRow, first: D1PreparedStatement[] = []) {
  const mark = db
    .update(listings)
    .set({ status: DELETED_STATUS, isFeatured: false, heldStatus: null, hiddenReason: null })
    .where(and(eq(listings.id, listing.id), sql`NOT ${listingGone('listings')}`));
  const statements = [mark, ...detachUploads(db, listing.userId, listing.imageUrls)].map((q) => {
    const { sql: text, params } = q.toSQL();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch([...first, ...statements]);
  await deletionStep(db.$client, listing.id);
  return results;
}
