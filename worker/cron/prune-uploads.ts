// Uploads never attached to a listing within 24 hours are abandoned (a closed tab, a cancelled
// form): their R2 objects (photo and thumbnail) and rows are deleted, oldest first, in pages. Each
// page costs two D1 queries and two R2 calls (R2 deletes up to 1,000 keys a call), so a run stays far inside the
// free plan's 50 subrequests per invocation. It runs in the 15-minute trigger (1 page) and the
// daily one (PAGES_DAILY pages); docs/security.md "Upload cap and pruning rate" has the arithmetic.
// Rerunning finds nothing more to do.
import { thumbKey } from '../db/queries/images';
import { abandonedUploadsStatement, deleteUnattachedUploadsStatement } from '../db/queries/uploads';
import { DAY } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';

export const ABANDONED_AFTER_MS = DAY;
/** Keys per page: the most one R2 `delete` call accepts. */
export const PRUNE_PAGE = 1000;
export const PAGES_FREQUENT = 1;
export const PAGES_DAILY = 4;
/** A page's cost in the invocation's budget: two D1 statements and one R2 call. */
export const PRUNE_PAGE_COST = 3;

/** Deletes up to `pages` pages of abandoned uploads; returns how many were deleted. */
export async function pruneAbandonedUploads(
  env: Env,
  now: number,
  pages = PAGES_DAILY,
  budget: Budget = unlimited,
): Promise<number> {
  const cutoff = new Date(now - ABANDONED_AFTER_MS).toISOString();
  let deleted = 0;
  for (let page = 0; page < pages && budget.left() >= PRUNE_PAGE_COST; page++) {
    // Oldest first through uploads_unattached_idx (created_at, only unattached uploads: partial).
    const { results } = await abandonedUploadsStatement(env.DB, cutoff, PRUNE_PAGE).all<{ key: string }>();
    if (results.length === 0) break;
    const keys = results.map((r) => r.key);
    // R2 first: if it fails the rows stay and the next run tries again; no object is orphaned.
    // Thumbnails in a second call (one call takes at most 1,000 keys).
    await env.IMAGES.delete(keys);
    await env.IMAGES.delete(keys.map(thumbKey));
    // One statement for the whole page: the keys travel as one JSON parameter (D1 binds at most 100).
    // An upload attached meanwhile keeps its row (attached_at is no longer null).
    await deleteUnattachedUploadsStatement(env.DB, keys).run();
    deleted += keys.length;
    if (keys.length < PRUNE_PAGE) break;
  }
  return deleted;
}
