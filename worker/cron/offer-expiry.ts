// Open offers lapse OFFER_EXPIRY_DAYS after they were made (docs/api/offers.md "Expiry"; decision
// 060). Each 15-minute run expires at most a page of them: one read of offers_open_expiry_idx
// (nothing due reads no row), one batch of three statements (the status, the lines, the makers'
// bell entries), then the bells and the conversations' rooms of at most CLOSED_PUSHES of them, and
// their makers' Web Push (the listings' titles and the subscriptions read, every push handed to a
// PushOutbox in one call: the job's subrequests stay its pages'). The rest of a backlog waits for
// the next run.
import { createDb } from '@worker/db/client';
import { dueOfferExpiries, expireOffers } from '@worker/db/queries/offers';
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import type { Budget } from '@worker/lib/cron-budget';
import { CLOSED_PUSHES, pushClosedOffers, webPushClosedOffers } from '@worker/services/closed-offers';

/** Offers a run expires at most (a backlog of a day's offers clears in a few runs). */
export const OFFER_EXPIRY_PAGE = 50;
/** What a run with work costs: the read, the batch of three, the frames' three reads, the bells and rooms, the push's three. */
export const OFFER_EXPIRY_COST = 10 + 2 * CLOSED_PUSHES;

/** Returns how many offers expired (null when the budget could not cover a run). */
export async function runOfferExpiry(env: Env, scheduledTime: number, budget: Budget): Promise<number | null> {
  if (budget.left() < OFFER_EXPIRY_COST) return null;
  const db = createDb(env.DB);
  const at = new Date(scheduledTime).toISOString();
  const expired = await expireOffers(db, await dueOfferExpiries(db, at, OFFER_EXPIRY_PAGE), at);
  if (expired.length === 0) return 0;
  await pushNotificationChanges(
    env,
    expired.slice(0, CLOSED_PUSHES).map((o) => o.from_user_id),
  );
  const open = await pushClosedOffers(env, db, expired, 'expired');
  await webPushClosedOffers(env, db, expired, 'expired', open, { recipientOf: (o) => o.from_user_id, sendNow: 0 });
  return expired.length;
}
