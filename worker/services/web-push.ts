// Sending Web Push to members (docs/api/web-push.md, decision 064): the subscriptions of the
// members a change is for who have not switched its kind off, read in one statement; one
// encrypted POST to each browser's push service, side by side; the subscriptions a push service
// no longer knows (404, 410) deleted in one statement. Called after the reply (afterReply).
// A Worker invocation on the free plan may make 50 subrequests: one call sends at most
// PUSH_FANOUT_MAX pushes, the newest subscriptions first, and says how many it left out.
import type { Db } from '@worker/db/client';
import { removeGoneSubscriptions, subscriptionsFor, type PushKind } from '@worker/db/queries/web-push';
import { webPushConfig } from '@worker/lib/web-push/config';
import { sendPush, type PushMessage, type Urgency } from '@worker/lib/web-push/send';

/** Pushes one call sends at most: the free plan's 50 subrequests, less room for the call's own. */
export const PUSH_FANOUT_MAX = 40;

/** How long a push service keeps each kind for an offline device, and how urgently it delivers it. */
const DELIVERY: Record<PushKind, { ttl: number; urgency: Urgency }> = {
  message: { ttl: 24 * 3600, urgency: 'high' },
  offer: { ttl: 3 * 24 * 3600, urgency: 'high' },
  barter: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  trade_circle: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  match: { ttl: 7 * 24 * 3600, urgency: 'low' },
  moderation: { ttl: 7 * 24 * 3600, urgency: 'normal' },
};

export interface PushReport {
  sent: number;
  failed: number;
  gone: number;
  /** Subscriptions past PUSH_FANOUT_MAX, not pushed by this call. */
  skipped: number;
}

export async function pushToMembers(
  env: Parameters<typeof webPushConfig>[0],
  db: Db,
  userIds: readonly number[],
  kind: PushKind,
  message: PushMessage,
  options: { fetch?: typeof fetch } = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, failed: 0, gone: 0, skipped: 0 };
  const config = webPushConfig(env);
  if (!config || userIds.length === 0) return report;
  const targets = await subscriptionsFor(db, userIds, kind);
  const chosen = targets.slice(0, PUSH_FANOUT_MAX);
  report.skipped = targets.length - chosen.length;
  const outcomes = await Promise.all(
    chosen.map((target) =>
      sendPush(target, message, { ...config, ...DELIVERY[kind], fetch: options.fetch }).then((outcome) => ({
        target,
        outcome,
      })),
    ),
  );
  const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.target.endpoint);
  await removeGoneSubscriptions(db, gone);
  for (const { outcome } of outcomes) report[outcome] += 1;
  return report;
}
