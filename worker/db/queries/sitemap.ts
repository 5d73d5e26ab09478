// The sitemap's reads (decision 056): the highest listing and member ids, which size the sitemap,
// and one id range's URLs written as XML by SQLite, in chunks of SITEMAP_CHUNK URLs (decision 033's
// idea for XML: the Worker passes a few long strings through instead of mapping 50,000 rows,
// which its 10 ms of CPU could not afford).
import { sql, type SQL } from 'drizzle-orm';
import { suspendedSql } from '@worker/lib/moderation/standing';
import type { Db } from '../client';
import { listings, users } from '../schema';

/** URLs per row SQLite writes: about 110 KB of XML, far under D1's 2 MB limit on a value. */
export const SITEMAP_CHUNK = 1000;

/** The highest listing and member ids (their primary keys' last entries: two rows read). */
export const sitemapBoundsQuery = (db: Db) =>
  db
    .select({
      listings: sql<number | null>`max(${listings.id})`,
      users: sql<number | null>`(SELECT max(${users.id}) FROM ${users})`,
    })
    .from(listings);

/**
 * One id range's rows as `<url>` elements, a row of SITEMAP_CHUNK ids' at a time: a recursive CTE
 * counts the chunks and each chunk's subquery reads its ids by primary key (`+status` keeps the
 * status index out: it would read every active listing to find a range's). No GROUP BY, whose
 * sorter D1 counts as a second read of every row. A chunk without a URL gives null.
 */
const chunkedUrls = (afterId: number, throughId: number, urls: (lo: SQL, hi: SQL) => SQL) => sql`
  WITH RECURSIVE chunk(lo) AS (
    SELECT ${afterId} UNION ALL SELECT lo + ${SITEMAP_CHUNK} FROM chunk WHERE lo + ${SITEMAP_CHUNK} < ${throughId}
  )
  SELECT (${urls(sql`chunk.lo`, sql`min(chunk.lo + ${SITEMAP_CHUNK}, ${throughId})`)}) AS xml FROM chunk`;

/**
 * The active listings with ids in (afterId, throughId], with the day of their creation as
 * `<lastmod>` (no column records an edit; the day, not the instant: 14 bytes less a URL, 0.7 MB
 * less a full page, which the Worker's CPU passes through). `origin` is written as given:
 * XML-escaped by the caller.
 */
export const listingUrlsQuery = (db: Db, origin: string, afterId: number, throughId: number) =>
  db.all<{ xml: string | null }>(
    chunkedUrls(
      afterId,
      throughId,
      (
        lo,
        hi,
      ) => sql`SELECT group_concat('<url><loc>' || ${origin} || '/listing/' || id || '</loc><lastmod>' || substr(created_at, 1, 10) || '</lastmod></url>', '')
        FROM ${listings} WHERE id > ${lo} AND id <= ${hi} AND +status = 'active'`,
    ),
  );

/**
 * The profiles of members in good standing with ids in (afterId, throughId], without `<lastmod>`:
 * a profile page changes with the member's listings and reviews, and no column says when. Deleted
 * accounts have no row; a suspended or banned member is left out. A username is letters, digits,
 * `_`, `.` and `-` (the sign-up form's rule), safe in a URL and in XML as it is; a row with any
 * other character is left out rather than escaped in SQL.
 */
export const profileUrlsQuery = (db: Db, origin: string, afterId: number, throughId: number) =>
  db.all<{ xml: string | null }>(
    chunkedUrls(
      afterId,
      throughId,
      (lo, hi) => sql`SELECT group_concat('<url><loc>' || ${origin} || '/profile/' || username || '</loc></url>', '')
        FROM ${users} WHERE id > ${lo} AND id <= ${hi} AND NOT ${suspendedSql()}
        AND username NOT GLOB '*[^A-Za-z0-9_.-]*'`,
    ),
  );

export type SitemapKind = 'listings' | 'profiles';

/** The highest listing and member ids (0 for none). */
export async function sitemapBounds(db: Db): Promise<Record<SitemapKind, number>> {
  const [row] = await sitemapBoundsQuery(db);
  return { listings: row?.listings ?? 0, profiles: row?.users ?? 0 };
}

const urlsQuery = { listings: listingUrlsQuery, profiles: profileUrlsQuery };

/** One kind's `<url>` elements for ids in (afterId, throughId]: one statement. */
export async function sitemapUrls(db: Db, kind: SitemapKind, origin: string, afterId: number, throughId: number) {
  return xmlOf(await urlsQuery[kind](db, origin, afterId, throughId));
}

const xmlOf = (rows: { xml: string | null }[]) => rows.flatMap((row) => (row.xml === null ? [] : [row.xml]));

/**
 * Every listing's and profile's `<url>` elements, up to the highest ids: two statements, side by
 * side (Drizzle's D1 batch does not take a raw `sql` statement).
 */
export async function allSitemapUrls(db: Db, origin: string, bounds: Record<SitemapKind, number>) {
  const [listingRows, profileRows] = await Promise.all([
    listingUrlsQuery(db, origin, 0, bounds.listings),
    profileUrlsQuery(db, origin, 0, bounds.profiles),
  ]);
  return [...xmlOf(listingRows), ...xmlOf(profileRows)];
}
