// Saved-search alerts (every 15 minutes). The listings that became visible since the previous run
// (created in (previous run's scheduled time, this scheduled time], active, by someone else who
// is not in a block with the member either way, and after the search was saved) are matched against every saved search with notifications on:
// one notification per search and run (its count is the number of new listings), and one email
// digest per member and run when their address is verified and email notifications are on, naming
// the searches whose digest frequency lets them be emailed now (immediate: every run; daily and
// weekly: not emailed for a day or a week before the run's time; decision 063).
//
// Bounded work: at most MAX_NEW_LISTINGS listings a run; searches are read in pages by id (only
// when there are new listings); the distinct query texts are matched in one batch against an
// FTS5 index rebuilt over only the new listings (alert_listings_fts over the view alert_listings),
// so the cost follows the new listings, not the 100k in listings_fts; notifications and digests
// are written set-based.
// A run costs ALERT_IDLE_COST statements with nothing new, and about 11 + 1 per 2,500 searches
// with new listings (15 at 10,000 searches; one more when its digests date daily or weekly searches).
// Without that much of the invocation's budget left, the run is not claimed, so the next run's
// window (from the previous claimed run) covers it. The ledger makes a rerun for the same
// scheduled time do nothing, and the windows of two runs at different times never overlap.
import { ftsQuery } from '../db/queries/listings';
import { MAX_BELL_PUSHES, pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { subjectKeys } from '../db/queries/notifications';
import { digestSummary, savedSearchDigestEmail, wantsEmail, type DigestSearch, type Email } from '../lib/email';
import { wordsOf } from '../lib/locale';
import { DAY, MINUTE } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import { notifyStatements, queueEmailsStatements, type NotificationRow } from '@worker/db/queries/bulk';
import {
  clearCronStateStatement,
  cronStateStatement,
  previousRunTime,
  writeCronStateStatement,
  type CronState,
} from '@worker/db/queries/cron-runs';
import {
  alertMatchStatements,
  alertMembersStatement,
  categoryNamesStatement,
  digestedSearchesStatement,
  listingCategoriesStatement,
  newListingsStatement,
  searchesAfterStatement,
  searchesOfMemberStatement,
  searchesOfMembersAfterStatement,
  type AlertMemberRow,
  type NewListing,
  type SearchRow,
} from '@worker/db/queries/saved-search-alerts';
import { runOnce } from './ledger';
import { appOrigin } from './origin';

export const SAVED_SEARCH_JOB = 'saved-search-alerts';
/** The first run looks back one trigger interval. */
export const FIRST_WINDOW = 15 * MINUTE;
/** After an outage, listings older than this are not announced any more. */
export const MAX_WINDOW = DAY;
export const MAX_NEW_LISTINGS = 500;
const SEARCH_PAGE = 2500;
/** Claim, previous run, new listings. */
export const ALERT_IDLE_COST = 3;
/** What a run with new listings needs at least (more with over 2,500 searches). */
export const ALERT_MIN_COST = 16;
/** Listings named per search in a digest; the rest are behind its "See all" link. */
const DIGEST_LISTINGS = 10;

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
  /** Paged runs: searches are left for the window (its cursor is in cron_state). */
  more: boolean;
}

/**
 * Searches one job invocation matches (decision 022, "One invocation per job"): with ~8,000
 * searches and new listings, one pass took over 100 ms of Worker CPU; a page of this many keeps
 * an invocation under 10 ms (300 measured 5–7 ms a page with spikes to 10–11 ms when the isolate's
 * garbage collector ran in a full bench run; 250 left that margin under 10 ms but one page with the
 * collector running took 9.4 ms against the 8 ms per call of decision 042, so 200: a trigger's 32
 * calls match 6,400 searches, and the bench's window of about 8,000 finishes over two triggers). The window's position (the last member whose searches are done) is kept in cron_state
 * under ALERT_PAGE_JOB, written in the same batch as the page's notifications and digests, so a
 * page is written once; the next invocation (the dispatcher calls again at once, up to its cap,
 * else the next trigger) goes on from there before it claims a new window.
 */
export const SEARCHES_PER_INVOCATION = 200;
/**
 * Notification entries one paged invocation writes at most, in whole members (decision 049): a
 * page's cost follows its matches (the entries and digests it builds, sends to D1 and writes), and
 * 200 searches where most match made about 70 entries, 70 digests and 700 rows written a call, 6-12 ms
 * of Worker CPU on a loaded machine. The rest of the page's searches go to the next invocation.
 */
