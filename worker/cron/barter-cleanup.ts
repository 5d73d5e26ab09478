// Barter upkeep (daily), filling the spec's scheduling fields:
//  1. cancelled barters whose barterDeletionScheduledAt has passed are deleted (a cancelled barter
//     without one, from before the field was set, gets cancel-run time + 30 days);
//  2. barters still pending 30 days after they were recorded are cancelled (deletion scheduled);
//  3. barters pending for 14 days prompt both members once (lastPromptedAt): a notification for
//     the member who must confirm and an email to each member who wants them;
//  4. completed barters whose imageCleanupScheduledAt has passed: the original images no listing
//     (nor either member's avatar) uses any more are deleted from R2 and dropped from the barter's
//     lists, and the schedule is cleared.
// Each step selects only rows it has not handled yet, so a rerun changes nothing; the ledger also
// skips a second run for the same scheduled time.
import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { createDb } from '../db/client';
import { CANCEL_AFTER, DELETE_CANCELLED_AFTER, PROMPT_AFTER } from '../db/queries/barters';
import { uploadKeyFromPath } from '../db/queries/images';
import { conversationLink } from '../db/queries/messages';
import { notifyStatement, subjectKeys } from '../db/queries/notifications';
import { barters } from '../db/schema';
import { barterReminderEmail, queueEmail, wantsEmail } from '../lib/email';
import { runOnce } from './ledger';
import { appOrigin } from './origin';

export const BARTER_CLEANUP_JOB = 'barter-cleanup';
const BATCH = 100;
const IN_CHUNK = 90;

export interface CleanupRun {
  deleted: number;
  cancelled: number;
  prompted: number;
  imageBarters: number;
  imagesDeleted: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');
const settle = (d1: D1Database, userId: number, barterId: number, at: string) =>
  d1.prepare('UPDATE notifications SET read_at = ?1 WHERE user_id = ?2 AND subject_key = ?3 AND read_at IS NULL').bind(at, userId, subjectKeys.barter(barterId));

export function runBarterCleanup(env: Env, scheduledTime: number): Promise<CleanupRun | null> {
  return runOnce(env.DB, BARTER_CLEANUP_JOB, scheduledTime, () => cleanupBarters(env, scheduledTime));
}

export async function cleanupBarters(env: Env, now: number): Promise<CleanupRun> {
  const d1 = env.DB;
  const at = iso(now);
  const run: CleanupRun = { deleted: 0, cancelled: 0, prompted: 0, imageBarters: 0, imagesDeleted: 0 };

  // 1. Deletion of cancelled barters (reviews, if any, go by ON DELETE CASCADE).
  const [deleted] = await d1.batch([
    d1.prepare(`DELETE FROM barters WHERE status = 'cancelled' AND barter_deletion_scheduled_at <= ?1`).bind(at),
    d1.prepare(`UPDATE barters SET barter_deletion_scheduled_at = ?1 WHERE status = 'cancelled' AND barter_deletion_scheduled_at IS NULL`).bind(iso(now + DELETE_CANCELLED_AFTER)),
  ]);
  run.deleted = deleted!.meta.changes;

  // 2. Pending for 30 days: cancelled, their "confirm it" entries settled.
  const { results: cancelled } = await d1
    .prepare(
      `UPDATE barters SET status = 'cancelled', barter_deletion_scheduled_at = ?1
        WHERE status = 'pending' AND created_at <= ?2 RETURNING id, initiator_id, recipient_id`,
    )
    .bind(iso(now + DELETE_CANCELLED_AFTER), iso(now - CANCEL_AFTER))
    .all<{ id: number; initiator_id: number; recipient_id: number }>();
  run.cancelled = cancelled.length;
  const settles = cancelled.flatMap((b) => [settle(d1, b.initiator_id, b.id, at), settle(d1, b.recipient_id, b.id, at)]);
  for (let i = 0; i < settles.length; i += BATCH) await d1.batch(settles.slice(i, i + BATCH));

  // 3. Pending for 14 days and never prompted.
  run.prompted = await promptPending(env, now);

  // 4. Image cleanup of completed barters.
  const images = await cleanupImages(env, now);
  run.imageBarters = images.barters;
  run.imagesDeleted = images.deleted;
  return run;
}

interface PendingRow {
  id: number;
  listing_id: number;
  initiator_id: number;
  recipient_id: number;
  title: string;
}

interface MemberRow {
  id: number;
  email: string;
  display_name: string;
  email_verified: number;
  email_notifications: number;
}

async function promptPending(env: Env, now: number): Promise<number> {
  const d1 = env.DB;
  const { results: due } = await d1
    .prepare(
      `SELECT b.id, b.listing_id, b.initiator_id, b.recipient_id, l.title FROM barters b JOIN listings l ON l.id = b.listing_id
        WHERE b.status = 'pending' AND b.created_at <= ?1 AND b.last_prompted_at IS NULL ORDER BY b.id LIMIT ?2`,
    )
    .bind(iso(now - PROMPT_AFTER), BATCH)
    .all<PendingRow>();
  if (due.length === 0) return 0;

  const ids = [...new Set(due.flatMap((b) => [b.initiator_id, b.recipient_id]))];
  const members = new Map<number, MemberRow>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const part = ids.slice(i, i + IN_CHUNK);
    const { results } = await d1
      .prepare(`SELECT id, email, display_name, email_verified, email_notifications FROM users WHERE id IN (${placeholders(part.length)})`)
      .bind(...part)
      .all<MemberRow>();
    for (const row of results) members.set(row.id, row);
  }

