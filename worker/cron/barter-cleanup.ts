// Barter upkeep (daily), filling the barter's scheduling fields:
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
//
// Every step is set-based: a fixed number of statements whatever the number of barters (the ids
// and values travel as one JSON parameter), at most BARTER_CLEANUP_COST statements and R2 calls
// a run. Steps 3 and 4 take up to BATCH barters a run; the rest of a backlog waits for tomorrow.
import {
  avatarsStatement,
  cancelStaleStatement,
  deleteCancelledStatement,
  dueImageCleanupsStatement,
  duePromptsStatement,
  keepBarterImagesStatement,
  markPromptedStatement,
  promptMembersStatement,
  scheduleCancelledDeletionStatement,
  settleBarterEntriesStatement,
  type ImageBarterRow,
  type MemberRow,
  type PendingRow,
} from '../db/queries/barter-cleanup';
import { CANCEL_AFTER, DELETE_CANCELLED_AFTER, PROMPT_AFTER } from '../db/queries/barters';
import { uploadKeyFromPath, withThumbKeys } from '../db/queries/images';
import { attachedUploadsStatement, deleteUnattachedUploadsStatement } from '../db/queries/uploads';
import { conversationLink } from '../db/queries/messages';
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { subjectKeys } from '../db/queries/notifications';
import { barterReminderEmail, wantsEmail, type Email } from '../lib/email';
import { chunks, notifyStatements, queueEmailsStatements, type NotificationRow } from '@worker/db/queries/bulk';
import { runOnce } from './ledger';
import { appOrigin } from './origin';

export const BARTER_CLEANUP_JOB = 'barter-cleanup';
const BATCH = 100;
/** Keys per R2 delete call (its maximum). */
const R2_DELETE_MAX = 1000;
/**
 * Cancelled barters deleted a night at most (each writes its row and four index entries: about
 * 2,000 rows), and stale pending ones cancelled (row, status index, and their "confirm it"
 * entries settled): a backlog is cleared over the next nights (decision 042, "Bounded prunes").
 */
export const CANCELLED_DELETIONS_PER_RUN = 400;
export const STALE_CANCELLATIONS_PER_RUN = 200;
/**
 * The most a run costs: claim 1; deletion 2; cancellation 1 + settling 1; prompts 2 + 3 (up to
 * 200 emails, one statement); images 1 + 2 + one R2 delete (BATCH barters hold far fewer than
 * 1,000 originals) + 2.
 */
export const BARTER_CLEANUP_COST = 16;