export const MATCHES_PER_PAGE = 40;
export const ALERT_PAGE_JOB = 'saved-search-alerts:page';
/**
 * Bell pushes one paged invocation makes at most (the window's MAX_BELL_PUSHES spread over its first
 * pages): 5, then 3, made the bound of one Durable Object call's CPU pass 8 ms in the bench (decision 042).
 */
export const PUSHES_PER_PAGE = 2;

/** A page of searches: the searches of the members after this user id, about `limit` of them. */
export interface SearchPage {
  after: number;
  limit: number;
  /** Bells the window's earlier pages pushed: a window pushes MAX_BELL_PUSHES at most, as one unpaged run does. */
  pushed?: number;
  /** Pages of the window done before this one. */
  pages?: number;
}

/**
 * The searches a window's page matches: the first pages of a window are smaller (a fifth, then a
 * half), because the first calls also claim the run and read the window, and are the first to run
 * the matching and digest code in a fresh isolate (measured: about 5 ms more Worker CPU each).
 */
export function rampedPage(searchesPerCall: number, pagesDone: number): number {
  if (pagesDone === 0) return Math.ceil(searchesPerCall / 5);
  if (pagesDone === 1) return Math.ceil(searchesPerCall / 2);
  return searchesPerCall;
}

/** Runs the alerts for one scheduled time; null when that run already happened. */
export async function runSavedSearchAlerts(
  env: Env,
  scheduledTime: number,
  budget: Budget = unlimited,
  searchesPerCall = Number.POSITIVE_INFINITY,
): Promise<AlertRun | null> {
  if (budget.left() < ALERT_MIN_COST) return null;
  const paged = Number.isFinite(searchesPerCall);
  if (paged) {
    // A window not finished by earlier invocations goes first; this scheduled time is then left
    // unclaimed, and the next claimed run's window (from the previous claimed run) covers it.
    const pending = await cronStateStatement(env.DB, ALERT_PAGE_JOB).first<CronState>();
    if (pending) {
      const window = JSON.parse(pending.at) as { start: string; end: string; pushed?: number; pages?: number };
      const pages = window.pages ?? 1;
      return alertNewListings(env, window.start, window.end, {
        after: pending.cursor,
        limit: rampedPage(searchesPerCall, pages),
        pushed: window.pushed ?? 0,
        pages,
      });
    }
  }
  return runOnce(env.DB, SAVED_SEARCH_JOB, scheduledTime, async () => {
    const previous = await previousRunTime(env.DB, SAVED_SEARCH_JOB, scheduledTime);
    const start = Math.max(previous ?? scheduledTime - FIRST_WINDOW, scheduledTime - MAX_WINDOW);
    return alertNewListings(
      env,
      new Date(start).toISOString(),
      new Date(scheduledTime).toISOString(),
      paged ? { after: 0, limit: rampedPage(searchesPerCall, 0), pages: 0 } : undefined,
    );
  });
}

