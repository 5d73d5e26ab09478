// Two-way matches (docs/api/wants-matches-circles.md "Matches"): another member wants one of my
// active listings and I want one of theirs, each side's want explicit (a want row) or textual (the
// wanting member's listings' wants name the other listing: worker/lib/matching/text.ts).
//
// Bounded by the member's own listings and wants, whatever the size of the market: three D1 round
// trips of at most nine statements in all, every read under a LIMIT (the constants below), so the
// busiest member's page reads about a thousand rows at most (test/worker/matches.test.ts measures
// it). What the bounds leave out is documented there: only the newest listings of each side count.
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { distanceMiles, roundMiles } from '@worker/lib/geo';
import {
  anyAlternativeMatches,
  categoriesNamed,
  ftsQueryFor,
  listingText,
  wantAlternatives,
  type ListingText,
} from '@worker/lib/matching/text';
import * as v from 'valibot';
import { category } from '@/shared/contract/categories';
import { userSummary, type UserSummary } from '@/shared/contract/users';
import { categories, users, wants } from '../schema';
import { nextIdsOfRowsSql } from '../id-reserve';
import { rawFields, selectList } from '../reply-columns';
import { listingColumns, listingObject, MAX_WANTS, readListing, type MatchedListing } from './wants';
import { blockedEitherWayText, visibleToText } from './blocks';

/** My newest active listings that count (as what I give, and for my text wants). */
export const OWN_LISTINGS = 20;
/** A partner's newest active listings that count (as what they give, and for their text wants). */
export const PARTNER_LISTINGS = 8;
/** Members looked at as partners, those with a signal both ways first. */
export const MAX_PARTNERS = 20;
/** Want rows read on my listings (who explicitly wants what I give). */
export const WANTERS_READ = 100;
/** Text wants of mine searched across the market, and the newest hits each. */
export const DISCOVERY_QUERIES = 12;
export const DISCOVERY_HITS = 8;
/** Matches returned, best first. */
export const MAX_MATCHES = 50;

export type WantKind = 'explicit' | 'text';

export type Member = UserSummary;

export interface MatchPair {
  theirs: MatchedListing;
  mine: MatchedListing;
  partner: Member;
  iWant: WantKind;
  theyWant: WantKind;
  distance: number | null;
}

// Raw rows are read by the declarations they were selected with (worker/db/reply-columns.ts).
type RawRow = Record<string, unknown>;
const MEMBER_COLUMNS = selectList(userSummary, users, 'u');
const readMember = (row: RawRow): Member => rawFields(userSummary, users, row);
const categoryName = v.pick(category, ['slug', 'name']);
// Unaliased: the query-plan test knows the table by its name (a small table read whole).
const CATEGORY_COLUMNS = selectList(categoryName, categories, 'categories');
const categoryNamesOf = (rows: RawRow[]) =>
  new Map(rows.map((row) => rawFields(categoryName, categories, row)).map((c) => [c.slug, c.name]));
const wantPair = v.strictObject({ userId: v.number(), listingId: v.number() });
const readWant = (row: RawRow) => rawFields(wantPair, wants, row);
/** Rows SQLite gathered into a JSON array (json_group_array), each read as a raw row. */
const jsonRows = (text: unknown): RawRow[] => (typeof text === 'string' ? JSON.parse(text) : []);

/** Miles between two listings' places (rounded to 0.1), null when either place is unknown. */
export function milesBetween(a: MatchedListing, b: MatchedListing): number | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  return roundMiles(
    distanceMiles({ latitude: a.latitude, longitude: a.longitude }, { latitude: b.latitude, longitude: b.longitude }),
  );
}

const explicitSides = (pair: MatchPair) => (pair.iWant === 'explicit' ? 1 : 0) + (pair.theyWant === 'explicit' ? 1 : 0);

/** Explicit before text (both sides explicit first), then nearest (unknown distance last), then newest listings. */
export function compareMatches(a: MatchPair, b: MatchPair): number {
  const explicit = explicitSides(b) - explicitSides(a);
  if (explicit !== 0) return explicit;
  if (a.distance !== b.distance) {
    if (a.distance === null) return 1;
    if (b.distance === null) return -1;
    return a.distance - b.distance;
  }
  return b.theirs.id - a.theirs.id || b.mine.id - a.mine.id;
}

const MY_LISTINGS_SQL = `SELECT id FROM listings WHERE user_id = ?1 AND status = 'active' ORDER BY created_at DESC, id DESC LIMIT ?2`;

