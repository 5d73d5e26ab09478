// Proposing and dissolving trade circles (docs/api/wants-matches-circles.md, "Trade circles";
// decision 024). The circle engine finds rings of wants and calls proposeCircle; the want and
// listing routes call the dissolve functions. Every write is one D1 batch whose statements check
// their own conditions, so a proposal racing a want removal, a listing change or another proposal
// leaves either a whole circle or nothing; the partial unique index on open legs' listings is the
// last guard (a listing in at most one proposed or agreed circle).
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { pushToCircle } from '@worker/durable-objects/conversation-room-client';
import { createDb } from '@worker/db/client';
import { pushTexts } from '../push-texts';
import { pushQuietly } from '../web-push';
import { isUniqueViolation } from '@worker/db/queries/users';
import { circleNoticeStatement, dissolveStatements, proposeCircleStatements } from '@worker/db/queries/trade-circles';
import {
  dissolveNotice,
  endReason,
  isRing,
  membersOf,
  selectByCircle,
  selectByListing,
  selectByMember,
  selectByWant,
  type CircleLeg,
  type DissolveReason,
  type DissolvedCircle,
  type EndReason,
  type LegSelector,
  wantWithdrawnReason,
} from '@worker/lib/trade-circles/legs';

/**
 * Proposes the circle: `legs` in ring order (legs[i].receiverId === legs[(i + 1) % n].giverId).
 * Checked here and again inside the batch: every leg's listing is active and its giver's, every
 * receiver has a want row for the listing they receive, no listing is in a proposed or agreed
 * circle, this set of legs was never declined or expired, and no two of its members are in a
 * block (the last guard: a block made after the engine loaded its edges; decision 035). Inserts the circle and its legs and
 * notifies every member in one D1 batch (three statements). Returns the circle's id, or null when
 * a rule does not hold (nothing is written then).
 */
export async function proposeCircle(
  env: Env,
  legs: CircleLeg[],
  now: Date = new Date(),
  push = true,
): Promise<number | null> {
  if (!isRing(legs)) return null;
  const d1 = env.DB;
  try {
    const [inserted] = await d1.batch(proposeCircleStatements(d1, legs, now));
    const row = inserted!.results[0] as { id: number } | undefined;
    // The members' bells learn of the proposal at once (decision 027); the cron's pass pushes its
    // pages' bells itself, a few an invocation (`push` false; decision 042).
    if (row && push)
      await pushNotificationChanges(
        env,
        legs.map((leg) => leg.giverId),
      );
    return row ? row.id : null;
  } catch (error) {
    // A racing proposal took one of the listings first: the partial unique index refused ours.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Tells every member of the dissolved circles why (one statement), and pushes the change to their
 * chat; their Web Push (one a member, not to `except` nor to those with the circle open) is read
 * in one statement and handed to the outbox in one call.
 */
export async function afterDissolved(
  env: Env,
  dissolved: DissolvedCircle[],
  reason: DissolveReason,
  at: string,
  except: readonly number[] = [],
): Promise<void> {
  const notices = dissolved.flatMap((circle) =>
    membersOf(circle).map((userId) => ({
      circleId: circle.id,
      userId,
      text: dissolveNotice(reason, circle.end_reason),
    })),
  );
  const statement = circleNoticeStatement(env.DB, notices, at);
  if (statement) {
    await statement.run();
    await pushNotificationChanges(
      env,
      notices.map((n) => n.userId),
    );
  }
  const open = await Promise.all(
    dissolved.map((circle) => pushToCircle(env, circle.id, [{ type: 'circle', circleId: circle.id }])),
  );
  await pushCirclesEnded(env, dissolved, open, except);
}

/**
 * The Web Push for circles called off: one a member (their first such circle), not to `except` (the
 * member who acted) nor to a member with that circle open (`open[i]`, the room's answer for
 * `circles[i]`). One read, and every push handed to the outbox in one call, so the request or job
 * that called them off spends two subrequests on it.
 */
export async function pushCirclesEnded(
  env: Env,
  circles: readonly DissolvedCircle[],
  open: readonly number[][],
  except: readonly number[] = [],
): Promise<void> {
  const circleOf = new Map<number, number>();
  circles.forEach((circle, i) => {
    for (const userId of membersOf(circle))
      if (!circleOf.has(userId) && !open[i]?.includes(userId)) circleOf.set(userId, circle.id);
  });
  await pushQuietly(
    env,
    createDb(env.DB),
    [...circleOf.keys()],
    'trade_circle',
    (t, userId) => pushTexts.circle(circleOf.get(userId)!, { type: 'ended' })(t),
    { except, sendNow: 0 },
  );
}

async function dissolve(
  env: Env,
  selector: LegSelector,
  reason: DissolveReason,
  now: Date,
  words: EndReason = endReason(reason),
  actorId?: number,
): Promise<number[]> {
  const at = now.toISOString();
  const [declined] = await env.DB.batch(dissolveStatements(env.DB, selector, at, words));
  const dissolved = (declined!.results ?? []) as DissolvedCircle[];
  await afterDissolved(env, dissolved, reason, at, actorId === undefined ? [] : [actorId]);
  return dissolved.map((circle) => circle.id);
}

/**
 * The member withdrew their want of the listing: the proposed circle in which they receive it is
 * declined, and its members read why by name ("Sam no longer wants “Tomatoes”", decision 061).
 */
export function dissolveCirclesForWant(
  env: Env,
  userId: number,
  listingId: number,
  now: Date = new Date(),
): Promise<number[]> {
  return dissolve(
    env,
    selectByWant(userId, listingId),
    'want_withdrawn',
    now,
    wantWithdrawnReason(userId, listingId),
    userId,
  );
}

/**
 * The listing was deactivated (or is about to go): the proposed circle it is in is declined. A
 * deletion runs dissolveStatements in the delete's own batch instead (worker/routes/listings.ts).
 */
export function dissolveCirclesForListing(
  env: Env,
  listingId: number,
  now: Date = new Date(),
  reason: DissolveReason = 'listing_unavailable',
  actorId?: number,
): Promise<number[]> {
  return dissolve(env, selectByListing(listingId), reason, now, endReason(reason), actorId);
}

/** The member's account is going: every proposed circle they are in is declined first. */
export function dissolveCirclesForMember(env: Env, userId: number, now: Date = new Date()): Promise<number[]> {
  return dissolve(env, selectByMember(userId), 'member_left', now, endReason('member_left'), userId);
}

/** One circle whose proposal can no longer be agreed (a listing went while members accepted). */
export function dissolveCircle(
  env: Env,
  circleId: number,
  reason: DissolveReason,
  now: Date = new Date(),
): Promise<number[]> {
  return dissolve(env, selectByCircle(circleId), reason, now);
}
