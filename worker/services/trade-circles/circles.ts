// A trade circle once it exists (docs/api/wants-matches-circles.md, "Trade circles"; decision
// 024): reading and shaping circles, each member's decision, agreement into one pending barter per
// leg, expiry, and the group chat's rows. Every change is one D1 batch whose statements check the
// circle's status themselves, so racing decisions leave exactly one outcome.
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { pushToCircle } from '@worker/durable-objects/conversation-room-client';
import { createDb } from '@worker/db/client';
import { pushTexts, type CircleChange } from '../push-texts';
import { pushQuietly, type PushToMembersOptions } from '../web-push';
import { userSummary } from '@/shared/contract/users';
import { listings, users } from '@worker/db/schema';
import { rawFields } from '@worker/db/reply-columns';
import {
  tradeCircleLeg,
  type TradeCircle,
  type TradeCircleDecision,
  type TradeCircleLeg,
  type TradeCircleMessage,
} from '@/shared/contract/trade-circles';
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { messageBudgetGateStatement } from '@worker/db/queries/message-budget';
import {
  membersOf,
  parseLegsKey,
  ringOrder,
  type CircleNotice,
  type DissolvedCircle,
} from '@worker/lib/trade-circles/legs';
import { circleNoticeStatement } from '@worker/db/queries/trade-circles';
import {
  acceptStatements,
  availableLegsStatement,
  chatReadStatements,
  circleRowStatement,
  circleShapeStatements,
  declineStatements,
  dueExpiriesStatement,
  expireStatements,
  insertChatMessageStatement,
  memberCirclesStatement,
  type CircleMessageRow,
  type CircleRow,
  type LegRow,
} from '@worker/db/queries/trade-circle-lifecycle';
import { dissolveCircle } from './propose';

export type { CircleRow };

/** A leg's listing as the reply shows it, read by its declaration. */
const legListing = tradeCircleLeg.entries.listing.wrapped;
/** A member's circles in the list (newest first); older ones stay reachable by their address. */
export const CIRCLES_PER_MEMBER = 50;

export function findCircleRow(d1: D1Database, id: number): Promise<CircleRow | null> {
  return circleRowStatement(d1, id).first<CircleRow>();
}

/** Whether the member is in the circle: every member gives one leg (named by the legs key). */
export const isMember = (circle: Pick<CircleRow, 'legs_key'>, userId: number) => membersOf(circle).includes(userId);

/** The circles the member gives or receives in, newest first (the giver and receiver indexes). */
export async function circlesOfMember(d1: D1Database, userId: number): Promise<TradeCircle[]> {
  const { results } = await memberCirclesStatement(d1, userId, CIRCLES_PER_MEMBER).all<CircleRow>();
  return shapeCircles(d1, results);
}

export async function shapeCircle(d1: D1Database, row: CircleRow): Promise<TradeCircle> {
  const [shaped] = await shapeCircles(d1, [row]);
  return shaped!;
}

/**
 * Circles as the API returns them, read in one batch (legs with their barters, the members, the
 * listings). The legs key names every leg, so a leg whose row went with a deleted listing or
 * account still has its place in the ring (with `listing` or the member null).
 */
export async function shapeCircles(d1: D1Database, rows: CircleRow[]): Promise<TradeCircle[]> {
  if (rows.length === 0) return [];
  const keyed = rows.map((row) => parseLegsKey(row.legs_key) ?? []);
  const userIds = [...new Set(keyed.flat().flatMap((leg) => [leg.giverId, leg.receiverId]))];
  const listingIds = [...new Set(keyed.flat().map((leg) => leg.listingId))];
  const [legs, members, legListings] = await d1.batch<Record<string, unknown>>(
    circleShapeStatements(
      d1,
      rows.map((row) => row.id),
      userIds,
      listingIds,
    ),
  );
  const userById = new Map(members!.results.map((row) => rawFields(userSummary, users, row)).map((u) => [u.id, u]));
  const listingById = new Map(
    legListings!.results.map((row) => rawFields(legListing, listings, row)).map((l) => [l.id, l]),
  );
  const legRows = legs!.results as LegRow[];
  return rows.map((row, i) => {
    const mine = legRows.filter((leg) => leg.circle_id === row.id).sort((a, b) => a.position - b.position);
    // Ring order from the stored positions: the first stored leg keeps its position.
    const anchor = mine[0];
    let ring = ringOrder(keyed[i]!, anchor?.giver_id) ?? keyed[i]!;
    if (anchor && anchor.position > 0 && anchor.position < ring.length)
      ring = [...ring.slice(-anchor.position), ...ring.slice(0, -anchor.position)];
    const legsShaped: TradeCircleLeg[] = ring.map((leg) => {
      const stored = mine.find((l) => l.listing_id === leg.listingId && l.giver_id === leg.giverId);
      return {
        giver: userById.get(leg.giverId) ?? null,
        receiver: userById.get(leg.receiverId) ?? null,
        listing: listingById.get(leg.listingId) ?? null,
        decision: stored?.decision ?? null,
        barterId: stored?.barter_id ?? null,
        barterStatus: stored?.barter_status ?? null,
      };
    });
    return {
      id: row.id,
      status: row.status,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      updatedAt: row.updated_at,
      endReason: row.status === 'declined' ? (row.end_reason ?? null) : null,
      legs: legsShaped,
    };
  });
}