/** Matches the listings created in (windowStart, windowEnd] and writes notifications and digests. */
export async function alertNewListings(
  env: Env,
  windowStart: string,
  windowEnd: string,
  page?: SearchPage,
): Promise<AlertRun> {
  const d1 = env.DB;
  const run: AlertRun = { windowStart, windowEnd, listings: 0, notifications: 0, emails: 0, more: false };
  // A paged run moves (or clears) the window's cursor (the last member done) in the batch that writes its page.
  let lastSearchId = page?.after ?? 0;
  let pushed = page?.pushed ?? 0;
  const cursorStatement = () =>
    run.more
      ? writeCronStateStatement(
          d1,
          ALERT_PAGE_JOB,
          lastSearchId,
          JSON.stringify({ start: windowStart, end: windowEnd, pushed, pages: (page?.pages ?? 0) + 1 }),
          new Date().toISOString(),
        )
      : clearCronStateStatement(d1, ALERT_PAGE_JOB);
  const finish = async (): Promise<AlertRun> => {
    if (page) await cursorStatement().run();
    return run;
  };
  const { results: fresh } = await newListingsStatement(d1, windowStart, windowEnd, MAX_NEW_LISTINGS).all<NewListing>();
  run.listings = fresh.length;
  if (fresh.length === 0) return finish();

  const ids = fresh.map((l) => l.id);
  const slugsOf = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
  const [names, categoryRows] = await d1.batch<{ listing_id: number; slug: string; name: string }>([
    categoryNamesStatement(d1),
    listingCategoriesStatement(d1, ids),
  ]);
  const categoryName = new Map(names!.results.map((r) => [r.slug, r.name]));
  for (const row of categoryRows!.results) slugsOf.get(row.listing_id)?.add(row.slug);

  // Every search with notifications on, in pages by id (only read when there are new listings).
  const searches: SearchRow[] = [];
  if (page) {
    // A paged run takes whole members (ordered by member, through stored_searches_user_idx), so a
    // member's digest for the window is still one email: it reads one more than its page, and when
    // the page is full drops the last member's searches for the next page (a member with more
    // searches than a page alone gets them all, read by a second query).
    const { results: rows } = await searchesOfMembersAfterStatement(
      d1,
      lastSearchId,
      windowEnd,
      page.limit + 1,
    ).all<SearchRow>();
    if (rows.length > page.limit) {
      run.more = true;
      const cut = rows[page.limit]!.user_id;
      const whole = rows.filter((r) => r.user_id !== cut);
      if (whole.length) searches.push(...whole);
      else {
        const { results: all } = await searchesOfMemberStatement(d1, cut, windowEnd).all<SearchRow>();
        searches.push(...all);
      }
    } else searches.push(...rows);
    if (searches.length) lastSearchId = searches[searches.length - 1]!.user_id;
  } else {
    for (let cursor = 0; ;) {
      const { results: rows } = await searchesAfterStatement(d1, cursor, windowEnd, SEARCH_PAGE).all<SearchRow>();
      searches.push(...rows);
      if (rows.length < SEARCH_PAGE) break;
      cursor = rows[rows.length - 1]!.id;
    }
  }

  // Text matches among the new listings, once per distinct query text, in one batch
  // (alertMatchStatements: an FTS5 index rebuilt over only the new listings; a copy into a scratch
  // index and its delete wrote two rows per listing).
  const textMatches = new Map<string, Set<number>>();
  const ftsOfText = new Map<string | null, string | null>();
  const ftsOf = (query: string | null) => {
    if (!ftsOfText.has(query)) ftsOfText.set(query, ftsQuery(query ?? undefined));
    return ftsOfText.get(query)!;
  };
  const wanted = [...new Set(searches.map((s) => ftsOf(s.query)).filter((q): q is string => q !== null))];
  for (const q of wanted) textMatches.set(q, new Set());
  if (wanted.length) {
    const [, , found] = await d1.batch<{ query: string; rowid: number }>(alertMatchStatements(d1, ids, wanted));
    for (const row of found!.results) if (slugsOf.has(row.rowid)) textMatches.get(row.query)?.add(row.rowid);
  }

  // Each search looks only at the new listings that can match it: those its text matched, or
  // those of its category (a page of searches times every new listing was most of the CPU).
  const byId = new Map(fresh.map((l) => [l.id, l]));
  const ofCategory = new Map<string, NewListing[]>();
  for (const l of fresh) {
    for (const slug of slugsOf.get(l.id)!) {
      // Appended in place: copying the list for each listing made a category's list quadratic garbage.
      const list = ofCategory.get(slug);
      if (list) list.push(l);
      else ofCategory.set(slug, [l]);
    }
  }
  const matches: Match[] = [];
  for (const search of searches) {
    const text = ftsOf(search.query);
    const category = search.category && search.category !== 'all' ? search.category : null;
    if (!text && !category) continue;
    const candidates = text
      ? [...textMatches.get(text)!].map((id) => byId.get(id)!)
      : (ofCategory.get(category!) ?? []);
    const hits = candidates
      .filter(
        (l) =>
          l.user_id !== search.user_id &&
          l.created_at > search.created_at &&
          (!category || slugsOf.get(l.id)!.has(category)),
      )
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
    if (hits.length) matches.push({ search, listings: hits });
  }
  if (matches.length === 0) return finish();
  // A paged call writes MATCHES_PER_PAGE entries at most (whole members: one digest each); the
  // members from the cut on are the next call's (the cursor stops just before the first of them).
  const cut = page ? wholeMembersCut(matches, MATCHES_PER_PAGE) : null;
  if (cut !== null) {
    lastSearchId = matches[cut]!.search.user_id - 1;
    matches.length = cut;
    run.more = true;
  }

  // The members with matches, with who among the new listings' owners is in a block with them
  // (either way): their listings are left out of the member's alerts (decision 035). One read,
  // the one the digests need anyway.
  const owners = [...new Set(fresh.map((l) => l.user_id))];
  const { results: users } = await alertMembersStatement(
    d1,
    [...new Set(matches.map((m) => m.search.user_id))],
    owners,
  ).all<AlertMemberRow>();
  const apartFrom = new Map(users.map((u) => [u.id, new Set(JSON.parse(u.apart ?? '[]') as number[])]));
  const seen: Match[] = [];
  for (const match of matches) {
    const apart = apartFrom.get(match.search.user_id);
    const listings = apart?.size ? match.listings.filter((l) => !apart.has(l.user_id)) : match.listings;
    if (listings.length) seen.push({ search: match.search, listings });
  }
  if (seen.length === 0) return finish();

  const origin = appOrigin(env);
  const entries: NotificationRow[] = [];
  const digests = new Map<number, DigestSearch[]>();
  const dated = new Map<number, number[]>();
  for (const { search, listings } of seen) {
    const summary = describe(search, listings.length, categoryName);
    const link = browseLink(search);
    entries.push({
      userId: search.user_id,
      kind: 'saved_search',
      subjectKey: subjectKeys.savedSearch(search.id),
      text: summary,
      link,
      count: listings.length,
    });
    // The bell hears of every match; the email only of the searches whose frequency allows one
    // now (decision 063, "Digest frequency"): a daily or weekly search not due waits, and its
    // next digest names the matches of the run that finds it due.
    if (!search.due) continue;
    const list = digests.get(search.user_id) ?? [];
    list.push({
      query: search.query,
      category: search.category,
      count: listings.length,
      link,
      listings: listings.slice(0, DIGEST_LISTINGS).map((l) => ({ id: l.id, title: l.title })),
    });
    digests.set(search.user_id, list);
    if (search.dated) {
      const ids = dated.get(search.user_id) ?? [];
      ids.push(search.id);
      dated.set(search.user_id, ids);
    }
  }
  run.notifications = entries.length;

  const emails: Email[] = [];
  // The daily and weekly searches the emails name: dated with the run's time in the same batch.
  const digested: number[] = [];
  for (const user of users) {
    if (!digests.has(user.id)) continue;
    if (!wantsEmail({ emailVerified: user.email_verified === 1, emailNotifications: user.email_notifications === 1 }))
      continue;
    emails.push(
      savedSearchDigestEmail(origin, user.email, user.display_name, digests.get(user.id)!, user.language, categoryName),
    );
    digested.push(...(dated.get(user.id) ?? []));
  }
  run.emails = emails.length;
  // One batch (one transaction): the notifications with the digests.
  // The members whose bells this run pushes (a paged window shares one cap over its pages).
  // A page pushes at most PUSHES_PER_PAGE of them: each push is a Durable Object call made from
  // this invocation, and 40 of them in one page were most of its CPU.
  const bells = [...new Set(entries.map((e) => e.userId))].slice(
    0,
    page ? Math.max(0, Math.min(PUSHES_PER_PAGE, MAX_BELL_PUSHES - pushed)) : undefined,
  );
  pushed += bells.length;
  await d1.batch([
    ...notifyStatements(d1, entries, new Date().toISOString()),
    ...queueEmailsStatements(d1, emails),
    ...(digested.length ? [digestedSearchesStatement(d1, digested, windowEnd)] : []),
    ...(page ? [cursorStatement()] : []),
  ] as [D1PreparedStatement, ...D1PreparedStatement[]]);
  // The members' bells learn of the matches at once (decision 027; capped per run).
  if (bells.length) await pushNotificationChanges(env, bells);
  return run;
}