/** Pre-computed listing texts, by listing id. */
class Texts {
  private readonly cache = new Map<number, ListingText>();
  constructor(private readonly categoryNames: Map<string, string>) {}
  of(listing: MatchedListing): ListingText {
    let text = this.cache.get(listing.id);
    if (!text) {
      text = listingText(listing, this.categoryNames);
      this.cache.set(listing.id, text);
    }
    return text;
  }
}

/**
 * The member's two-way matches, best first (at most MAX_MATCHES). Members in a block with me
 * (either way, decision 035) are never partners: every statement that finds partners (my wants,
 * who wants mine, what my text wants name) leaves their listings and wants out with one constant
 * subquery each, in the statements already run.
 */
export async function findMatches(d1: D1Database, me: Member): Promise<MatchPair[]> {
  // Members I see: not me, and not in a block with me (decision 035).
  const visible = (column: string) => visibleToText(column, me.id);
  // 1. My listings, my wants, the categories, who wants my listings: one round trip.
  const [mineRes, wantedRes, categoriesRes, wantersRes] = await d1.batch<RawRow>([
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM listings l WHERE l.user_id = ?1 AND l.status = 'active' ORDER BY l.created_at DESC, l.id DESC LIMIT ?2`,
      )
      .bind(me.id, OWN_LISTINGS),
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM wants w JOIN listings l ON l.id = w.listing_id
          WHERE w.user_id = ?1 AND l.status = 'active' AND ${visible('l.user_id')}
          ORDER BY w.created_at DESC LIMIT ?2`,
      )
      .bind(me.id, MAX_WANTS),
    d1.prepare(`SELECT ${CATEGORY_COLUMNS} FROM categories`),
    d1
      .prepare(
        `SELECT ${selectList(wantPair, wants, 'w')} FROM wants w WHERE w.listing_id IN (${MY_LISTINGS_SQL}) AND ${visible('w.user_id')} LIMIT ?3`,
      )
      .bind(me.id, OWN_LISTINGS, WANTERS_READ),
  ]);
  const mine = mineRes!.results.map(readListing);
  if (mine.length === 0) return [];
  const wanted = wantedRes!.results.map(readListing);
  const categoryNames = categoryNamesOf(categoriesRes!.results);
  const wanters = new Map<number, Set<number>>();
  for (const want of wantersRes!.results.map(readWant)) {
    const set = wanters.get(want.userId) ?? new Set<number>();
    set.add(want.listingId);
    wanters.set(want.userId, set);
  }
  const myAlternatives = wantAlternatives(mine);

  // 2. What my text wants name across the market: the newest few hits of each, through FTS5 (title
  // and description) and the category junction (category names).
  const discovered = new Map<number, number>(); // listing id → owner id
  const queries = myAlternatives.slice(0, DISCOVERY_QUERIES);
  const slugs = [...new Set(queries.flatMap((alternative) => categoriesNamed(alternative, categoryNames)))];
  if (queries.length) {
    const statements = [
      d1
        .prepare(
          `SELECT (SELECT json_group_array(json_array(id, user_id)) FROM (
                    SELECT l.id, l.user_id FROM listings_fts f JOIN listings l ON l.id = f.rowid
                     WHERE f.listings_fts MATCH q.value AND l.status = 'active' AND ${visible('l.user_id')}
                     ORDER BY f.rowid DESC LIMIT ?3)) AS hits
             FROM json_each(?1) q`,
        )
        .bind(JSON.stringify(queries.map(ftsQueryFor)), me.id, DISCOVERY_HITS),
    ];
    if (slugs.length) {
      statements.push(
        d1
          .prepare(
            `SELECT (SELECT json_group_array(json_array(id, user_id)) FROM (
                      SELECT l.id, l.user_id FROM listing_categories lc JOIN listings l ON l.id = lc.listing_id
                       WHERE lc.slug = c.value AND l.status = 'active' AND ${visible('l.user_id')}
                       ORDER BY lc.listing_id DESC LIMIT ?3)) AS hits
               FROM json_each(?1) c`,
          )
          .bind(JSON.stringify(slugs), me.id, DISCOVERY_HITS),
      );
    }
    for (const result of await d1.batch<{ hits: string | null }>(statements)) {
      for (const row of result.results) {
        const hits: [number, number][] = JSON.parse(row.hits ?? '[]');
        for (const [id, owner] of hits) discovered.set(id, owner);
      }
    }
  }

  // Partners: members with a signal both ways first, then those I want (explicitly, then by text),
  // then those who only want mine (many of them may offer nothing at all).
  const iWantFrom = new Set<number>([...wanted.map((l) => l.userId), ...discovered.values()]);
  const ranked = [
    ...[...wanters.keys()].filter((id) => iWantFrom.has(id)),
    ...wanted.map((l) => l.userId),
    ...discovered.values(),
    ...wanters.keys(),
  ];
  const partners = [...new Set(ranked)].filter((id) => id !== me.id).slice(0, MAX_PARTNERS);
  if (partners.length === 0) return [];
  const partnerSet = new Set(partners);
  const wantedIds = new Set(wanted.map((l) => l.id));
  const missing = [...discovered.entries()]
    .filter(([id, owner]) => partnerSet.has(owner) && !wantedIds.has(id))
    .map(([id]) => id);

  // 3. The partners' newest listings (what they give and their text wants), their names, and the
  // discovered listings' rows: one round trip.
  const [theirRes, usersRes, missingRes] = await d1.batch<RawRow>([
    // Each partner's newest listings as one JSON array (read once through the (user, created)
    // index, without joining the rows a second time).
    d1
      .prepare(
        `SELECT (SELECT json_group_array(${listingObject('l')}) FROM (
                  SELECT * FROM listings WHERE user_id = p.value AND status = 'active' ORDER BY created_at DESC, id DESC LIMIT ?2) l) AS rows
           FROM json_each(?1) p`,
      )
      .bind(JSON.stringify(partners), PARTNER_LISTINGS),
    d1
      .prepare(`SELECT ${MEMBER_COLUMNS} FROM json_each(?1) j JOIN users u ON u.id = j.value`)
      .bind(JSON.stringify(partners)),
    // The unary + keeps SQLite from walking every active listing through the status index.
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM json_each(?1) j JOIN listings l ON l.id = j.value WHERE +l.status = 'active'`,
      )
      .bind(JSON.stringify(missing)),
  ]);
  const members = new Map(usersRes!.results.map(readMember).map((member) => [member.id, member]));
  const newest = new Map<number, MatchedListing[]>();
  const theirRows = theirRes!.results.flatMap((row) => jsonRows(row.rows).map(readListing));
  for (const listing of theirRows) {
    const list = newest.get(listing.userId) ?? [];
    list.push(listing);
    newest.set(listing.userId, list);
  }
  const offered = new Map<number, Map<number, MatchedListing>>();
  for (const listing of [...wanted, ...missingRes!.results.map(readListing), ...[...newest.values()].flat()]) {
    if (!partnerSet.has(listing.userId)) continue;
    const map = offered.get(listing.userId) ?? new Map<number, MatchedListing>();
    map.set(listing.id, listing);
    offered.set(listing.userId, map);
  }

  const texts = new Texts(categoryNames);
  const pairs: MatchPair[] = [];
  for (const partnerId of partners) {
    const partner = members.get(partnerId);
    if (!partner) continue;
    // Theirs newest first, so their text wants come from their newest listings.
    const theirNewest = (newest.get(partnerId) ?? []).sort((a, b) =>
      a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1,
    );
    const theirAlternatives = wantAlternatives(theirNewest);
    const explicitlyWanted = wanters.get(partnerId);
    const theyWant = new Map<number, WantKind>();
    for (const listing of mine) {
      if (explicitlyWanted?.has(listing.id)) theyWant.set(listing.id, 'explicit');
      else if (theirAlternatives.length && anyAlternativeMatches(theirAlternatives, texts.of(listing)))
        theyWant.set(listing.id, 'text');
    }
    if (theyWant.size === 0) continue;
    for (const theirs of offered.get(partnerId)?.values() ?? []) {
      const iWant: WantKind | null = wantedIds.has(theirs.id)
        ? 'explicit'
        : discovered.has(theirs.id) || anyAlternativeMatches(myAlternatives, texts.of(theirs))
          ? 'text'
          : null;
      if (!iWant) continue;
      for (const listing of mine) {
        const kind = theyWant.get(listing.id);
        if (kind)
          pairs.push({
            theirs,
            mine: listing,
            partner,
            iWant,
            theyWant: kind,
            distance: milesBetween(theirs, listing),
          });
      }
    }
  }
  return pairs.sort(compareMatches).slice(0, MAX_MATCHES);
}

/**
 * The matches a new want (member `userId` wants `listingId`) makes: that listing against each of
 * the member's listings its owner wants. One round trip; the same bounds as findMatches (the
 * member's newest OWN_LISTINGS, the owner's newest PARTNER_LISTINGS for their text wants). A
 * listing whose owner is in a block with the member makes none (the want route refuses it anyway).
 */
export async function matchesThroughWant(
  d1: D1Database,
  userId: number,
  listingId: number,
): Promise<{ me: Member; pairs: MatchPair[] } | null> {
  const owner = `(SELECT user_id FROM listings WHERE id = ?2)`;
  const [targetRes, mineRes, explicitRes, theirRes, categoriesRes, usersRes] = await d1.batch<RawRow>([
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM listings l WHERE l.id = ?1 AND l.status = 'active' AND NOT ${blockedEitherWayText('?2', 'l.user_id')}`,
      )
      .bind(listingId, userId),
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM listings l WHERE l.user_id = ?1 AND l.status = 'active' ORDER BY l.created_at DESC, l.id DESC LIMIT ?2`,
      )
      .bind(userId, OWN_LISTINGS),
    d1
      .prepare(
        `SELECT ${selectList(wantPair, wants, 'w')} FROM wants w WHERE w.user_id = ${owner} AND w.listing_id IN (${MY_LISTINGS_SQL.replace('?2', '?3')})`,
      )
      .bind(userId, listingId, OWN_LISTINGS),
    d1
      .prepare(
        `SELECT ${listingColumns('l')} FROM listings l WHERE l.user_id = ${owner.replace('?2', '?1')} AND l.status = 'active' ORDER BY l.created_at DESC, l.id DESC LIMIT ?2`,
      )
      .bind(listingId, PARTNER_LISTINGS),
    d1.prepare(`SELECT ${CATEGORY_COLUMNS} FROM categories`),
    d1.prepare(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id IN (?1, ${owner})`).bind(userId, listingId),
  ]);
  const target = targetRes!.results.map(readListing)[0];
  const members = new Map(usersRes!.results.map(readMember).map((member) => [member.id, member]));
  const me = members.get(userId);
  if (!target || !me) return null;
  const partner = members.get(target.userId);
  if (!partner || partner.id === userId) return { me, pairs: [] };
  const categoryNames = categoryNamesOf(categoriesRes!.results);
  const explicit = new Set(explicitRes!.results.map((row) => readWant(row).listingId));
  const theirAlternatives = wantAlternatives(theirRes!.results.map(readListing));
  const pairs: MatchPair[] = [];
  for (const listing of mineRes!.results.map(readListing)) {
    const theyWant: WantKind | null = explicit.has(listing.id)
      ? 'explicit'
      : theirAlternatives.length && anyAlternativeMatches(theirAlternatives, listingText(listing, categoryNames))
        ? 'text'
        : null;
    if (theyWant)
      pairs.push({
        theirs: target,
        mine: listing,
        partner,
        iWant: 'explicit',
        theyWant,
        distance: milesBetween(target, listing),
      });
  }
  return { me, pairs: pairs.sort(compareMatches) };
}

