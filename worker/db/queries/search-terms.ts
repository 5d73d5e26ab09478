// Tracked text searches (docs/decisions/030-text-search-at-scale.md). Counting a text search reads
// every match once, and ranking it scores every match: for a word found in thousands of listings
// both pass the free plan's budgets. A search matching more than TRACK_FROM listings is therefore
// tracked once it is asked: a search_terms row holding its counts (public matches, those without a
// place, and per place), which the triggers of migration 0022 keep exact from then on, and its
// first RANKED_WINDOW matches in relevance order, kept in `ranked` until a listing it matches changes.
// (Drizzle cannot batch raw `db.all(sql…)` statements with parameters, so those in a batch are
// written with the query builder.)
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isoNow } from '../../lib/time';
import type { Db } from '../client';
import { listings, searchTerms } from '../schema';
import { viewerAndBlockPartners } from './blocks';

/** A search matching more FTS rows than this is tracked; below it, counting and ranking read few rows. */
export const TRACK_FROM = 200;
/** How many matches, in relevance order, a tracked search keeps ready. */
export const RANKED_WINDOW = 200;
/** At most this many searches are tracked; asking a new one then forgets the least recently asked. */
export const MAX_TRACKED = 200;
/** A tracked search's last use is written at most this often (a write per search would cost more). */
const USE_STAMP_MS = 24 * 60 * 60 * 1000;

const PUBLIC = sql.raw(`('active', 'pending')`);

/** One match in a ranked window: id, relevance (bm25: lower is better), created_at, owner, place. */
export type RankedMatch = { id: number; score: number; createdAt: string; userId: number; latitude: number | null; longitude: number | null };

export type TrackedSearch = { id: number; total: number; unplaced: number; places: string | null; ranked: string | null; usedAt: string };

/** The public matches of a text search (and category): FTS drives, each listing read by key. */
function publicMatches(fts: string, category: string): SQL {
  return sql`listings_fts JOIN listings l ON l.id = listings_fts.rowid
    WHERE listings_fts MATCH ${fts} AND l.status IN ${PUBLIC}${category ? sql` AND EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = l.id AND c.slug = ${category})` : sql``}`;
}

/**
 * The tracked search of this text and category; none when untracked. `cells`: the grid cells whose
 * counts per place a distance search needs (json_extract of those cells only: a JSON array), 'all'
 * for the whole object, null for none.
 */
export function trackedSearchQuery(db: Db, fts: string, category: string, cells: number[] | 'all' | null = null) {
  // json_extract with one path answers the value itself, with more an array: always ask two or more.
  const paths = Array.isArray(cells) ? [...cells.map((cell) => `$."${cell}"`), '$."none"'] : [];
  const places =
    cells === 'all' ? sql<string | null>`${searchTerms.places}` : cells ? sql<string | null>`json_extract(${searchTerms.places}, ${sql.join(paths.map((path) => sql`${path}`), sql`, `)})` : sql<string | null>`NULL`;
  return db
    .select({ id: searchTerms.id, total: searchTerms.total, unplaced: searchTerms.unplaced, places, ranked: searchTerms.ranked, usedAt: searchTerms.usedAt })
    .from(searchTerms)
    .where(and(eq(searchTerms.fts, fts), eq(searchTerms.category, category)));
}

