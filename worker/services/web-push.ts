// Sending Web Push to members (docs/api/web-push.md, decision 064): the subscriptions of the
// members a change is for who have not switched its kind off, read in one statement, less the
// members to skip (the one who acted, those with the conversation open); one encrypted POST to
// each browser's push service, side by side; the subscriptions a push service no longer knows
// (404, 410) deleted in one statement. Called after the reply (afterReply) or in a cron job.
// A Worker invocation on the free plan has 10 ms of CPU and 50 subrequests: this call sends the
// first PUSH_FANOUT_MAX pushes (20: at most about 5.6 ms of CPU), the newest subscriptions first,
// and hands the rest to a PushOutbox in one call, which sends as many an alarm, each alarm an
// invocation of its own.
import type { Db } from '@worker/db/client';
import { subscriptionsFor, type PushKind } from '@worker/db/queries/web-push';
import { queuePushes } from '@worker/durable-objects/push-outbox-client';
import { deliverPage, PUSH_PAGE, type PageOptions } from '@worker/durable-objects/push-pages';
import { webPushConfig } from '@worker/lib/web-push/config';
import type { PushItem } from '@worker/lib/web-push/delivery';
import type { PushMessage } from '@worker/lib/web-push/send';
import { wordsFor } from '@worker/lib/email';
import type { Catalogue } from '@worker/lib/locale';

/** Pushes one invocation sends at most: what 10 ms of CPU allows beside the invocation's own work (push-pages.ts). */
export const PUSH_FANOUT_MAX = PUSH_PAGE;

export interface PushReport {
  sent: number;
  failed: number;
  gone: number;
  /** Pushes past PUSH_FANOUT_MAX, handed to a PushOutbox (sent by its alarms). */
  queued: number;
  /** The outbox they went to (its id), if any. */
  outbox: string | null;
}

export interface PushToMembersOptions extends PageOptions {
  /** Members never pushed by this call: the one who acted, those with the conversation open. */
  except?: readonly number[];
  /** No push to a member in a block with this one (what the bell entry's own condition says). */
  unlessBlockedWith?: number;
  /** Where the pushes past the first page go (tests pass their own). */
  queue?: (env: Env, items: PushItem[]) => Promise<string | null>;
  /**
   * Pushes this invocation sends itself (at most PUSH_FANOUT_MAX, the default); the rest go to the
   * outbox. A cron job passes 0: its subrequests are its pages' budget, so every push is queued.
   */
  sendNow?: number;
}

/**
 * What each member is shown: a text in the words of their stored language (`t`; the same for all,
 * as a PushText, or one per member: a match names each one's partner), or one fixed message.
 */
export type PushMessageFor = PushMessage | ((t: Catalogue, userId: number) => PushMessage);

export async function pushToMembers(
  env: Env,
  db: Db,
  userIds: readonly number[],
  kind: PushKind,
  message: PushMessageFor,
  options: PushToMembersOptions = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, failed: 0, gone: 0, queued: 0, outbox: null };
  const skip = new Set(options.except ?? []);
  const members = [...new Set(userIds)].filter((id) => !skip.has(id));
  if (!webPushConfig(env) || members.length === 0) return report;
  const targets = await subscriptionsFor(db, members, kind, options.unlessBlockedWith);
  const items: PushItem[] = targets.map(({ userId, language, ...target }) => ({
    ...target,
    kind,
    message: typeof message === 'function' ? message(wordsFor(language), userId) : message,
  }));
  const now = Math.max(0, Math.min(options.sendNow ?? PUSH_FANOUT_MAX, PUSH_FANOUT_MAX));
  const rest = items.slice(now);
  // The rest first: the outbox's alarm runs beside this invocation's own page.
  if (rest.length > 0) {
    try {
      report.outbox = await (options.queue ?? queuePushes)(env, rest);
      report.queued = rest.length;
    } catch (error) {
      console.error(`web push: queuing ${rest.length} pushes failed`, error);
    }
  }
  const page = await deliverPage(env, items.slice(0, now), options);
  return { ...report, ...page };
}

/**
 * pushToMembers for the work after a reply or inside a job: push is best effort beside the bell
 * and the email, so a failure (D1, the outbox) is logged and never reaches the caller.
 */
export async function pushQuietly(
  env: Env,
  db: Db,
  userIds: readonly number[],
  kind: PushKind,
  message: PushMessageFor,
  options: PushToMembersOptions = {},
): Promise<PushReport | null> {
  try {
    return await pushToMembers(env, db, userIds, kind, message, options);
  } catch (error) {
    console.error(`web push (${kind}) failed`, error);
    return null;
  }
}
