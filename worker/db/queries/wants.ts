// Wants: "I'd take this" (docs/api/wants-matches-circles.md). Raw D1 statements: the insert is one
// conditional statement so the 200-want cap and the listing's state are checked in the same write.
import * as v from 'valibot';
import { sql, type SQL } from 'drizzle-orm';
import { storedListing } from '@/shared/contract/listings';
import { userSummary, type UserSummary } from '@/shared/contract/users';
import type { Db } from '../client';
import { read, runRead } from '../read';
import { DELETED_STATUS } from './listing-deletion';
import { listings, users } from '../schema';
import { rawFields, selectList, selectObject } from '../reply-columns';
import { blockedEitherWayText } from './blocks';

/** At most this many wants per member (docs/api/wants-matches-circles.md, "Wants"). */
export const MAX_WANTS = 200;

/**
 * A listing as wants and matching read it: the reply's stored fields (src/shared/contract) and the
 * coordinates its location resolved to (match distances). Raw statements select it with
 * selectList() or selectObject() and read it with readListing().
 */
export const matchedListing = v.strictObject({
  ...storedListing.entries,
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
});
export type MatchedListing = v.InferOutput<typeof matchedListing>;

/** The select list of a listing aliased `alias`, keyed as readListing() reads it. */
export const listingColumns = (alias: string) => selectList(matchedListing, listings, alias);

/** A raw row selected with listingColumns() (or an object of listingObject()). */
export const readListing = (row: Record<string, unknown>) => rawFields(matchedListing, listings, row);

/** A listing aliased `alias` as one JSON object, for listings gathered into a JSON array. */
export const listingObject = (alias: string) => selectObject(matchedListing, listings, alias);

export type WantOutcome =
  | { kind: 'added'; createdAt: string; ownerId: number }
  | { kind: 'existing'; createdAt: string }
  | { kind: 'own' }
  | { kind: 'unavailable' }
  | { kind: 'full' };

/**
 * Inserts the want when the listing is active, not the member's own, its owner and the member are
 * not in a block (either way: the listing is then "not found" for the member, decision 035), and
 * the member holds fewer than MAX_WANTS: one statement, so two concurrent PUTs cannot pass the cap together (D1 runs
 * writes one at a time) and a repeated PUT changes nothing (ON CONFLICT DO NOTHING). When nothing
 * was inserted, a second read says why.
 */
export async function addWant(d1: D1Database, userId: number, listingId: number): Promise<WantOutcome> {
  const inserted = await d1
    .prepare(
      `INSERT INTO wants (user_id, listing_id)
       SELECT ?1, l.id FROM listings l
        WHERE l.id = ?2 AND l.status = 'active' AND l.user_id <> ?1
          AND NOT ${blockedEitherWayText('?1', 'l.user_id')}
          AND (SELECT count(*) FROM wants WHERE user_id = ?1) < ?3
       ON CONFLICT (user_id, listing_id) DO NOTHING
       RETURNING created_at, (SELECT user_id FROM listings WHERE id = ?2) AS owner_id`,
    )
    .bind(userId, listingId, MAX_WANTS)
    .first<{ created_at: string; owner_id: number }>();
  if (inserted) return { kind: 'added', createdAt: inserted.created_at, ownerId: inserted.owner_id };
  const why = await d1
    .prepare(
      `SELECT l.user_id AS owner_id, l.status AS status,
              (SELECT created_at FROM wants WHERE user_id = ?1 AND listing_id = ?2) AS wanted_at,
              CASE WHEN l.user_id IS NOT NULL THEN ${blockedEitherWayText('?1', 'l.user_id')} ELSE 0 END AS blocked
         FROM (SELECT 1) LEFT JOIN listings l ON l.id = ?2`,
    )
    .bind(userId, listingId)
    .first<{ owner_id: number | null; status: string | null; wanted_at: string | null; blocked: number }>();
  if (!why || why.owner_id === null) return { kind: 'unavailable' };
  if (why.owner_id === userId) return { kind: 'own' };
  if (why.status !== 'active' || why.blocked === 1) return { kind: 'unavailable' };
  if (why.wanted_at !== null) return { kind: 'existing', createdAt: why.wanted_at };
  return { kind: 'full' };
}

/** Deletes the want; true when there was one. */
export async function removeWant(d1: D1Database, userId: number, listingId: number): Promise<boolean> {
  const row = await d1
    .prepare('DELETE FROM wants WHERE user_id = ?1 AND listing_id = ?2 RETURNING listing_id')
    .bind(userId, listingId)
    .first();
  return row !== null;
}

export interface WantedListing {
  listing: MatchedListing;
  owner: UserSummary;
  wantedAt: string;
}

/**
 * The member's wanted listings, newest want first, whatever their status now (a paused listing
 * stays on the list so the member can remove it), less those of members in a block with them
 * (either way, decision 035: the want stays stored, and shows again when the block is lifted) and
 * those hidden by moderation, which only their owner and admins see (docs/api/moderation.md). At
 * most MAX_WANTS rows exist.
 */
export async function wantedListings(d1: D1Database, userId: number): Promise<WantedListing[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${listingColumns('l')}, w.created_at AS wantedAt, ${selectObject(userSummary, users, 'u')} AS owner
         FROM wants w JOIN listings l ON l.id = w.listing_id JOIN users u ON u.id = l.user_id
        WHERE w.user_id = ?1 AND l.status NOT IN ('hidden', '${DELETED_STATUS}') AND NOT ${blockedEitherWayText('?1', 'l.user_id')}
        ORDER BY w.created_at DESC, w.listing_id DESC
        LIMIT ?2`,
    )
    .bind(userId, MAX_WANTS)
    .all<Record<string, unknown> & { wantedAt: string; owner: string }>();
  return results.map((row) => ({
    listing: readListing(row),
    owner: rawFields(userSummary, users, JSON.parse(row.owner)),
    wantedAt: row.wantedAt,
  }));
}

/** For GET /api/listings/{id}: whether the member wants it, and (for its owner) how many members do. */
export const wantInfo = (db: Db, userId: number, listingId: number, isOwner: boolean) =>
  runRead(db, wantInfoRead(db, userId, listingId, sql.raw(isOwner ? '1' : '0')));

/**
 * wantInfo as a read, for a batch: `isOwner` is an SQL condition, so the listing page's HTML
 * (decision 048) can decide it from the listing's row in the same round trip.
 */
export function wantInfoRead(db: Db, userId: number, listingId: number, isOwner: SQL) {
  const query = db
    .select({
      mine: sql<number>`EXISTS (SELECT 1 FROM wants WHERE user_id = ${userId} AND listing_id = ${listingId})`.as(
        'mine',
      ),
      total: sql<
        number | null
      >`CASE WHEN ${isOwner} THEN (SELECT count(*) FROM wants WHERE listing_id = ${listingId}) END`.as('total'),
    })
    .from(sql`(SELECT 1)`);
  // The count is null exactly when the member is not the owner.
  return read(query, ([row]): { wantedByMe: boolean; wantCount: number | null } => ({
    wantedByMe: row?.mine === 1,
    wantCount: row?.total ?? null,
  }));
}
