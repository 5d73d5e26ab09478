// The barter upkeep's statements (worker/cron/barter-cleanup.ts; the job's steps and why each is
// bounded are there): cancelled barters deleted, stale pending ones cancelled and their "confirm
// it" entries settled, the reminders' reads and mark, and the image cleanup's reads and writes.
// Every one is set-based: the ids and values travel as one JSON parameter. The uploads' rows are
// in ./uploads.ts.
import { DELETED_STATUS } from './listing-deletion';
import { subjectKeys } from './notifications';

export interface PendingRow {
  id: number;
  listing_id: number;
  initiator_id: number;
  recipient_id: number;
  title: string;
}

export interface MemberRow {
  id: number;
  email: string;
  display_name: string;
  email_verified: number;
  email_notifications: number;
  /** The language the member's emails are written in (users.language). */
  language: string;
}

export interface ImageBarterRow {
  id: number;
  initiator_id: number;
  recipient_id: number;
  original_image_urls: string;
  thumbnail_urls: string;
  listing_images: string | null;
}

/** Marks read the "confirm it" entries of these (member, barter) pairs, in one statement. */
export const settleBarterEntriesStatement = (d1: D1Database, pairs: [number, number][], at: string) =>
  d1
    .prepare(
      `UPDATE notifications SET read_at = ?1
        WHERE (user_id, subject_key) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)) AND read_at IS NULL`,
    )
    .bind(at, JSON.stringify(pairs.map(([userId, barterId]) => [userId, subjectKeys.barter(barterId)])));

/** Cancelled barters whose deletion time has passed, `limit` at most (reviews go by ON DELETE CASCADE). */
export const deleteCancelledStatement = (d1: D1Database, at: string, limit: number) =>
  d1
    .prepare(
      `DELETE FROM barters WHERE id IN (SELECT id FROM barters WHERE status = 'cancelled' AND barter_deletion_scheduled_at <= ?1 LIMIT ?2)`,
    )
    .bind(at, limit);

/** A deletion time for cancelled barters without one (from before the field was set). */
export const scheduleCancelledDeletionStatement = (d1: D1Database, deleteAt: string, limit: number) =>
  d1
    .prepare(
      `UPDATE barters SET barter_deletion_scheduled_at = ?1 WHERE id IN (SELECT id FROM barters WHERE status = 'cancelled' AND barter_deletion_scheduled_at IS NULL LIMIT ?2)`,
    )
    .bind(deleteAt, limit);

/** Pending barters recorded at or before `createdBefore` cancelled, their deletion scheduled (returns id and members). */
export const cancelStaleStatement = (d1: D1Database, deleteAt: string, createdBefore: string, limit: number) =>
  d1
    .prepare(
      `UPDATE barters SET status = 'cancelled', barter_deletion_scheduled_at = ?1
        WHERE id IN (SELECT id FROM barters WHERE status = 'pending' AND created_at <= ?2 LIMIT ?3) RETURNING id, initiator_id, recipient_id`,
    )
    .bind(deleteAt, createdBefore, limit);

/** Pending barters recorded at or before `createdBefore` and never prompted, by id (`.all<PendingRow>()`). */
export const duePromptsStatement = (d1: D1Database, createdBefore: string, limit: number) =>
  d1
    .prepare(
      `SELECT b.id, b.listing_id, b.initiator_id, b.recipient_id, l.title FROM barters b JOIN listings l ON l.id = b.listing_id
        WHERE b.status = 'pending' AND b.created_at <= ?1 AND b.last_prompted_at IS NULL AND l.status <> '${DELETED_STATUS}' ORDER BY b.id LIMIT ?2`,
    )
    .bind(createdBefore, limit);

/** The members' addresses and email settings (`.all<MemberRow>()`). */
export const promptMembersStatement = (d1: D1Database, ids: number[]) =>
  d1
    .prepare(
      'SELECT id, email, display_name, email_verified, email_notifications, language FROM users WHERE id IN (SELECT value FROM json_each(?1))',
    )
    .bind(JSON.stringify(ids));

/** Marks these barters prompted (those still pending and not prompted). */
export const markPromptedStatement = (d1: D1Database, at: string, ids: number[]) =>
  d1
    .prepare(
      `UPDATE barters SET last_prompted_at = ?1 WHERE id IN (SELECT value FROM json_each(?2)) AND status = 'pending' AND last_prompted_at IS NULL`,
    )
    .bind(at, JSON.stringify(ids));

/** Completed barters whose image cleanup is due, by id, with their listing's images (`.all<ImageBarterRow>()`). */
export const dueImageCleanupsStatement = (d1: D1Database, at: string, limit: number) =>
  d1
    .prepare(
      `SELECT b.id, b.initiator_id, b.recipient_id, b.original_image_urls, b.thumbnail_urls, l.image_urls AS listing_images
         FROM barters b LEFT JOIN listings l ON l.id = b.listing_id
        WHERE b.status = 'completed' AND b.image_cleanup_scheduled_at <= ?1 ORDER BY b.id LIMIT ?2`,
    )
    .bind(at, limit);

/** The members' avatars. */
export const avatarsStatement = (d1: D1Database, ids: number[]) =>
  d1
    .prepare('SELECT id, avatar_url FROM users WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(ids));

/** Each barter's image lists as kept ([id, originals JSON, thumbnails JSON]), its schedule cleared. */
export const keepBarterImagesStatement = (d1: D1Database, updates: [number, string, string][]) =>
  d1
    .prepare(
      `UPDATE barters SET
           original_image_urls = (SELECT json_extract(value, '$[1]') FROM json_each(?1) WHERE json_extract(value, '$[0]') = barters.id),
           thumbnail_urls = (SELECT json_extract(value, '$[2]') FROM json_each(?1) WHERE json_extract(value, '$[0]') = barters.id),
           image_cleanup_scheduled_at = NULL
         WHERE id IN (SELECT json_extract(value, '$[0]') FROM json_each(?1))`,
    )
    .bind(JSON.stringify(updates));