/** How many FTS rows match, stopping after TRACK_FROM + 1: whether the search is worth tracking. */
export async function matchesMoreThanTrackFrom(db: Db, fts: string): Promise<boolean> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ${fts} LIMIT ${TRACK_FROM + 1})`);
  return (row?.n ?? 0) > TRACK_FROM;
}

/**
 * Starts tracking a search, in one batch (a transaction, so no listing change falls between the
 * count and the triggers that keep it): the least recently asked search goes when MAX_TRACKED are
 * kept, and the row is added with its counts, made in one pass over the matches grouped by place
 * (those without a place through the public cell index: cell IS NULL, usually few, each checked
 * against the FTS index by rowid). A search tracked meanwhile by another request keeps its row.
 */
export async function trackSearch(db: Db, fts: string, category: string, cells: number[] | 'all' | null = null): Promise<TrackedSearch> {
  const victim = sql`(SELECT id FROM search_terms WHERE (SELECT count(*) FROM search_terms) >= ${MAX_TRACKED} ORDER BY used_at, id LIMIT 1)`;
  const inCategory = (alias: SQL) => (category ? sql` AND EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = ${alias}.id AND c.slug = ${category})` : sql``);
  const unplaced = sql`(SELECT count(*) FROM listings u INDEXED BY listings_public_cell_idx WHERE u.cell IS NULL AND u.status IN ${PUBLIC}
    AND EXISTS (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ${fts} AND listings_fts.rowid = u.id)${inCategory(sql`u`)})`;
  const byPlace = sql`(SELECT l.cell AS cell, l.latitude || ',' || l.longitude AS place, count(*) AS n FROM ${publicMatches(fts, category)}
    AND l.latitude IS NOT NULL AND l.longitude IS NOT NULL GROUP BY l.latitude, l.longitude)`;
  const byCell = sql`(SELECT cell, sum(n) AS n, json_group_object(place, n) AS places FROM ${byPlace} GROUP BY cell)`;
  const [, , tracked] = await db.batch([
    db.delete(searchTerms).where(sql`${searchTerms.id} = ${victim}`),
    db
      .insert(searchTerms)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as('id'),
            fts: sql<string>`${fts}`.as('fts'),
            category: sql<string>`${category}`.as('category'),
            usedAt: sql<string>`${isoNow()}`.as('used_at'),
            total: sql<number>`coalesce(sum(n), 0) + ${unplaced}`.as('total'),
            unplaced: sql<number>`${unplaced}`.as('unplaced'),
            places: sql<string>`json_group_object(cell, json(places))`.as('places'),
            ranked: sql<string | null>`NULL`.as('ranked'),
          })
          .from(sql`${byCell} AS by_cell`)
          // (A WHERE before ON CONFLICT: SQLite would read that ON as a join's.)
          .where(sql`true`),
      )
      .onConflictDoNothing(),
    trackedSearchQuery(db, fts, category, cells),
  ]);
  const row = tracked[0];
  if (!row) throw new Error('A tracked search could not be read back');
  return row;
}

/** The public matches per place in a tracked search's `places` as read (the object, or an array of cells' objects). */
export function placeCounts(places: string): { latitude: number; longitude: number; n: number }[] {
  const parsed = JSON.parse(places) as Record<string, Record<string, number>> | (Record<string, number> | null)[];
  const cells = Array.isArray(parsed) ? parsed : Object.values(parsed);
  return cells.flatMap((cell) =>
    Object.entries(cell ?? {}).map(([place, n]) => {
      const [latitude, longitude] = place.split(',').map(Number) as [number, number];
      return { latitude, longitude, n };
    }),
  );
}

/**
 * The tracked search's ranked window: its first RANKED_WINDOW + 1 public matches in FTS5's own
 * relevance order (ORDER BY rank: scored inside the index, so only these rows are read), written
 * into the row by the same statement that reads them, so a listing change cannot fall between.
 */
export async function readRankedWindow(db: Db, search: TrackedSearch, fts: string, category: string): Promise<string> {
  const window = sql`SELECT json_group_array(json_array(id, score, created_at, user_id, latitude, longitude)) FROM (
    SELECT l.id AS id, listings_fts.rank AS score, l.created_at AS created_at, l.user_id AS user_id, l.latitude AS latitude, l.longitude AS longitude
    FROM ${publicMatches(fts, category)} ORDER BY listings_fts.rank LIMIT ${RANKED_WINDOW + 1})`;
  const [row] = await db.all<{ ranked: string }>(sql`UPDATE search_terms SET ranked = (${window}) WHERE id = ${search.id} RETURNING ranked`);
  return row?.ranked ?? '[]';
}

/**
 * The window in the search's order (relevance, then newest first), and whether it holds every
 * match. FTS5 orders equal scores its own way, so when the window is cut, the last group of equal
 * scores (which may go on past the cut) is left out and the rest sorted here.
 */
export function parseRankedWindow(ranked: string): { matches: RankedMatch[]; complete: boolean } {
  const rows = (JSON.parse(ranked) as [number, number, string, number, number | null, number | null][]).map(
    ([id, score, createdAt, userId, latitude, longitude]) => ({ id, score, createdAt, userId, latitude, longitude }),
  );
  const complete = rows.length <= RANKED_WINDOW;
  const cutScore = complete ? null : rows[rows.length - 1]!.score;
  const matches = cutScore === null ? rows : rows.filter((row) => row.score !== cutScore);
  matches.sort((a, b) => a.score - b.score || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
  return { matches, complete };
}

/** Marks a tracked search as asked today (at most one write a day), so it is not the next forgotten. */
export function touchQuery(db: Db, search: TrackedSearch) {
  const now = Date.now();
  if (now - Date.parse(search.usedAt) < USE_STAMP_MS) return null;
  return db.update(searchTerms).set({ usedAt: new Date(now).toISOString() }).where(eq(searchTerms.id, search.id));
}

/**
 * Whether the listing (`listings` in the statement) matches every word of the search, as the FTS
 * query `fts` would, without the index when it can: asked per listing, a prefix query ("garden"*)
 * makes FTS5 merge the doclists of every term with that prefix again on each call (0.6 ms a listing
 * for a common word at the bench's scale). For a listing whose text is ASCII and words that are,
 * the tokenizer's rule is plain: tokens are runs of ASCII letters and digits, folded to lower case,
 * so a word matches when it starts a token (after the start or a character that is neither). Other
 * listings (accents fold to ASCII in the index) and other words ask the index.
 */
export function matchesWordsSql(fts: string): SQL {
  const probe = sql`EXISTS (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ${fts} AND listings_fts.rowid = ${listings.id})`;
  const words = [...fts.matchAll(/"([^"]*)"\*/g)].map((m) => m[1]!.toLowerCase());
  if (words.length === 0 || words.some((w) => !/^[a-z0-9]+$/.test(w))) return probe;
  const text = sql`(${listings.title} || ' ' || ${listings.description} || ' ' || ${listings.whatUserWants} || ' ' || ${listings.whatUserWantsOptions})`;
  const starts = sql.join(
    words.map((w) => sql`(' ' || lower(${text})) GLOB ${`*[^a-z0-9]${w}*`}`),
    sql` AND `,
  );
  return sql`(CASE WHEN length(${text}) = length(CAST(${text} AS BLOB)) THEN ${starts} ELSE ${probe} END)`;
}

/**
 * The public listings matching the search that the viewer does not see: their own and those of
 * members in a block with them (decision 035), read member by member through
 * listings_user_created_idx. The window's matches are left out by id, the counts by their number.
 */
export function ownMatchesQuery(db: Db, viewer: number, fts: string, category: string) {
  return db
    // Named expressions: drizzle takes a bare column for one of a table missing from the query.
    .select({
      id: sql<number>`${listings.id}`.as('id'),
      latitude: sql<number | null>`${listings.latitude}`.as('latitude'),
      longitude: sql<number | null>`${listings.longitude}`.as('longitude'),
    })
    // Member by member: without statistics SQLite would rather walk every public listing and test
    // its owner against the set (90,000 rows read at the bench's scale).
    .from(sql`${listings} INDEXED BY listings_user_created_idx`)
    .where(
      sql`${listings.userId} IN (${viewerAndBlockPartners(viewer)}) AND ${listings.status} IN ${PUBLIC}
        AND ${matchesWordsSql(fts)}${category ? sql` AND EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = ${listings.id} AND c.slug = ${category})` : sql``}`,
    );
}

/** A statement that reads nothing, standing in a batch for one a search does not need. */
export const noRows = (db: Db) => db.select({ none: sql<null>`NULL` }).from(searchTerms).where(sql`0`);
