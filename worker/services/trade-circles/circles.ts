// A trade circle once it exists (docs/api/wants-matches-circles.md, "Trade circles"; decision
// 024): reading and shaping circles, each member's decision, agreement into one pending barter per
// leg, expiry, and the group chat's rows. Every change is one D1 batch whose statements check the
// circle's status themselves, so racing decisions leave exactly one outcome.
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import type { BarterStatus } from '@/shared/api-types';
import type {
  TradeCircle,
  TradeCircleDecision,
  TradeCircleLeg,
  TradeCircleMessage,
  TradeCircleStatus,
} from '@/shared/trade-circles';
import { pushToCircle } from '@worker/durable-objects/conversation-room-client';
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { prepareSql } from '@worker/db/prepare-sql';
import { messageBudgetGateSql } from '@worker/db/queries/message-budget';
import {
  membersOf,
  parseLegsKey,
  ringOrder,
  type CircleNotice,
  type DissolvedCircle,
} from '@worker/lib/trade-circles/legs';
import { circleNoticeStatement } from '@worker/db/queries/trade-circles';
import { dissolveCircle } from './propose';

export interface CircleRow {
  id: number;
  status: TradeCircleStatus;
  legs_key: string;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

interface LegRow {
  circle_id: number;
  position: number;
  giver_id: number;
  receiver_id: number;
  listing_id: number;
  decision: TradeCircleDecision | null;
  barter_id: number | null;
  barter_status: BarterStatus | null;
}

const CIRCLE_COLUMNS = 'id, status, legs_key, created_at, expires_at, updated_at';
/** A member's circles in the list (newest first); older ones stay reachable by their address. */
export const CIRCLES_PER_MEMBER = 50;

export function findCircleRow(d1: D1Database, id: number): Promise<CircleRow | null> {
  return d1.prepare(`SELECT ${CIRCLE_COLUMNS} FROM trade_circles WHERE id = ?`).bind(id).first<CircleRow>();
}

/** Whether the member is in the circle: every member gives one leg (named by the legs key). */
export const isMember = (circle: Pick<CircleRow, 'legs_key'>, userId: number) => membersOf(circle).includes(userId);

/** The circles the member gives or receives in, newest first (the giver and receiver indexes). */
export async function circlesOfMember(d1: D1Database, userId: number): Promise<TradeCircle[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${CIRCLE_COLUMNS} FROM trade_circles
        WHERE id IN (SELECT circle_id FROM trade_circle_legs WHERE giver_id = ?1 UNION SELECT circle_id FROM trade_circle_legs WHERE receiver_id = ?1)
        ORDER BY id DESC LIMIT ${CIRCLES_PER_MEMBER}`,
    )
    .bind(userId)
    .all<CircleRow>();
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
  const [legs, users, listings] = await d1.batch([
    d1
      .prepare(
        `SELECT l.circle_id, l.position, l.giver_id, l.receiver_id, l.listing_id, l.decision, l.barter_id, b.status AS barter_status
           FROM trade_circle_legs l LEFT JOIN barters b ON b.id = l.barter_id
          WHERE l.circle_id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(rows.map((row) => row.id))),
    d1
      .prepare(
        'SELECT id, username, display_name AS displayName, avatar_url AS avatarUrl FROM users WHERE id IN (SELECT value FROM json_each(?1))',
      )
      .bind(JSON.stringify(userIds)),
    d1
      .prepare('SELECT id, title, image_urls AS imageUrls FROM listings WHERE id IN (SELECT value FROM json_each(?1))')
      .bind(JSON.stringify(listingIds)),
  ]);
  const userById = new Map(
    (users!.results as { id: number; username: string; displayName: string; avatarUrl: string | null }[]).map((u) => [
      u.id,
      u,
    ]),
  );
  const listingById = new Map(
    (listings!.results as { id: number; title: string; imageUrls: string }[]).map((l) => [
      l.id,
      { id: l.id, title: l.title, imageUrls: JSON.parse(l.imageUrls) as string[] },
    ]),
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
  const proposed = `EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'proposed')`;
  let changed: boolean;
  let agreed = false;
  if (decision === 'accepted') {
    const agreedHere = `EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'agreed' AND updated_at = ?2)`;
    const [leg, status] = await d1.batch([
      d1
        .prepare(
          `UPDATE trade_circle_legs SET decision = 'accepted' WHERE circle_id = ?1 AND giver_id = ?2 AND decision IS NULL AND ${proposed} RETURNING position`,
        )
        .bind(id, userId),
      d1
        .prepare(
          `UPDATE trade_circles SET status = 'agreed', updated_at = ?2
            WHERE id = ?1 AND status = 'proposed'
              AND (SELECT count(*) FROM trade_circle_legs l JOIN listings li ON li.id = l.listing_id AND li.user_id = l.giver_id AND li.status = 'active'
                    WHERE l.circle_id = ?1 AND l.decision = 'accepted' AND l.open = 1) = ?3
           RETURNING id`,
        )
        .bind(id, at, n),
      d1
        .prepare(
          `INSERT INTO barters (listing_id, initiator_id, recipient_id, status, created_at)
           SELECT listing_id, giver_id, receiver_id, 'pending', ?2 FROM trade_circle_legs
            WHERE circle_id = ?1 AND barter_id IS NULL AND ${agreedHere}
            ORDER BY position`,
        )
        .bind(id, at),
      // The newest pending barter of the leg's listing and pair is the one just made.
      d1
        .prepare(
          `UPDATE trade_circle_legs SET barter_id = (
             SELECT max(b.id) FROM barters b
              WHERE b.listing_id = trade_circle_legs.listing_id AND b.status = 'pending'
                AND b.initiator_id = trade_circle_legs.giver_id AND b.recipient_id = trade_circle_legs.receiver_id)
            WHERE circle_id = ?1 AND barter_id IS NULL AND ${agreedHere}`,
        )
        .bind(id, at),
    ]);
    changed = leg!.results.length > 0;
    agreed = status!.results.length > 0;
  } else {
    const [leg] = await d1.batch([
      d1
        .prepare(
          `UPDATE trade_circle_legs SET decision = 'declined' WHERE circle_id = ?1 AND giver_id = ?2 AND decision IS NOT 'declined' AND ${proposed} RETURNING position`,
        )
        .bind(id, userId),
      d1
        .prepare(`UPDATE trade_circles SET status = 'declined', updated_at = ?2 WHERE id = ?1 AND status = 'proposed'`)
        .bind(id, at),
      d1
        .prepare(
          `UPDATE trade_circle_legs SET open = 0 WHERE circle_id = ?1 AND open = 1 AND EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'declined')`,
        )
        .bind(id),
    ]);
    changed = leg!.results.length > 0;
  }
  const after = (await findCircleRow(d1, id))!;
  return { changed, agreed, circle: after };
}

