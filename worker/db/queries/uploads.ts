// The uploads' rows as the cron jobs prune them (worker/cron/prune-uploads.ts, the barter
// cleanup's images): abandoned uploads found oldest first, attached ones told apart, and a page of
// keys deleted in one statement (the keys travel as one JSON parameter: D1 binds at most 100).

/** Uploads never attached and created before `cutoff`, oldest first (uploads_unattached_idx, partial). */
export const abandonedUploadsStatement = (d1: D1Database, cutoff: string, limit: number) =>
  d1
    .prepare('SELECT key FROM uploads WHERE attached_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2')
    .bind(cutoff, limit);

/** Which of `keys` are attached (to a listing, an avatar). */
export const attachedUploadsStatement = (d1: D1Database, keys: string[]) =>
  d1
    .prepare('SELECT key FROM uploads WHERE key IN (SELECT value FROM json_each(?1)) AND +attached_at IS NOT NULL')
    .bind(JSON.stringify(keys));

/**
 * Deletes the rows of `keys` that are still unattached (an upload attached meanwhile keeps its
 * row). `+attached_at`: the rows are found by key, not by walking every unattached upload.
 */
export const deleteUnattachedUploadsStatement = (d1: D1Database, keys: string[]) =>
  d1
    .prepare('DELETE FROM uploads WHERE key IN (SELECT value FROM json_each(?1)) AND +attached_at IS NULL')
    .bind(JSON.stringify(keys));
