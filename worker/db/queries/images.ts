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

export function createUpload(db: Db, key: string, userId: number) {
  return db.insert(uploads).values({ key, userId });
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