  const db = createDb(d1);
  const origin = appOrigin(env);
  const at = iso(now);
  for (const barter of due) {
    const initiator = members.get(barter.initiator_id)!;
    const recipient = members.get(barter.recipient_id)!;
    // One batch (one transaction): the barter is marked prompted with its notification and emails.
    const writes: BatchItem<'sqlite'>[] = [
      db
        .update(barters)
        .set({ lastPromptedAt: at })
        .where(and(eq(barters.id, barter.id), eq(barters.status, 'pending'), isNull(barters.lastPromptedAt))),
      notifyStatement(db, {
        userId: recipient.id,
        kind: 'barter_pending',
        subjectKey: subjectKeys.barter(barter.id),
        text: `Reminder: ${initiator.display_name} recorded a barter for "${barter.title}" — confirm it`,
        link: conversationLink(barter.listing_id, initiator.id, recipient.id),
      }),
    ];
    for (const [member, partner, mustConfirm] of [
      [recipient, initiator, true],
      [initiator, recipient, false],
    ] as const) {
      if (!wantsEmail({ emailVerified: member.email_verified === 1, emailNotifications: member.email_notifications === 1 })) continue;
      writes.push(
        queueEmail(
          db,
          barterReminderEmail(origin, member.email, member.display_name, {
            partnerName: partner.display_name,
            listingTitle: barter.title,
            link: conversationLink(barter.listing_id, partner.id, member.id),
            mustConfirm,
          }),
        ),
      );
    }
    await db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
  return due.length;
}

interface ImageBarterRow {
  id: number;
  initiator_id: number;
  recipient_id: number;
  original_image_urls: string;
  thumbnail_urls: string;
  listing_images: string | null;
}

const parseList = (text: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Deletes a completed barter's originals once their cleanup time has passed, unless something
 * still shows them: an upload row still attached (every listing image is one, so this covers all
 * listings, and it is a primary-key lookup rather than a scan of listings.image_urls), the
 * barter's own listing, or either member's avatar. Images that are not uploads of this site are
 * never touched. The schedule is cleared, so a rerun finds nothing.
 */
async function cleanupImages(env: Env, now: number): Promise<{ barters: number; deleted: number }> {
  const d1 = env.DB;
  const { results: due } = await d1
    .prepare(
      `SELECT b.id, b.initiator_id, b.recipient_id, b.original_image_urls, b.thumbnail_urls, l.image_urls AS listing_images
         FROM barters b LEFT JOIN listings l ON l.id = b.listing_id
        WHERE b.status = 'completed' AND b.image_cleanup_scheduled_at <= ?1 ORDER BY b.id LIMIT ?2`,
    )
    .bind(iso(now), BATCH)
    .all<ImageBarterRow>();
  let deleted = 0;
  for (const barter of due) {
    const originals = parseList(barter.original_image_urls);
    const candidates = [...new Set(originals.map(uploadKeyFromPath).filter((key): key is string => key !== null))];
    const stillShown = new Set(parseList(barter.listing_images));
    const unused = new Set<string>();
    if (candidates.length) {
      const [attached, avatars] = await d1.batch<{ key?: string; avatar_url?: string | null }>([
        d1.prepare(`SELECT key FROM uploads WHERE key IN (${placeholders(candidates.length)}) AND attached_at IS NOT NULL`).bind(...candidates),
        d1.prepare('SELECT avatar_url FROM users WHERE id IN (?1, ?2)').bind(barter.initiator_id, barter.recipient_id),
      ]);
      const inUse = new Set(attached!.results.map((r) => r.key!));
      for (const { avatar_url } of avatars!.results) {
        const key = avatar_url ? uploadKeyFromPath(avatar_url.replace(/^https?:\/\/[^/]+/, '')) : null;
        if (key) inUse.add(key);
      }
      for (const path of originals) {
        const key = uploadKeyFromPath(path);
        if (key && !inUse.has(key) && !stillShown.has(path)) unused.add(key);
      }
    }
    if (unused.size) {
      // R2 first: if it fails, the schedule stays and tomorrow's run tries again.
      await env.IMAGES.delete([...unused]);
      deleted += unused.size;
    }
    const keep = (paths: string[]) => JSON.stringify(paths.filter((path) => !unused.has(uploadKeyFromPath(path) ?? '')));
    const statements = [
      d1
        .prepare(`UPDATE barters SET original_image_urls = ?1, thumbnail_urls = ?2, image_cleanup_scheduled_at = NULL WHERE id = ?3`)
        .bind(keep(originals), keep(parseList(barter.thumbnail_urls)), barter.id),
    ];
    if (unused.size) {
      const keys = [...unused];
      statements.push(d1.prepare(`DELETE FROM uploads WHERE key IN (${placeholders(keys.length)}) AND attached_at IS NULL`).bind(...keys));
    }
    await d1.batch(statements);
  }
  return { barters: due.length, deleted };
}
