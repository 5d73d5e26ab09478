// Saved-search alerts (every 15 minutes). The listings that became visible since the previous run
// (created in (previous run's scheduled time, this scheduled time], active, by someone else, and
// after the search was saved) are matched against every saved search with notifications on:
// one notification per search and run (its count is the number of new listings), and one email
// digest per member and run when their address is verified and email notifications are on.
//
// Bounded work: at most MAX_NEW_LISTINGS listings a run; text searches run the FTS5 index limited
// to the new listings' id range, once per distinct query text; searches are read in pages by id.
// The ledger makes a rerun for the same scheduled time do nothing, and the windows of two runs at
// different times never overlap.
import type { BatchItem } from 'drizzle-orm/batch';
import { createDb } from '../db/client';
import { ftsQuery } from '../db/queries/listings';
import { notifyStatement, subjectKeys } from '../db/queries/notifications';
import { queueEmail, savedSearchDigestEmail, wantsEmail, type DigestSearch } from '../lib/email';
import { DAY, MINUTE } from '../lib/time';
import { previousRunTime, runOnce } from './ledger';
import { appOrigin } from './origin';

export const SAVED_SEARCH_JOB = 'saved-search-alerts';
/** The first run looks back one trigger interval. */
export const FIRST_WINDOW = 15 * MINUTE;
/** After an outage, listings older than this are not announced any more. */
export const MAX_WINDOW = DAY;
export const MAX_NEW_LISTINGS = 500;
const SEARCH_PAGE = 500;
/** D1 allows 100 bound parameters a statement. */
const IN_CHUNK = 90;
const WRITE_CHUNK = 50;
/** Listings named per search in a digest; the rest are behind its "See all" link. */
const DIGEST_LISTINGS = 10;

interface NewListing {
  id: number;
  user_id: number;
  title: string;
  created_at: string;
}

interface SearchRow {
  id: number;
  user_id: number;
  query: string | null;
  category: string | null;
  created_at: string;
}

interface Match {
  search: SearchRow;
  listings: NewListing[];
}

