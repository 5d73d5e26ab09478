// What the wants routes call after a want is added or removed (docs/algorithms/trade-circles.md).
import { searchAfterWant } from './search';

/**
 * After `userId` wanted `listingId`: the incremental search for a circle through the new want,
 * proposed at once when one exists (at most a few D1 queries; see search.ts).
 */
export async function onWantAdded(env: Env, userId: number, listingId: number): Promise<void> {
  await searchAfterWant(env, userId, listingId);
}

/**
 * After a want was withdrawn. In this branch it does nothing: dissolving the circles that relied
 * on the want (dissolveCirclesForWant) belongs to the circles branch and is wired in at merge.
 */
export async function onWantRemoved(_env: Env, _userId: number, _listingId: number): Promise<void> {}
