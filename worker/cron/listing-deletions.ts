// Listings being deleted (every 15 minutes; decision 042, "Listing deletion"). A delete request
// marks the listing 'deleted' (gone from every read path at once) and runs one bounded step; this
// job runs the steps of the listings still marked, oldest first, DELETION_STEPS_PER_CALL steps a
// call, each deleting at most DELETION_ROWS_PER_STEP rows of the tables that refer to the listing,
// and the listing row once nothing refers to it (listing-deletion.ts): at most 400 rows deleted a
// call, about 1,600 rows written at worst. One call a trigger (the trigger's 50 calls are spoken
// for); a listing with 1,000 conversations goes in about eight triggers (two hours).
import {
  DELETION_STEPS_PER_CALL,
  deletionStep,
  LISTING_DEPENDANTS,
  listingsBeingDeleted,
} from '../db/queries/listing-deletion';
import { unlimited, type Budget } from '@worker/lib/cron-budget';

/** Statements of one step at most: the counts, a delete per dependant table, the listing's. */
export const DELETION_STEP_COST = 1 + LISTING_DEPENDANTS.length + 1;

export interface ListingDeletionsRun {
  steps: number;
  /** Listings whose row went in this call. */
  deleted: number;
  /** Steps ran out (or the budget did) with listings still marked. */
  more: boolean;
}

export async function runListingDeletions(env: Env, budget: Budget = unlimited): Promise<ListingDeletionsRun | null> {
  if (budget.left() < 1 + DELETION_STEP_COST) return null;
  // The steps of a call go to at most this many listings (each finished listing hands its steps on).
  const ids = await listingsBeingDeleted(env.DB, DELETION_STEPS_PER_CALL);
  const run: ListingDeletionsRun = { steps: 0, deleted: 0, more: false };
  for (const id of ids) {
    let gone = false;
    while (!gone && run.steps < DELETION_STEPS_PER_CALL && budget.left() >= DELETION_STEP_COST) {
      gone = await deletionStep(env.DB, id);
      run.steps += 1;
    }
    if (!gone) {
      run.more = true;
      break;
    }
    run.deleted += 1;
  }
  return run;
}