/** Subject key of a member's match entry: their listing first, so each member's key is their own. */
export const matchSubjectKey = (myListingId: number, theirListingId: number) =>
  `match:${myListingId}:${theirListingId}`;

const clip = (title: string) => (title.length > 60 ? `${title.slice(0, 59)}…` : title);

/**
 * Partners a listing change announces in its own request (decision 042): each is two entries (the
 * member's and the partner's, about five rows written each) and a bell push; a new listing with
 * matches across 20 partners wrote 72 rows and made 10 Durable Object calls. The rest are
 * announced by the frequent cron (match_fanouts, worker/cron/match-fanout.ts).
 */
export const MATCH_PARTNERS_PER_REQUEST = 4;

/**
 * Notifies both members of new matches: one entry each per partner found, about the best pair with
 * that partner (pairs come best first), saying how many swaps there are in all. An entry is keyed
 * by its pair and written with ON CONFLICT DO NOTHING, so a pair is announced once ever: finding it
 * again later adds nothing. One statement for any number of partners; none when there are none.
 * With `partners`, only the best that many partners are announced, and when there are more a
 * match_fanouts row (same batch) leaves the rest to the cron. `pushes` caps the bells pushed.
 * Returns how many entries were new.
 */
/** A match entry just written for a partner of the member whose change found it (for their Web Push). */
export interface NewMatch {
  userId: number;
  /** The member whose listing or want made the match. */
  partnerName: string;
  mine: { id: number; title: string };
  theirs: { id: number; title: string };
}

