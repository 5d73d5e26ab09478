// Data access for barters: recorded by one member (pending), confirmed by the other (completed).
import { and, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { barters, users, type BarterRow } from '../schema';

export function findBarterById(db: Db, id: number): Promise<BarterRow | undefined> {
  return db.query.barters.findFirst({ where: eq(barters.id, id) });
}

/** A pending or completed barter between two members about a listing, in either direction. */
const openBarterOf = (listingId: number, a: number, b: number) =>
  and(
    eq(barters.listingId, listingId),
    inArray(barters.status, ['pending', 'completed']),
    or(and(eq(barters.initiatorId, a), eq(barters.recipientId, b)), and(eq(barters.initiatorId, b), eq(barters.recipientId, a))),
  );

/**
 * Records a pending barter unless the pair already has a pending or completed one for the
 * listing, and returns whichever exists afterwards. The existence test sits inside the INSERT,
 * so two requests racing cannot both create one.
 */
export async function recordBarter(db: Db, listingId: number, initiatorId: number, recipientId: number): Promise<{ barter: BarterRow; created: boolean }> {
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

/**
 * Completes a pending barter and counts it for both members, exactly once: the users UPDATE
 * runs only while the barter is still pending and comes before the barter UPDATE in the same
 * batch (one transaction), so a second, racing request finds it completed and changes nothing.
 */
export async function completeBarter(db: Db, barter: BarterRow, completedAt: string): Promise<BarterRow> {
  const stillPending = and(eq(barters.id, barter.id), eq(barters.status, 'pending'));
  const [, , rows] = await db.batch([
    db
      .update(users)
      .set({ bartersCompleted: sql`${users.bartersCompleted} + 1` })
      .where(and(inArray(users.id, [barter.initiatorId, barter.recipientId]), exists(db.select({ one: sql`1` }).from(barters).where(stillPending)))),
    db.update(barters).set({ status: 'completed', completedAt }).where(stillPending),
    db.select().from(barters).where(eq(barters.id, barter.id)),
  ]);
  return rows[0]!;
}

/** Cancels a barter while it is pending; returns the row as it stands afterwards. */
export async function cancelBarter(db: Db, id: number): Promise<BarterRow | undefined> {
  const [, rows] = await db.batch([
    db.update(barters).set({ status: 'cancelled' }).where(and(eq(barters.id, id), eq(barters.status, 'pending'))),
    db.select().from(barters).where(eq(barters.id, id)),
  ]);
  return rows[0];
}

/** A listing's barters, newest first: all of them, or only those `partyId` took part in. */
export function bartersOfListing(db: Db, listingId: number, partyId?: number): Promise<BarterRow[]> {
  const party = partyId === undefined ? undefined : or(eq(barters.initiatorId, partyId), eq(barters.recipientId, partyId));
  return db
    .select()
    .from(barters)
    .where(and(eq(barters.listingId, listingId), party))
    .orderBy(desc(barters.createdAt), desc(barters.id));
}

export const isParty = (barter: BarterRow, userId: number) => barter.initiatorId === userId || barter.recipientId === userId;
