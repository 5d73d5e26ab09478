// Uploads never attached to a listing within 24 hours are abandoned (a closed tab, a cancelled
// form): their R2 objects and rows are deleted. Rerunning finds nothing more to do.
import { DAY } from '../lib/time';

const BATCH = 500;

export async function pruneAbandonedUploads(env: Env, now: number): Promise<number> {
  const cutoff = new Date(now - DAY).toISOString();
  const { results } = await env.DB.prepare('SELECT key FROM uploads WHERE attached_at IS NULL AND created_at < ?1 LIMIT ?2')
    .bind(cutoff, BATCH)
    .all<{ key: string }>();
  if (results.length === 0) return 0;
  const keys = results.map((r) => r.key);
  await env.IMAGES.delete(keys);
  await env.DB.batch(keys.map((key) => env.DB.prepare('DELETE FROM uploads WHERE key = ?1 AND attached_at IS NULL').bind(key)));
  return keys.length;
}