export interface DecisionOutcome {
  /** This call changed the member's decision. */
  changed: boolean;
  /** This call made the circle agreed (and its barters). */
  agreed: boolean;
  circle: CircleRow;
}

/**
 * Records the member's decision on a proposed circle in one batch. Accept: the member's leg is
 * accepted, and if every leg is now accepted and every listing still active and its giver's, the
 * circle becomes agreed and each leg gets a new pending barter (listing = the leg's, initiator =
 * the giver, recipient = the receiver), linked from the leg. Decline: the circle is declined for
 * all and its legs closed. Each statement checks the circle's status, and the barters are made
 * only by the batch that agreed the circle (its own timestamp) for legs without one, so two
 * members accepting at once make exactly one set of barters.
 */
export async function decide(
  env: Env,
  circle: CircleRow,
  userId: number,
  decision: TradeCircleDecision,
  now: Date = new Date(),
): Promise<DecisionOutcome> {
  const d1 = env.DB;
  const at = now.toISOString();
  const id = circle.id;
  const n = membersOf(circle).length;
  let changed: boolean;
  let agreed = false;
  if (decision === 'accepted') {
    const [leg, status] = await d1.batch(acceptStatements(d1, id, userId, at, n));
    changed = leg!.results.length > 0;
    agreed = status!.results.length > 0;
  } else {
    const [leg] = await d1.batch(declineStatements(d1, id, userId, at));
    changed = leg!.results.length > 0;
  }
  const after = (await findCircleRow(d1, id))!;
  return { changed, agreed, circle: after };
}

/**
 * Tells every member what changed (one statement) and pushes the change to the circle's chat.
 * Answers the members with the circle's page open (pushCircleChange skips them).
 */
export async function announce(
  env: Env,
  circle: Pick<CircleRow, 'id' | 'legs_key'>,
  text: string,
  at = new Date().toISOString(),
  requestId?: string,
): Promise<number[]> {
  const notices: CircleNotice[] = membersOf(circle).map((userId) => ({ circleId: circle.id, userId, text }));
  await circleNoticeStatement(env.DB, notices, at)?.run();
  await pushNotificationChanges(
    env,
    notices.map((n) => n.userId),
  );
  return pushToCircle(env, circle.id, [{ type: 'circle', circleId: circle.id }], requestId);
}

/**
 * A circle's change as a Web Push to its members (docs/api/web-push.md), but `except`: the member
 * who acted and those with its page open. A cron job passes `sendNow: 0` (every push queued).
 */
export function pushCircleChange(
  env: Env,
  circle: Pick<CircleRow, 'id' | 'legs_key'>,
  change: CircleChange,
  options: PushToMembersOptions = {},
) {
  return pushQuietly(
    env,
    createDb(env.DB),
    membersOf(circle),
    'trade_circle',
    pushTexts.circle(circle.id, change),
    options,
  );
}

/**
 * A proposed circle whose listings are not all still active and their givers' (one went while the
 * members decided, and dissolving it failed or raced) can never be agreed: it is dissolved now
 * instead of waiting for expiry. No barter was made. Returns whether it was dissolved.
 */
export async function settleIfUnavailable(env: Env, circle: CircleRow): Promise<boolean> {
  if (circle.status !== 'proposed') return false;
  const row = await availableLegsStatement(env.DB, circle.id).first<{ available: number }>();
  if (!row || row.available >= membersOf(circle).length) return false;
  return (await dissolveCircle(env, circle.id, 'listing_unavailable')).length > 0;
}

