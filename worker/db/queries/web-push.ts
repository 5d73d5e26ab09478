// Web Push's rows (docs/api/web-push.md): a member's browser subscriptions and the kinds they
// switched off. A subscription is saved with the member's oldest ones beyond the limit removed in
// the same batch; the subscriptions a push goes to are read with the member's switches in one
// statement.
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX } from '@/shared/constants';
import type { PushKind } from '@worker/lib/web-push/delivery';
import type { Db } from '../client';
import { notBlockedEitherWay } from './blocks';
import { pushPreferences, pushSubscriptions } from '../schema';

export type { PushKind };

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves `subscription` for `userId` (a browser's endpoint seen under another member moves to this
 * one, its keys replaced) and drops the member's oldest beyond the limit. Whether it was new for
 * this member: the row as it was, read first in the same batch.
 */
export async function saveSubscription(db: Db, userId: number, subscription: SubscriptionKeys) {
  const [before, , , after] = await db.batch([
    db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
    db
      .insert(pushSubscriptions)
      .values({ ...subscription, userId })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          // A browser that moves to another member is that member's newest.
          createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${userId} THEN ${pushSubscriptions.createdAt} ELSE excluded.created_at END`,
        },
      }),
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          notInArray(
            pushSubscriptions.endpoint,
            db
              .select({ endpoint: pushSubscriptions.endpoint })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, userId))
              .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
              .limit(PUSH_SUBSCRIPTIONS_MAX),
          ),
        ),
      ),
    db
      .select({ createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
  ]);
  return { created: before[0]?.userId !== userId, createdAt: after[0]!.createdAt };
}

/** Removes the member's subscription at `endpoint` (another member's is left alone). */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/**
 * The subscriptions of `userIds` who have not switched `kind` off, the newest first; with
 * `unlessBlockedWith`, none of a member in a block (either way) with that member (a barter settled
 * across a block writes no bell entry, and pushes nothing either).
 */
export function subscriptionsFor(db: Db, userIds: readonly number[], kind: PushKind, unlessBlockedWith?: number) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      // The member's language: the push is written in it (decision 070), read in the same statement.
      language: sql<string>`(SELECT language FROM users WHERE id = ${pushSubscriptions.userId})`,
    })
    .from(pushSubscriptions)
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(
      and(
        // One bound JSON array, not one parameter a member: D1 binds at most 100 (a circle's burst has more).
        sql`${pushSubscriptions.userId} IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
        sql`(${pushPreferences.kindsOff} IS NULL OR NOT EXISTS (SELECT 1 FROM json_each(${pushPreferences.kindsOff}) WHERE value = ${kind}))`,
        unlessBlockedWith === undefined
          ? undefined
          : notBlockedEitherWay(sql`${pushSubscriptions.userId}`, unlessBlockedWith),
      ),
    )
    .orderBy(desc(pushSubscriptions.createdAt));
}

/** Drops the subscriptions a push service answered 404 or 410 for. */
export async function removeGoneSubscriptions(db: Db, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, [...endpoints]));
}

/** The kinds `userId` has switched off (none without a row). */
export async function pushKindsOff(db: Db, userId: number): Promise<PushKind[]> {
  const row = await db
    .select({ kindsOff: pushPreferences.kindsOff })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId))
    .get();
  return row?.kindsOff ?? [];
}

export async function setPushKindsOff(db: Db, userId: number, kindsOff: PushKind[]): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ userId, kindsOff })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { kindsOff } });
}