export interface CleanupRun {
  deleted: number;
  cancelled: number;
  prompted: number;
  imageBarters: number;
  imagesDeleted: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
export function runBarterCleanup(env: Env, scheduledTime: number): Promise<CleanupRun | null> {
  return runOnce(env.DB, BARTER_CLEANUP_JOB, scheduledTime, () => cleanupBarters(env, scheduledTime));
}

export async function cleanupBarters(env: Env, now: number): Promise<CleanupRun> {
  const d1 = env.DB;
  const at = iso(now);
  const run: CleanupRun = { deleted: 0, cancelled: 0, prompted: 0, imageBarters: 0, imagesDeleted: 0 };

  // 1. Deletion of cancelled barters (reviews, if any, go by ON DELETE CASCADE).
  const [deleted] = await d1.batch([
    deleteCancelledStatement(d1, at, CANCELLED_DELETIONS_PER_RUN),
    scheduleCancelledDeletionStatement(d1, iso(now + DELETE_CANCELLED_AFTER), CANCELLED_DELETIONS_PER_RUN),
  ]);
  run.deleted = deleted!.meta.changes;

  // 2. Pending for 30 days: cancelled, their "confirm it" entries settled.
  const { results: cancelled } = await cancelStaleStatement(
    d1,
    iso(now + DELETE_CANCELLED_AFTER),
    iso(now - CANCEL_AFTER),
    STALE_CANCELLATIONS_PER_RUN,
  ).all<{ id: number; initiator_id: number; recipient_id: number }>();
  run.cancelled = cancelled.length;
  if (cancelled.length)
    await settleBarterEntriesStatement(
      d1,
      cancelled.flatMap((b) => [
        [b.initiator_id, b.id] as [number, number],
        [b.recipient_id, b.id] as [number, number],
      ]),
      at,
    ).run();

  // 3. Pending for 14 days and never prompted.
  run.prompted = await promptPending(env, now);

  // 4. Image cleanup of completed barters.
  const images = await cleanupImages(env, now);
  run.imageBarters = images.barters;
  run.imagesDeleted = images.deleted;
  return run;
}

/** Bell pushes one barter-cleanup invocation makes at most (as the alerts' PUSHES_PER_PAGE and the circle pass). */
export const BARTER_PUSHES = 3;

async function promptPending(env: Env, now: number): Promise<number> {
  const d1 = env.DB;
  const { results: due } = await duePromptsStatement(d1, iso(now - PROMPT_AFTER), BATCH).all<PendingRow>();
  if (due.length === 0) return 0;

  const ids = [...new Set(due.flatMap((b) => [b.initiator_id, b.recipient_id]))];
  const { results } = await promptMembersStatement(d1, ids).all<MemberRow>();
  const members = new Map(results.map((row) => [row.id, row]));

  const origin = appOrigin(env);
  const at = iso(now);
  const entries: NotificationRow[] = [];
  const emails: Email[] = [];
  for (const barter of due) {
    const initiator = members.get(barter.initiator_id)!;
    const recipient = members.get(barter.recipient_id)!;
    entries.push({
      userId: recipient.id,
      kind: 'barter_pending',
      subjectKey: subjectKeys.barter(barter.id),
      text: `Reminder: ${initiator.display_name} recorded a barter for "${barter.title}" — confirm it`,
      link: conversationLink(barter.listing_id, initiator.id, recipient.id),
      count: 1,
    });
    for (const [member, partner, mustConfirm] of [
      [recipient, initiator, true],
      [initiator, recipient, false],
    ] as const) {
      if (
        !wantsEmail({
          emailVerified: member.email_verified === 1,
          emailNotifications: member.email_notifications === 1,
        })
      )
        continue;
      emails.push(
        barterReminderEmail(
          origin,
          member.email,
          member.display_name,
          {
            partnerName: partner.display_name,
            listingTitle: barter.title,
            link: conversationLink(barter.listing_id, partner.id, member.id),
            mustConfirm,
          },
          member.language,
        ),
      );
    }
  }
  // One batch (one transaction): the barters are marked prompted with their notifications and emails.
  await d1.batch([
    markPromptedStatement(
      d1,
      at,
      due.map((b) => b.id),
    ),
    ...notifyStatements(d1, entries, new Date().toISOString()),
    ...queueEmailsStatements(d1, emails),
  ]);
  // The members' bells learn of the prompts at once (decision 027), the first BARTER_PUSHES of
  // them: each push is a Durable Object call, an invocation held to 8 ms of CPU like this one, and
  // 21 of them from one invocation passed that bound (decision 042); the others' bells follow on
  // their next read.
  await pushNotificationChanges(env, entries.map((e) => e.userId).slice(0, BARTER_PUSHES));
  return due.length;
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
  const { results: due } = await dueImageCleanupsStatement(d1, iso(now), BATCH).all<ImageBarterRow>();
  if (due.length === 0) return { barters: 0, deleted: 0 };
  const plans = due.map((barter) => {
    const originals = parseList(barter.original_image_urls);
    return {
      barter,
      originals,
      candidates: [...new Set(originals.map(uploadKeyFromPath).filter((key): key is string => key !== null))],
    };
  });
  const allCandidates = [...new Set(plans.flatMap((p) => p.candidates))];
  const memberIds = [...new Set(due.flatMap((b) => [b.initiator_id, b.recipient_id]))];
  const attachedKeys = new Set<string>();
  const avatarKey = new Map<number, string | null>();
  if (allCandidates.length) {
    const [attached, avatars] = await d1.batch<{ key?: string; id?: number; avatar_url?: string | null }>([
      attachedUploadsStatement(d1, allCandidates),
      avatarsStatement(d1, memberIds),
    ]);
    for (const row of attached!.results) attachedKeys.add(row.key!);
    for (const row of avatars!.results)
      avatarKey.set(
        row.id!,
        row.avatar_url ? uploadKeyFromPath(row.avatar_url.replace(/^https?:\/\/[^/]+/, '')) : null,
      );
  }
  const updates: [number, string, string][] = [];
  const unusedAll = new Set<string>();
  for (const { barter, originals, candidates } of plans) {
    const stillShown = new Set(parseList(barter.listing_images));
    const unused = new Set<string>();
    if (candidates.length) {
      const inUse = new Set(attachedKeys);
      for (const id of [barter.initiator_id, barter.recipient_id]) {
        const key = avatarKey.get(id);
        if (key) inUse.add(key);
      }
      for (const path of originals) {
        const key = uploadKeyFromPath(path);
        if (key && !inUse.has(key) && !stillShown.has(path)) unused.add(key);
      }
    }
    for (const key of unused) unusedAll.add(key);
    const keep = (paths: string[]) =>
      JSON.stringify(paths.filter((path) => !unused.has(uploadKeyFromPath(path) ?? '')));
    updates.push([barter.id, keep(originals), keep(parseList(barter.thumbnail_urls))]);
  }
  // Each upload's thumbnail goes with it.
  const keys = withThumbKeys([...unusedAll]);
  // R2 first: if it fails, the schedules stay and tomorrow's run tries again.
  for (const part of chunks(keys, R2_DELETE_MAX)) await env.IMAGES.delete(part);
  const statements = [keepBarterImagesStatement(d1, updates)];
  if (keys.length) statements.push(deleteUnattachedUploadsStatement(d1, keys));
  await d1.batch(statements);
  const deleted = unusedAll.size;
  return { barters: due.length, deleted };
}
