// Uploads never attached to a listing within 24 hours are abandoned (a closed tab, a cancelled
// form): their R2 objects and rows are deleted, oldest first, in pages. Each page costs two D1
// queries and one R2 call (R2 deletes up to 1,000 keys a call), so a run stays far inside the
// free plan's 50 subrequests per invocation. It runs in the 15-minute trigger (1 page) and the
// daily one (PAGES_DAILY pages); docs/security.md "Upload cap and pruning rate" has the arithmetic.
// Rerunning finds nothing more to do.
import { DAY } from '../lib/time';

export const ABANDONED_AFTER_MS = DAY;
/** Keys per page: the most one R2 `delete` call accepts. */
export const PRUNE_PAGE = 1000;
export const PAGES_FREQUENT = 1;
export const PAGES_DAILY = 4;

/** Deletes up to `pages` pages of abandoned uploads; returns how many were deleted. */
export async function pruneAbandonedUploads(env: Env, now: number, pages = PAGES_DAILY): Promise<number> {
  const cutoff = new Date(now - ABANDONED_AFTER_MS).toISOString();
  let deleted = 0;
  for (let page = 0; page < pages; page++) {
    // Oldest first through uploads_unattached_idx (attached_at, created_at).
    const { results } = await env.DB.prepare('SELECT key FROM uploads WHERE attached_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2')
      .bind(cutoff, PRUNE_PAGE)
      .all<{ key: string }>();
    if (results.length === 0) break;
    const keys = results.map((r) => r.key);
    // R2 first: if it fails the rows stay and the next run tries again; no object is orphaned.
    await env.IMAGES.delete(keys);
    // One statement for the whole page: the keys travel as one JSON parameter (D1 binds at most 100).
    // An upload attached meanwhile keeps its row (attached_at is no longer null).
    await env.DB.prepare('DELETE FROM uploads WHERE key IN (SELECT value FROM json_each(?1)) AND attached_at IS NULL')
      .bind(JSON.stringify(keys))
      .run();
    deleted += keys.length;
    if (keys.length < PRUNE_PAGE) break;
  }
  return deleted;
}
