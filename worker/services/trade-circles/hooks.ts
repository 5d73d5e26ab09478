// What the wants routes call after a want is added or removed (docs/algorithms/trade-circles.md).
import { dissolveCirclesForWant } from './propose';
import { searchAfterWant } from './search';
import { legsKey } from '@worker/lib/trade-circles/legs';

/**
 * After `userId` wanted `listingId`: the incremental search for a circle through the new want,
 * proposed at once when one exists (one load statement, then one batch per proposal tried; see
 * search.ts). The want itself is already saved: a failing search is logged, not passed on, and the
 * cron's global pass finds the circle later. Answers the circle proposed, if any.
 */
export async function onWantAdded(env: Env, userId: number, listingId: number): Promise<ProposedCircle | null> {
  try {
    const { circleId, circle } = await searchAfterWant(env, userId, listingId);
    return circleId !== null && circle ? { id: circleId, legs_key: legsKey(circle.legs) } : null;
  } catch (error) {
    console.error(`trade circles: the search after member ${userId} wanted listing ${listingId} failed`, error);
    return null;
  }
}

/** A circle the want's search proposed: its members' Web Push is the route's, after its reply. */
export interface ProposedCircle {
  id: number;
  legs_key: string;
}

/**
 * After `userId` withdrew their want of `listingId`: every proposed circle that relied on it is
 * called off (declined, legs closed, every member told), in one batch.
 */
export async function onWantRemoved(env: Env, userId: number, listingId: number): Promise<void> {
  await dissolveCirclesForWant(env, userId, listingId);
}