/** What a caller does with the partners' new entries (a Web Push), given only those the statement wrote. */
export type AnnounceMatches = (fresh: NewMatch[]) => Promise<unknown>;

export async function notifyMatches(
  d1: D1Database,
  me: Member,
  pairs: MatchPair[],
  env?: Env,
  options: { partners?: number; pushes?: number; announce?: AnnounceMatches } = {},
): Promise<number> {
  if (pairs.length === 0) return 0;
  const byPartner = new Map<number, MatchPair[]>();
  for (const pair of pairs) byPartner.set(pair.partner.id, [...(byPartner.get(pair.partner.id) ?? []), pair]);
  const groups = [...byPartner.values()];
  const announced = groups.slice(0, options.partners ?? groups.length);
  const rows: [number, string, string][] = [];
  // The partners' entries by member and key: the statement returns those it wrote.
  const partnerEntries = new Map<string, NewMatch>();
  for (const [best, ...rest] of announced) {
    const pair = best!;
    partnerEntries.set(`${pair.partner.id}|${matchSubjectKey(pair.theirs.id, pair.mine.id)}`, {
      userId: pair.partner.id,
      partnerName: me.displayName,
      mine: { id: pair.theirs.id, title: pair.theirs.title },
      theirs: { id: pair.mine.id, title: pair.mine.title },
    });
    const more = rest.length ? ` (${rest.length + 1} possible swaps)` : '';
    rows.push([
      me.id,
      matchSubjectKey(pair.mine.id, pair.theirs.id),
      `New match: ${pair.partner.displayName} would take your "${clip(pair.mine.title)}" and offers "${clip(pair.theirs.title)}"${more}`,
    ]);
    rows.push([
      pair.partner.id,
      matchSubjectKey(pair.theirs.id, pair.mine.id),
      `New match: ${me.displayName} would take your "${clip(pair.theirs.title)}" and offers "${clip(pair.mine.title)}"${more}`,
    ]);
  }
  const now = new Date().toISOString();
  const insert = d1
    .prepare(
      `INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, created_at, updated_at)
       SELECT ${nextIdsOfRowsSql('notifications')}, json_extract(value, '$[0]'), 'match', json_extract(value, '$[1]'), json_extract(value, '$[2]'), '/matches', 1, ?2, ?2
         FROM json_each(?1) WHERE true
       ON CONFLICT (user_id, subject_key) DO NOTHING
       RETURNING user_id, subject_key`,
    )
    .bind(JSON.stringify(rows), now);
  const [result] =
    announced.length < groups.length
      ? await d1.batch([
          insert,
          d1
            .prepare('INSERT INTO match_fanouts (user_id, created_at) VALUES (?1, ?2) ON CONFLICT (user_id) DO NOTHING')
            .bind(me.id, now),
        ])
      : [await insert.run()];
  const changes = result!.meta.changes ?? 0;
  // New entries reach the members' bells at once (decision 027).
  if (env && changes > 0) await pushNotificationChanges(env, rows.map(([userId]) => userId).slice(0, options.pushes));
  const written = (result!.results ?? []) as { user_id: number; subject_key: string }[];
  const fresh = written.flatMap((row) => partnerEntries.get(`${row.user_id}|${row.subject_key}`) ?? []);
  if (options.announce && fresh.length > 0) await options.announce(fresh);
  return changes;
}

