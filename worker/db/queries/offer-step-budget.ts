// The members' offer-step budget (decision 040: 30 a member a day), counted since decision 049
// from the lines the steps write instead of a rate_limits row. Every offer step a member takes
// (make, counter, accept, decline, withdraw) writes one event line with them as its sender, and
// the message budget already reads the member's lines of the day (db/queries/message-budget.ts), through
// messages_sender_idx: a step's counter row was one more row written per step (1 of an offer's 18).
// A step that changed nothing (an offer no longer open) writes no line and is not counted; it
// writes nothing either. The middleware that checks it before a step's route is offerStepBudget
// (worker/middleware/member-budget.ts).
import { MESSAGE_EVENT_TYPES } from '@/shared/contract/messages';
import { tooManyRequests } from '@worker/lib/errors';
import { MESSAGE_DAY_BUDGET } from '@worker/lib/message-budget';
import { RATE_LIMITS } from '@worker/lib/rate-limit';

/** The lines an offer step writes: made, countered, accepted, declined, withdrawn. */
// Closed (another offer accepted) and expired lines are not a member's step: the listing's owner
// and the expiry job write them for others (decision 060).
export const OFFER_STEP_EVENTS = MESSAGE_EVENT_TYPES.filter(
  (type) => type.startsWith('offer_') && type !== 'offer_closed' && type !== 'offer_expired',
);

/** The member's offer lines of the day, newest first (messages_sender_idx; its plan is pinned in test/worker/offer-and-thread-rows.test.ts). */
export const OFFER_STEPS_SQL = `
  SELECT at FROM (
    SELECT created_at AS at, kind, event FROM messages WHERE sender_id = ?1 AND created_at > ?2
     ORDER BY created_at DESC LIMIT ?3)
   WHERE kind = 'event' AND json_extract(event, '$.type') IN (SELECT value FROM json_each(?4))
   LIMIT ?5`;

/**
 * Throws 429 once the member's offer lines of the last day reach the budget, with Retry-After
 * until the oldest counted one leaves the day. Reads the member's lines of the day newest first
 * (at most the message day budget of them: past it, the message budget refuses anyway).
 */
export async function checkOfferSteps(d1: D1Database, userId: number, now = Date.now()): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS.offerStepsPerMember;
  const { results } = await d1
    .prepare(OFFER_STEPS_SQL)
    .bind(
      userId,
      new Date(now - windowMs).toISOString(),
      MESSAGE_DAY_BUDGET.limit,
      JSON.stringify(OFFER_STEP_EVENTS),
      limit,
    )
    .all<{ at: string }>();
  if (results.length < limit) return;
  const oldest = Date.parse(results[limit - 1]!.at);
  throw tooManyRequests(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
}