export interface AlertRun {
  windowStart: string;
  windowEnd: string;
  listings: number;
  notifications: number;
  emails: number;
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

/** Runs the alerts for one scheduled time; null when that run already happened. */
export function runSavedSearchAlerts(env: Env, scheduledTime: number): Promise<AlertRun | null> {
  return runOnce(env.DB, SAVED_SEARCH_JOB, scheduledTime, async () => {
    const previous = await previousRunTime(env.DB, SAVED_SEARCH_JOB, scheduledTime);
    const start = Math.max(previous ?? scheduledTime - FIRST_WINDOW, scheduledTime - MAX_WINDOW);
    return alertNewListings(env, new Date(start).toISOString(), new Date(scheduledTime).toISOString());
  });
}

/** Matches the listings created in (windowStart, windowEnd] and writes notifications and digests. */
export async function alertNewListings(env: Env, windowStart: string, windowEnd: string): Promise<AlertRun> {
  const d1 = env.DB;
  const run: AlertRun = { windowStart, windowEnd, listings: 0, notifications: 0, emails: 0 };
  const { results: fresh } = await d1
    .prepare(
      `SELECT id, user_id, title, created_at FROM listings
        WHERE status = 'active' AND created_at > ?1 AND created_at <= ?2 ORDER BY created_at, id LIMIT ?3`,
    )
    .bind(windowStart, windowEnd, MAX_NEW_LISTINGS)
    .all<NewListing>();
  run.listings = fresh.length;
  if (fresh.length === 0) return run;

  const ids = fresh.map((l) => l.id);
  const minId = Math.min(...ids);
  const maxId = Math.max(...ids);
  const slugsOf = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
  const categoryReads = chunks(ids, IN_CHUNK).map((part) =>
    d1.prepare(`SELECT listing_id, slug FROM listing_categories WHERE listing_id IN (${placeholders(part.length)})`).bind(...part),
  );
  const [names, ...categoryRows] = await d1.batch<{ listing_id: number; slug: string; name: string }>([
    d1.prepare('SELECT slug, name FROM categories'),
    ...categoryReads,
  ]);
  const categoryName = new Map(names!.results.map((r) => [r.slug, r.name]));
  for (const result of categoryRows) for (const row of result.results) slugsOf.get(row.listing_id)?.add(row.slug);

  // Text matches among the new listings, per distinct FTS query, cached across search pages.
  const textMatches = new Map<string, Set<number>>();
  const matches: Match[] = [];
  let cursor = 0;
  for (;;) {
    const { results: searches } = await d1
      .prepare(
        `SELECT id, user_id, query, category, created_at FROM stored_searches
          WHERE id > ?1 AND notifications_enabled = 1 AND created_at < ?2 ORDER BY id LIMIT ?3`,
      )
      .bind(cursor, windowEnd, SEARCH_PAGE)
      .all<SearchRow>();
    if (searches.length === 0) break;
    cursor = searches[searches.length - 1]!.id;

    const wanted = [...new Set(searches.map((s) => ftsQuery(s.query ?? undefined)).filter((q): q is string => q !== null && !textMatches.has(q)))];
    for (const part of chunks(wanted, WRITE_CHUNK)) {
      const found = await d1.batch<{ rowid: number }>(
        part.map((q) => d1.prepare('SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?1 AND rowid BETWEEN ?2 AND ?3').bind(q, minId, maxId)),
      );
      part.forEach((q, i) => textMatches.set(q, new Set(found[i]!.results.map((r) => r.rowid))));
    }

    for (const search of searches) {
      const text = ftsQuery(search.query ?? undefined);
      const category = search.category && search.category !== 'all' ? search.category : null;
      if (!text && !category) continue;
      const hits = fresh.filter(
        (l) =>
          l.user_id !== search.user_id &&
          l.created_at > search.created_at &&
          (!category || slugsOf.get(l.id)!.has(category)) &&
          (!text || textMatches.get(text)!.has(l.id)),
      );
      if (hits.length) matches.push({ search, listings: hits });
    }
    if (searches.length < SEARCH_PAGE) break;
  }
  if (matches.length === 0) return run;

  const db = createDb(d1);
  const origin = appOrigin(env);
  const writes: BatchItem<'sqlite'>[] = [];
  const digests = new Map<number, DigestSearch[]>();
  for (const { search, listings } of matches) {
    const summary = describe(search, listings.length, categoryName);
    const link = browseLink(search);
    writes.push(notifyStatement(db, { userId: search.user_id, kind: 'saved_search', subjectKey: subjectKeys.savedSearch(search.id), text: summary, link, count: listings.length }));
    const list = digests.get(search.user_id) ?? [];
    list.push({ summary, link, listings: listings.slice(0, DIGEST_LISTINGS).map((l) => ({ id: l.id, title: l.title })) });
    digests.set(search.user_id, list);
  }
  run.notifications = writes.length;

  const members = [...digests.keys()];
  for (const part of chunks(members, IN_CHUNK)) {
    const { results: users } = await d1
      .prepare(`SELECT id, email, display_name, email_verified, email_notifications FROM users WHERE id IN (${placeholders(part.length)})`)
      .bind(...part)
      .all<{ id: number; email: string; display_name: string; email_verified: number; email_notifications: number }>();
    for (const user of users) {
      if (!wantsEmail({ emailVerified: user.email_verified === 1, emailNotifications: user.email_notifications === 1 })) continue;
      writes.push(queueEmail(db, savedSearchDigestEmail(origin, user.email, user.display_name, digests.get(user.id)!)));
      run.emails++;
    }
  }
  for (const part of chunks(writes, WRITE_CHUNK)) await db.batch(part as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return run;
}

/** `3 new listings match "bike" in Tools`, `1 new listing matches "bike"`, `2 new listings in Tools`. */
export function describe(search: Pick<SearchRow, 'query' | 'category'>, count: number, categoryName: Map<string, string>): string {
  const listings = count === 1 ? '1 new listing' : `${count} new listings`;
  const query = search.query?.trim();
  const category = search.category && search.category !== 'all' ? (categoryName.get(search.category) ?? search.category) : null;
  if (query) return `${listings} ${count === 1 ? 'matches' : 'match'} "${query}"${category ? ` in ${category}` : ''}`;
  return `${listings} in ${category}`;
}

/** The saved search on the browse page. */
export function browseLink(search: Pick<SearchRow, 'query' | 'category'>): string {
  const params = new URLSearchParams();
  if (search.query?.trim()) params.set('q', search.query.trim());
  if (search.category && search.category !== 'all') params.set('category', search.category);
  return `/browse?${params.toString()}`;
}
