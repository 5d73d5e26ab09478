// Data access for uploaded images. An uploads row records who may attach an R2 object
// (`uploads/<uuid>`), whether its bytes have arrived (stored_at) and whether a listing or the
// member's profile image uses it (attached_at).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UPLOAD_UUID } from '@/shared/constants';
import { isoNow } from '@worker/lib/time';
import type { Db } from '../client';
import { uploads } from '../schema';

export type UploadRow = typeof uploads.$inferSelect;

const UUID = UPLOAD_UUID;
/** The uuid part of upload paths, as a Hono path-parameter pattern. */
export const UUID_PARAM = UUID;
const OBJECT_PATH = new RegExp(`^/objects/uploads/(${UUID})$`);
const UPLOAD_PATH = new RegExp(`^/api/objects/upload/(${UUID})$`);

export const uploadKey = (uuid: string) => `uploads/${uuid}`;
export const objectPath = (key: string) => `/${key.replace(/^uploads\//, 'objects/uploads/')}`;

/**
 * The R2 key of an upload's thumbnail (`uploads/<uuid>` → `thumbs/<uuid>`): a smaller JPEG the
 * browser makes beside the photo, served at `<objectPath>/thumb` (docs/api/listings.md "Thumbnails").
 */
export const thumbKey = (key: string) => key.replace(/^uploads\//, 'thumbs/');

/** The keys to delete with uploads: each photo and its thumbnail (R2 ignores a missing key). */
export const withThumbKeys = (keys: string[]) => [...keys, ...keys.map(thumbKey)];

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

/**
 * The bytes arrived: stamped once. A signed URL can be PUT again until it expires (a retry, new
 * bytes); those PUTs write no row, so only the URLs a member asks for are budgeted (decision 040).
 */
export function markStored(db: Db, key: string) {
  return db
    .update(uploads)
    .set({ storedAt: isoNow() })
    .where(and(eq(uploads.key, key), isNull(uploads.storedAt)));
}

/**
 * A profile image changes: the new upload is attached (so the prune job keeps it) and the old one,
 * when it was this member's upload and none of their listings shows it, is detached, so the prune
 * job removes it like any unused upload. Batched with the profile update.
 */
export function avatarUploadStatements(db: Db, userId: number, newKey: string | null, oldKey: string | null) {
  const statements = [];
  if (newKey)
    statements.push(
      db
        .update(uploads)
        .set({ attachedAt: isoNow() })
        .where(and(eq(uploads.key, newKey), eq(uploads.userId, userId))),
    );
  if (oldKey && oldKey !== newKey) {
    const oldPath = objectPath(oldKey);
    statements.push(
      db
        .update(uploads)
        .set({ attachedAt: null })
        .where(
          and(
            eq(uploads.key, oldKey),
            eq(uploads.userId, userId),
            sql`NOT EXISTS (SELECT 1 FROM listings l, json_each(l.image_urls) j WHERE l.user_id = ${userId} AND j.value = ${oldPath})`,
          ),
        ),
    );
  }
  return statements;
}