/** After a want is added: notify the matches it makes. Never throws (the want is stored either way). */
export async function detectMatchesForWant(
  d1: D1Database,
  userId: number,
  listingId: number,
  env?: Env,
  announce?: AnnounceMatches,
): Promise<number> {
  try {
    const found = await matchesThroughWant(d1, userId, listingId);
    return found ? await notifyMatches(d1, found.me, found.pairs, env, { announce }) : 0;
  } catch (error) {
    console.error('match detection after a want failed', error);
    return 0;
  }
}

/** After a listing is created or its text changes: notify the owner's matches not notified yet. */
export async function detectMatchesForMember(
  d1: D1Database,
  member: Member,
  env?: Env,
  announce?: AnnounceMatches,
): Promise<number> {
  try {
    return await notifyMatches(d1, member, await findMatches(d1, member), env, {
      partners: MATCH_PARTNERS_PER_REQUEST,
      announce,
    });
  } catch (error) {
    console.error('match detection after a listing change failed', error);
    return 0;
  }
}

/** An unread match entry for the daily digest, with its member's email settings. */
export interface MatchDigestEntry {
  user_id: number;
  text: string;
  email: string;
  display_name: string;
  email_verified: number;
  email_notifications: number;
  /** The member's language (users.language): the digest's. */
  language: string;
}

/** The unread match entries created in (windowStart, windowEnd], oldest first, at most `limit` (worker/cron/match-digest.ts). */
export const matchDigestEntriesStatement = (d1: D1Database, windowStart: string, windowEnd: string, limit: number) =>
  d1
    .prepare(
      `SELECT n.user_id, n.text, u.email, u.display_name, u.email_verified, u.email_notifications, u.language
         FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.kind = 'match' AND n.created_at > ?1 AND n.created_at <= ?2 AND n.read_at IS NULL
        ORDER BY n.created_at, n.id LIMIT ?3`,
    )
    .bind(windowStart, windowEnd, limit);
