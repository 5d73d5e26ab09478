// What the wants routes call after a want is added or removed (docs/algorithms/trade-circles.md).
import { dissolveCirclesForWant } from './propose';
import { searchAfterWant } from './search';

/**
 * After `userId` wanted `listingId`: the incremental search for a circle through the new want,
 * proposed at once when one exists (one load statement, then one batch per proposal tried; see
 * search.ts). The want itself is already saved: a failing search is logged, not passed on, and the
 * cron's global pass finds the circle later.
 */
export async function onWantAdded(env: Env, userId: number, listingId: number): Promise<void> {
  try {
    await searchAfterWant(env, userId, listingId);
  } catch (error) {
    console.error(`trade circles: the search after member ${userId} wanted listing ${listingId} failed`, error);
  }
}

/**
 * After `userId` withdrew their want of `listingId`: every proposed circle that relied on it is
 * called off (declined, legs closed, every member told), in one batch.
 */
export async function onWantRemoved(env: Env, userId: number, listingId: number): Promise<void> {
  await dissolveCirclesForWant(env, userId, listingId);
}