/** Tells every member what changed (one statement) and pushes the change to the circle's chat. */
export async function announce(
  env: Env,
  circle: Pick<CircleRow, 'id' | 'legs_key'>,
  text: string,
  at = new Date().toISOString(),
  requestId?: string,
): Promise<void> {
  const notices: CircleNotice[] = membersOf(circle).map((userId) => ({ circleId: circle.id, userId, text }));
  await circleNoticeStatement(env.DB, notices, at)?.run();
  await pushNotificationChanges(
    env,
    notices.map((n) => n.userId),
  );
  await pushToCircle(env, circle.id, [{ type: 'circle', circleId: circle.id }], requestId);
}

/**
 * A proposed circle whose listings are not all still active and their givers' (one went while the
 * members decided, and dissolving it failed or raced) can never be agreed: it is dissolved now
 * instead of waiting for expiry. No barter was made. Returns whether it was dissolved.
 */
export async function settleIfUnavailable(env: Env, circle: CircleRow): Promise<boolean> {
  if (circle.status !== 'proposed') return false;
  const row = await env.DB.prepare(
    `SELECT count(*) AS available FROM trade_circle_legs l JOIN listings li ON li.id = l.listing_id AND li.user_id = l.giver_id AND li.status = 'active'
      WHERE l.circle_id = ?`,
  )
    .bind(circle.id)
    .first<{ available: number }>();
  if (!row || row.available >= membersOf(circle).length) return false;
  return (await dissolveCircle(env, circle.id, 'listing_unavailable')).length > 0;
}

// ---- Expiry (the 15-minute cron) ----

/** Circles expired per run: bounded by trade_circles_status_expires_idx, the rest wait for the next run. */
export const EXPIRY_PAGE = 100;
/** Statements an expiry run with work costs: the page read, the batch of two, the notices. */
export const EXPIRY_COST = 4;

/**
 * Expires proposals older than their expiry, at most EXPIRY_PAGE a run: status `expired`, legs
 * closed, every member told. Returns the circles expired. A circle agreed or declined between
 * the read and the batch is left alone (the batch checks the status again).
 */
export async function expireCircles(env: Env, now: Date, limit = EXPIRY_PAGE): Promise<DissolvedCircle[]> {
  const d1 = env.DB;
  const at = now.toISOString();
  const { results: due } = await d1
    .prepare(`SELECT id FROM trade_circles WHERE status = 'proposed' AND expires_at <= ?1 ORDER BY expires_at LIMIT ?2`)
    .bind(at, limit)
    .all<{ id: number }>();
  if (due.length === 0) return [];
  const ids = JSON.stringify(due.map((row) => row.id));
  const [expired] = await d1.batch([
    d1
      .prepare(
        `UPDATE trade_circles SET status = 'expired', updated_at = ?2
          WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'proposed' AND expires_at <= ?2
         RETURNING id, legs_key`,
      )
      .bind(ids, at),
    d1
      .prepare(
        `UPDATE trade_circle_legs SET open = 0
          WHERE open = 1 AND circle_id IN (SELECT id FROM trade_circles WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'expired')`,
      )
      .bind(ids),
  ]);
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
  return circles;
}

// ---- The group chat ----

/** Messages a read returns: the newest, oldest first. */
export const CHAT_PAGE = 200;

interface MessageRow {
  id: number;
  circle_id: number;
  sender_id: number;
  content: string;
  created_at: string;
  hidden_at?: string | null;
}

/** A line a moderator hid reads as removed to every member (shapes.ts, REMOVED_MESSAGE_TEXT). */
const shapeMessage = (m: MessageRow): TradeCircleMessage => ({
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
  const [rows] = await d1.batch([
    d1
      .prepare(
        'SELECT id, circle_id, sender_id, content, created_at, hidden_at FROM trade_circle_messages WHERE circle_id = ? ORDER BY id DESC LIMIT ?',
      )
      .bind(circleId, CHAT_PAGE),
    d1
      .prepare(`UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND subject_key = ?2 AND read_at IS NULL`)
      .bind(readerId, `circle-chat:${circleId}`, new Date().toISOString()),
  ]);
  return (rows!.results as MessageRow[]).reverse().map(shapeMessage);
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
    prepareSql(d1, messageBudgetGateSql(sender.id)),
    d1
      .prepare(
        'INSERT INTO trade_circle_messages (circle_id, sender_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id, circle_id, sender_id, content, created_at',
      )
      .bind(circle.id, sender.id, content, at),
  ];
  const notice = circleNoticeStatement(d1, notices, at);
  if (notice) statements.push(notice);
  const [, inserted] = await d1.batch(statements);
  return shapeMessage(inserted!.results[0] as MessageRow);
}
