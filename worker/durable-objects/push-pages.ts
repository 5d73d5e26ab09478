// One page of Web Push (docs/api/web-push.md, decision 064): at most PUSH_PAGE pushes, each
// encrypted for its browser and POSTed to its push service side by side, then the subscriptions
// the push services no longer know (404, 410) deleted in one statement. A page is what one
// invocation sends. Its size is set by CPU before subrequests: a push costs 0.1 to 0.28 ms of
// Worker CPU in workerd (encryption, signature, the POST; `npm run bench:push` on a loaded
// machine), so 40 pushes (what 50 subrequests would allow) take up to 11 ms, past the free plan's
// 10 ms; 20 take at most about 5.6 ms and 20 subrequests, leaving the invocation's own work room.
import { createDb } from '@worker/db/client';
import { removeGoneSubscriptions } from '@worker/db/queries/web-push';
import { webPushConfig } from '@worker/lib/web-push/config';
import { DELIVERY, type PushItem } from '@worker/lib/web-push/delivery';
import { sendPush, type PushOutcome } from '@worker/lib/web-push/send';

/** Pushes one invocation sends at most. */
export const PUSH_PAGE = 20;

export interface PageReport {
  sent: number;
  failed: number;
  gone: number;
}

export interface PageOptions {
  /** The outbound fetch (tests pass a stand-in push service). */
  fetch?: typeof fetch;
  /** The clock the VAPID signatures are dated by (ms). */
  now?: number;
}

export async function deliverPage(
  env: Env,
  items: readonly PushItem[],
  options: PageOptions = {},
): Promise<PageReport> {
  const report: PageReport = { sent: 0, failed: 0, gone: 0 };
  const config = webPushConfig(env);
  if (!config || items.length === 0) return report;
  if (items.length > PUSH_PAGE) throw new Error(`A page holds at most ${PUSH_PAGE} pushes`);
  const outcomes: PushOutcome[] = await Promise.all(
    items.map((item) =>
      sendPush(item, item.message, { ...config, ...DELIVERY[item.kind], fetch: options.fetch, now: options.now }),
    ),
  );
  const gone = items.filter((_, i) => outcomes[i] === 'gone').map((item) => item.endpoint);
  await removeGoneSubscriptions(createDb(env.DB), gone);
  for (const outcome of outcomes) report[outcome] += 1;
  return report;
}

/** `items` cut into pages of PUSH_PAGE. */
export function pagesOf<T>(items: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let at = 0; at < items.length; at += PUSH_PAGE) pages.push(items.slice(at, at + PUSH_PAGE));
  return pages;
}