// ---- Expiry (the 15-minute cron) ----

/** Circles expired per run: bounded by trade_circles_status_expires_idx, the rest wait for the next run. */
export const EXPIRY_PAGE = 100;
/** Statements an expiry run with work costs: the page read, the batch of two, the notices, the push's read and outbox call. */
export const EXPIRY_COST = 6;

/**
 * Expires proposals older than their expiry, at most EXPIRY_PAGE a run: status `expired`, legs
 * closed, every member told. Returns the circles expired. A circle agreed or declined between
 * the read and the batch is left alone (the batch checks the status again).
 */
export async function expireCircles(env: Env, now: Date, limit = EXPIRY_PAGE): Promise<DissolvedCircle[]> {
  const d1 = env.DB;
  const at = now.toISOString();
  const { results: due } = await dueExpiriesStatement(d1, at, limit).all<{ id: number }>();
  if (due.length === 0) return [];
  const [expired] = await d1.batch(
    expireStatements(
      d1,
      due.map((row) => row.id),
      at,
    ),
  );
  const circles = (expired!.results ?? []) as DissolvedCircle[];
  const notices = circles.flatMap((circle) =>
    membersOf(circle).map((userId) => ({
      circleId: circle.id,
      userId,
      text: 'A trade circle expired: not every member accepted within 7 days',
    })),
  );
  await circleNoticeStatement(d1, notices, at)?.run();
  await pushNotificationChanges(
    env,
    notices.map((n) => n.userId),
  );
  // Every member's Web Push (one a member: the first of their circles) is read in one statement and
  // handed to the outbox in one call, so the job's subrequests stay its pages'.
  const circleOf = new Map<number, number>();
  for (const circle of circles)
    for (const userId of membersOf(circle)) if (!circleOf.has(userId)) circleOf.set(userId, circle.id);
  await pushQuietly(
    env,
    createDb(d1),
    [...circleOf.keys()],
    'trade_circle',
    (t, userId) => pushTexts.circle(circleOf.get(userId)!, { type: 'ended' })(t),
    { sendNow: 0 },
  );
  return circles;
}

// ---- The group chat ----

/** Messages a read returns: the newest, oldest first. */
export const CHAT_PAGE = 200;

/** A line a moderator hid reads as removed to every member (shapes.ts, REMOVED_MESSAGE_TEXT). */
const shapeMessage = (m: CircleMessageRow): TradeCircleMessage => ({
  id: m.id,
  circleId: m.circle_id,
  senderId: m.sender_id,
  content: m.hidden_at ? REMOVED_MESSAGE_TEXT : m.content,
  createdAt: m.created_at,
});

/** The chat's newest messages, oldest first; reading settles the reader's chat notification. */
export async function circleMessages(
  d1: D1Database,
  circleId: number,
  readerId: number,
): Promise<TradeCircleMessage[]> {
  const [rows] = await d1.batch(chatReadStatements(d1, circleId, readerId, CHAT_PAGE, new Date().toISOString()));
  return (rows!.results as CircleMessageRow[]).reverse().map(shapeMessage);
}

/** Stores a member's message and tells the other members, in one batch. */
export async function postCircleMessage(
  d1: D1Database,
  circle: Pick<CircleRow, 'id' | 'legs_key'>,
  sender: { id: number; displayName: string },
  content: string,
): Promise<TradeCircleMessage> {
  const at = new Date().toISOString();
  const preview = content.length > 80 ? `${content.slice(0, 79)}…` : content;
  const notices: CircleNotice[] = membersOf(circle)
    .filter((userId) => userId !== sender.id)
    .map((userId) => ({
      circleId: circle.id,
      userId,
      text: `${sender.displayName} wrote in your trade circle: ${preview}`,
      subject: 'circle-chat',
    }));
  const statements = [
    // The chat spends the member's message budget: the gate fails the batch when it is spent.
    messageBudgetGateStatement(d1, sender.id),
    insertChatMessageStatement(d1, circle.id, sender.id, content, at),
  ];
  const notice = circleNoticeStatement(d1, notices, at);
  if (notice) statements.push(notice);
  const [, inserted] = await d1.batch(statements);
  return shapeMessage(inserted!.results[0] as CircleMessageRow);
}
