// Data access for barters: pending until both members have confirmed the handover (decision 060),
// then completed; either may cancel while pending.
import { and, desc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
 * so two requests racing cannot both create one. Recording is the recorder's word that the swap
 * happened ("Yes, completed!"): their side is confirmed, and the other's confirmation completes it.
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
    INSERT INTO barters (listing_id, initiator_id, recipient_id, status, initiator_confirmed_at)
    SELECT ${listingId}, ${initiatorId}, ${recipientId}, 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
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

/** The barter column holding `userId`'s confirmation, and the other side's. */
const sidesOf = (barter: Pick<BarterRow, 'initiatorId'>, userId: number) =>
  barter.initiatorId === userId
    ? {
        mine: barters.initiatorConfirmedAt,
        theirs: barters.recipientConfirmedAt,
        mineKey: 'initiatorConfirmedAt' as const,
      }
    : {
        mine: barters.recipientConfirmedAt,
        theirs: barters.initiatorConfirmedAt,
        mineKey: 'recipientConfirmedAt' as const,
      };

/**
 * Records `userId`'s confirmation of the handover (decision 060). When the other side has
 * confirmed already, this one completes the barter and counts it for both members, exactly once:
 * the users UPDATE runs only while the barter is pending with the other side's confirmation and
 * not yet this side's, and comes before the barter UPDATE in the same batch (one transaction), so
 * a racing request finds it changed and changes nothing. Completion snapshots the listing's image
 * paths (originalImageUrls and thumbnailUrls; there are no separate thumbnail objects, see
 * docs/api/background-jobs.md) and schedules their cleanup 90 days on. `completedNow` and
 * `confirmedNow` tell what this call changed.
 */
export async function confirmBarter(
  db: Db,
  barter: BarterRow,
  userId: number,
  at: string,
): Promise<{ barter: BarterRow; completedNow: boolean; confirmedNow: boolean }> {
  const { mine, theirs, mineKey } = sidesOf(barter, userId);
  const pendingMine = and(eq(barters.id, barter.id), eq(barters.status, 'pending'), isNull(mine));
  const completes = and(pendingMine, isNotNull(theirs));
  const listingImages = sql`(SELECT image_urls FROM listings WHERE listings.id = ${barter.listingId})`;
  const [, completed, confirmed, , rows] = await db.batch([
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
              .where(completes),
          ),
        ),
      ),
    db
      .update(barters)
      .set({
        status: 'completed',
        completedAt: at,
        [mineKey]: at,
        originalImageUrls: sql`coalesce(${listingImages}, '[]')`,
        thumbnailUrls: sql`coalesce(${listingImages}, '[]')`,
        imageCleanupScheduledAt: isoIn(IMAGE_RETENTION, Date.parse(at)),
      })
      .where(completes)
      .returning({ id: barters.id }),
    // The first side's confirmation (the other side has not confirmed: the UPDATE above matched nothing).
    db
      .update(barters)
      .set({ [mineKey]: at })
      .where(pendingMine)
      .returning({ id: barters.id }),
    // The member has answered their "confirm it" entry.
    settleNotification(db, userId, barter.id),
    db.select().from(barters).where(eq(barters.id, barter.id)),
  ]);
  return {
    barter: rows[0]!,
    completedNow: completed.length > 0,
    confirmedNow: completed.length > 0 || confirmed.length > 0,
  };
}

/**
 * Cancels a barter while it is pending (with the canceller's reason, if any) and schedules its
 * deletion 30 days on; both members' entries about it are settled. Returns the row as it stands
 * afterwards, and whether this call cancelled it.
 */
export async function cancelBarter(
  db: Db,
  barter: Pick<BarterRow, 'id' | 'initiatorId' | 'recipientId'>,
  cancelledAt = Date.now(),
  reason: string | null = null,
): Promise<{ barter: BarterRow | undefined; cancelledNow: boolean }> {
  const [changed, , , rows] = await db.batch([
    db
      .update(barters)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        barterDeletionScheduledAt: isoIn(DELETE_CANCELLED_AFTER, cancelledAt),
      })
      .where(and(eq(barters.id, barter.id), eq(barters.status, 'pending')))
      .returning({ id: barters.id }),
    settleNotification(db, barter.initiatorId, barter.id),
    settleNotification(db, barter.recipientId, barter.id),
    db.select().from(barters).where(eq(barters.id, barter.id)),
  ]);
  return { barter: rows[0], cancelledNow: changed.length > 0 };
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
