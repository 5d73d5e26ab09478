// Data access for uploaded images. An uploads row records who may attach an R2 object
// (`uploads/<uuid>`), whether its bytes have arrived (stored_at) and whether a listing uses it.
import { eq, inArray } from 'drizzle-orm';
import { isoNow } from '../../lib/time';
import type { Db } from '../client';
import { uploads } from '../schema';

export type UploadRow = typeof uploads.$inferSelect;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The uuid part of upload paths, as a Hono path-parameter pattern. */
export const UUID_PARAM = UUID;
const OBJECT_PATH = new RegExp(`^/objects/uploads/(${UUID})$`);
const UPLOAD_PATH = new RegExp(`^/api/objects/upload/(${UUID})$`);

export const uploadKey = (uuid: string) => `uploads/${uuid}`;
export const objectPath = (key: string) => `/${key.replace(/^uploads\//, 'objects/uploads/')}`;

/** `/objects/uploads/<uuid>` (what a listing stores) → the R2 key `uploads/<uuid>`, else null. */
export function uploadKeyFromPath(path: string): string | null {
  const match = OBJECT_PATH.exec(path);
  return match ? uploadKey(match[1]!) : null;
}

/**
 * The R2 key named by an upload URL (`…/api/objects/upload/<uuid>?…`, absolute or just the path)
 * or by an object path. The uploads row, not the URL's host, decides who may use it.
 */
export function uploadKeyFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://placeholder.invalid').pathname;
  } catch {
    return null;
  }
  const match = UPLOAD_PATH.exec(path) ?? OBJECT_PATH.exec(path);
  return match ? uploadKey(match[1]!) : null;
}

/**
 * Unattached uploads one member may have at once. A member filling in three listings at once needs
 * at most 3 × 3 = 9; the cap bounds what abandoned uploads can pile up before the prune job
 * removes them (docs/security.md "Upload cap and pruning rate").
 */
export const MAX_UNATTACHED_UPLOADS = 20;

/**
 * Records an upload unless the member already has MAX_UNATTACHED_UPLOADS unattached ones. One
 * statement, so two requests at once cannot both pass the count; the count reads only the
 * (user_id, attached_at) index. True when the row was created.
 */
export async function createUploadWithinCap(d1: D1Database, key: string, userId: number): Promise<boolean> {
  const result = await d1
    .prepare(
      `INSERT INTO uploads (key, user_id)
       SELECT ?1, ?2 WHERE (SELECT count(*) FROM uploads WHERE user_id = ?2 AND attached_at IS NULL) < ?3`,
    )
    .bind(key, userId, MAX_UNATTACHED_UPLOADS)
    .run();
  return result.meta.changes === 1;
}

/** When the member's oldest unattached upload was made (the first the prune job will remove). */
export async function oldestUnattachedUpload(d1: D1Database, userId: number): Promise<string | null> {
  const row = await d1
    .prepare('SELECT min(created_at) AS created_at FROM uploads WHERE user_id = ?1 AND attached_at IS NULL')
    .bind(userId)
    .first<{ created_at: string | null }>();
  return row?.created_at ?? null;
}

export function findUpload(db: Db, key: string): Promise<UploadRow | undefined> {
  return db.query.uploads.findFirst({ where: eq(uploads.key, key) });
}

export function findUploads(db: Db, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.select().from(uploads).where(inArray(uploads.key, keys));
}

export function markStored(db: Db, key: string) {
  return db.update(uploads).set({ storedAt: isoNow() }).where(eq(uploads.key, key));
}