/**
 * Where a page's matches (in member order) are cut so that it keeps `cap` of them, whole members
 * only: the index of the first match of the first member past the cap, or null to keep them all.
 * A member alone over the cap is kept whole (their digest is one email).
 */
export function wholeMembersCut(
  matches: readonly { search: Pick<SearchRow, 'user_id'> }[],
  cap: number,
): number | null {
  for (let i = Math.max(cap, 1); i < matches.length; i++)
    if (matches[i]!.search.user_id !== matches[i - 1]!.search.user_id) return i;
  return null;
}

/**
 * `3 new listings match "bike" in Tools`, `1 new listing matches "bike"`, `2 new listings in Tools`:
 * the bell entry's line (stored in English) and, in the member's language, the digest's.
 */
export const describe = (
  search: Pick<SearchRow, 'query' | 'category'>,
  count: number,
  categoryName: Map<string, string>,
): string => digestSummary(search, count, wordsOf('en'), categoryName);

/** The saved search on the browse page. */
export function browseLink(search: Pick<SearchRow, 'query' | 'category'>): string {
  const params = new URLSearchParams();
  if (search.query?.trim()) params.set('q', search.query.trim());
  if (search.category && search.category !== 'all') params.set('category', search.category);
  return `/browse?${params.toString()}`;
}
