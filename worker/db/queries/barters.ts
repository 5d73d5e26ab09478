// Data access for barters: recorded by one member (pending), confirmed by the other (completed).
import { and, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { DAY, isoIn } from '@worker/lib/time';
import { noteBellChange } from '@worker/db/bell-changes';
import type { Db } from '../client';
import { barters, notifications, users, type BarterRow } from '../schema';
import { subjectKeys } from './notifications';
import { LISTINGS_GONE_SQL } from './listing-deletion';

/** A completed barter keeps its listing's original images this long (then the daily cleanup). */
export const IMAGE_RETENTION = 90 * DAY;
/** A pending barter untouched this long prompts both members once… */
export const PROMPT_AFTER = 14 * DAY;
/** …and is cancelled when still pending after this long. */
export const CANCEL_AFTER = 30 * DAY;
/** A cancelled barter is deleted this long after it was cancelled. */
export const DELETE_CANCELLED_AFTER = 30 * DAY;

/** A barter by id; one about a listing being deleted is gone already (decision 042). */
export function findBarterById(db: Db, id: number): Promise<BarterRow | undefined> {
  return db.query.barters.findFirst({
    where: and(eq(barters.id, id), sql`${barters.listingId} NOT IN (${sql.raw(LISTINGS_GONE_SQL)})`),
  });
}

/** A pending or completed barter between two members about a listing, in either direction. */
const openBarterOf = (listingId: number, a: number, b: number) =>
  and(
    eq(barters.listingId, listingId),
    inArray(barters.status, ['pending', 'completed']),
    or(
      and(eq(barters.initiatorId, a), eq(barters.recipientId, b)),
      and(eq(barters.initiatorId, b), eq(barters.recipientId, a)),
    ),
  );

/**
 * Records a pending barter unless the pair already has a pending or completed one for the
 * listing, and returns whichever exists afterwards. The existence test sits inside the INSERT,
 * so two requests racing cannot both create one.
 */
export async function recordBarter(
  db: Db,
  listingId: number,
  initiatorId: number,
  recipientId: number,
): Promise<{ barter: BarterRow; created: boolean }> {
  const open = openBarterOf(listingId, initiatorId, recipientId);
  // Raw SQL: drizzle's insert builder has no INSERT … SELECT … WHERE NOT EXISTS for some columns.
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO barters (listing_id, initiator_id, recipient_id, status)
    SELECT ${listingId}, ${initiatorId}, ${recipientId}, 'pending'
     WHERE NOT EXISTS (SELECT 1 FROM barters WHERE ${open})
    RETURNING id`);
  const [existing] = await db.select().from(barters).where(open).orderBy(barters.id).limit(1);
  return { barter: existing!, created: inserted.length > 0 };
}

/** Marks a member's entry about a barter read (it asked them to act, and they did). */
const settleNotification = (db: Db, userId: number, barterId: number) =>
  (noteBellChange(db, userId), db)
    .update(notifications)
    .set({ readAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.subjectKey, subjectKeys.barter(barterId)),
        isNull(notifications.readAt),
      ),
    );

/**
 * Completes a pending barter and counts it for both members, exactly once: the users UPDATE
 * runs only while the barter is still pending and comes before the barter UPDATE in the same
 * batch (one transaction), so a second, racing request finds it completed and changes nothing.
 * The same UPDATE snapshots the listing's image paths (the barter's originalImageUrls and
 * thumbnailUrls; there are no separate thumbnail objects, see docs/api/background-jobs.md) and
 * schedules their cleanup 90 days on. `completedNow` tells whether this call made the change.
 */
export async function completeBarter(
  db: Db,
  barter: BarterRow,
  completedAt: string,
): Promise<{ barter: BarterRow; completedNow: boolean }> {
  const stillPending = and(eq(barters.id, barter.id), eq(barters.status, 'pending'));
  const listingImages = sql`(SELECT image_urls FROM listings WHERE listings.id = ${barter.listingId})`;
  const [, changed, , rows] = await db.batch([
    db
      .update(users)
      .set({ bartersCompleted: sql`${users.bartersCompleted} + 1` })
      .where(
        and(
          inArray(users.id, [barter.initiatorId, barter.recipientId]),
          exists(
            db
              .select({ one: sql`1` })
              .from(barters)
              .where(stillPending),
          ),
        ),
      ),
    db
      .update(barters)
      .set({
        status: 'completed',
        completedAt,
        originalImageUrls: sql`coalesce(${listingImages}, '[]')`,
        thumbnailUrls: sql`coalesce(${listingImages}, '[]')`,
        imageCleanupScheduledAt: isoIn(IMAGE_RETENTION, Date.parse(completedAt)),
      })
      .where(stillPending)
      .returning({ id: barters.id }),
    // The recipient has answered the "confirm it" entry.
    settleNotification(db, barter.recipientId, barter.id),
    db.select().from(barters).where(eq(barters.id, barter.id)),
  ]);
  return { barter: rows[0]!, completedNow: changed.length > 0 };
}

/**
 * Cancels a barter while it is pending and schedules its deletion 30 days on; both members'
 * entries about it are settled. Returns the row as it stands afterwards.
 */
export async function cancelBarter(
  db: Db,
  barter: Pick<BarterRow, 'id' | 'initiatorId' | 'recipientId'>,
  cancelledAt = Date.now(),
): Promise<BarterRow | undefined> {
  const [, , , rows] = await db.batch([
    db
      .update(barters)
      .set({ status: 'cancelled', barterDeletionScheduledAt: isoIn(DELETE_CANCELLED_AFTER, cancelledAt) })
      .where(and(eq(barters.id, barter.id), eq(barters.status, 'pending'))),
    settleNotification(db, barter.initiatorId, barter.id),
    settleNotification(db, barter.recipientId, barter.id),
    db.select().from(barters).where(eq(barters.id, barter.id)),
  ]);
  return rows[0];
}

/** A listing's barters, newest first: all of them, or only those `partyId` took part in. */
export function bartersOfListing(db: Db, listingId: number, partyId?: number): Promise<BarterRow[]> {
  const party =
    partyId === undefined ? undefined : or(eq(barters.initiatorId, partyId), eq(barters.recipientId, partyId));
  return db
    .select()
    .from(barters)
    .where(and(eq(barters.listingId, listingId), party))
    .orderBy(desc(barters.createdAt), desc(barters.id));
}

export const isParty = (barter: BarterRow, userId: number) =>
  barter.initiatorId === userId || barter.recipientId === userId;
