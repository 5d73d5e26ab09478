// The statements of a trade circle once it exists (decision 024; the operations that run them,
// each change one D1 batch, are worker/services/trade-circles/circles.ts): the circle and a
// member's circles read, the circles shaped in one batch, each member's decision, expiry, and the
// group chat's rows. Every write checks the circle's status itself, so racing decisions leave
// exactly one outcome. The proposal's and the dissolve's statements are in ./trade-circles.ts.
import type { BarterStatus } from '@/shared/contract/barters';
import { tradeCircleLeg } from '@/shared/contract/trade-circles';
import { userSummary } from '@/shared/contract/users';
import { selectList } from '../reply-columns';
import { listings, users } from '../schema';
import { declinedReason } from '@worker/lib/trade-circles/legs';
import type { TradeCircleDecision, TradeCircleStatus } from '@/shared/contract/trade-circles';

export interface CircleRow {
  id: number;
  status: TradeCircleStatus;
  legs_key: string;
  created_at: string;
  expires_at: string;
  updated_at: string;
  end_reason: string | null;
}

// A type, not an interface: a raw row (Record<string, unknown>) is read as one.
export type LegRow = {
  circle_id: number;
  position: number;
  giver_id: number;
  receiver_id: number;
  listing_id: number;
  decision: TradeCircleDecision | null;
  barter_id: number | null;
  barter_status: BarterStatus | null;
};

export interface CircleMessageRow {
  id: number;
  circle_id: number;
  sender_id: number;
  content: string;
  created_at: string;
  hidden_at?: string | null;
}

const CIRCLE_COLUMNS = 'id, status, legs_key, created_at, expires_at, updated_at, end_reason';

/** One circle by id (`.first<CircleRow>()`). */
export const circleRowStatement = (d1: D1Database, id: number) =>
  d1.prepare(`SELECT ${CIRCLE_COLUMNS} FROM trade_circles WHERE id = ?`).bind(id);

/** The circles the member gives or receives in, newest first (the giver and receiver indexes). */
export const memberCirclesStatement = (d1: D1Database, userId: number, limit: number) =>
  d1
    .prepare(
      `SELECT ${CIRCLE_COLUMNS} FROM trade_circles
        WHERE id IN (SELECT circle_id FROM trade_circle_legs WHERE giver_id = ?1 UNION SELECT circle_id FROM trade_circle_legs WHERE receiver_id = ?1)
        ORDER BY id DESC LIMIT ${limit}`,
    )
    .bind(userId);

/**
 * What shaping circles reads, for one batch: their legs with the legs' barters (LegRow), the
 * members (id, username, displayName, avatarUrl) and the listings (id, title, imageUrls).
 */
export function circleShapeStatements(
  d1: D1Database,
  circleIds: number[],
  userIds: number[],
  listingIds: number[],
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  return [
    d1
      .prepare(
        `SELECT l.circle_id, l.position, l.giver_id, l.receiver_id, l.listing_id, l.decision, l.barter_id, b.status AS barter_status
           FROM trade_circle_legs l LEFT JOIN barters b ON b.id = l.barter_id
          WHERE l.circle_id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(circleIds)),
    d1
      .prepare(
        `SELECT ${selectList(userSummary, users, 'u')} FROM users u WHERE u.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(userIds)),
    d1
      .prepare(
        `SELECT ${selectList(tradeCircleLeg.entries.listing.wrapped, listings, 'l')} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(listingIds)),
  ];
}

const PROPOSED = `EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'proposed')`;

/**
 * A member's acceptance, for one batch: the member's leg accepted (returns its position when it
 * changed); the circle agreed when all `members` legs are accepted and every listing is still
 * active and its giver's (returns the id when it did); a pending barter per leg without one, made
 * only by the batch that agreed the circle (its own timestamp `at`); and each leg linked to the
 * newest pending barter of its listing and pair, the one just made.
 */
export function acceptStatements(
  d1: D1Database,
  circleId: number,
  userId: number,
  at: string,
  members: number,
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  const agreedHere = `EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'agreed' AND updated_at = ?2)`;
  return [
    d1
      .prepare(
        `UPDATE trade_circle_legs SET decision = 'accepted' WHERE circle_id = ?1 AND giver_id = ?2 AND decision IS NULL AND ${PROPOSED} RETURNING position`,
      )
      .bind(circleId, userId),
    d1
      .prepare(
        `UPDATE trade_circles SET status = 'agreed', updated_at = ?2
            WHERE id = ?1 AND status = 'proposed'
              AND (SELECT count(*) FROM trade_circle_legs l JOIN listings li ON li.id = l.listing_id AND li.user_id = l.giver_id AND li.status = 'active'
                    WHERE l.circle_id = ?1 AND l.decision = 'accepted' AND l.open = 1) = ?3
           RETURNING id`,
      )
      .bind(circleId, at, members),
    d1
      .prepare(
        `INSERT INTO barters (listing_id, initiator_id, recipient_id, status, created_at)
           SELECT listing_id, giver_id, receiver_id, 'pending', ?2 FROM trade_circle_legs
            WHERE circle_id = ?1 AND barter_id IS NULL AND ${agreedHere}
            ORDER BY position`,
      )
      .bind(circleId, at),
    d1
      .prepare(
        `UPDATE trade_circle_legs SET barter_id = (
             SELECT max(b.id) FROM barters b
              WHERE b.listing_id = trade_circle_legs.listing_id AND b.status = 'pending'
                AND b.initiator_id = trade_circle_legs.giver_id AND b.recipient_id = trade_circle_legs.receiver_id)
            WHERE circle_id = ?1 AND barter_id IS NULL AND ${agreedHere}`,
      )
      .bind(circleId, at),
  ];
}

/**
 * A member's decline, for one batch: the member's leg declined (returns its position when it
 * changed), the proposed circle declined for all ("Sam declined", decision 061), and its legs closed.
 */
export function declineStatements(
  d1: D1Database,
  circleId: number,
  userId: number,
  at: string,
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  const reason = declinedReason(userId);
  return [
    d1
      .prepare(
        `UPDATE trade_circle_legs SET decision = 'declined' WHERE circle_id = ?1 AND giver_id = ?2 AND decision IS NOT 'declined' AND ${PROPOSED} RETURNING position`,
      )
      .bind(circleId, userId),
    d1
      .prepare(
        `UPDATE trade_circles SET status = 'declined', updated_at = ?, end_reason = ${reason.sql} WHERE id = ? AND status = 'proposed'`,
      )
      .bind(at, ...reason.params, circleId),
    d1
      .prepare(
        `UPDATE trade_circle_legs SET open = 0 WHERE circle_id = ?1 AND open = 1 AND EXISTS (SELECT 1 FROM trade_circles WHERE id = ?1 AND status = 'declined')`,
      )
      .bind(circleId),
  ];
}

/** How many of the circle's legs still have their listing active and their giver's (`.first<{ available: number }>()`). */
export const availableLegsStatement = (d1: D1Database, circleId: number) =>
  d1
    .prepare(
      `SELECT count(*) AS available FROM trade_circle_legs l JOIN listings li ON li.id = l.listing_id AND li.user_id = l.giver_id AND li.status = 'active'
      WHERE l.circle_id = ?`,
    )
    .bind(circleId);

/** Proposals expired at `at`, soonest first, `limit` at most (trade_circles_status_expires_idx). */
export const dueExpiriesStatement = (d1: D1Database, at: string, limit: number) =>
  d1
    .prepare(`SELECT id FROM trade_circles WHERE status = 'proposed' AND expires_at <= ?1 ORDER BY expires_at LIMIT ?2`)
    .bind(at, limit);

/**
 * The expiry of these circles, for one batch: those still proposed and due become expired
 * (returns `id`, `legs_key`), and their legs are closed.
 */
export function expireStatements(
  d1: D1Database,
  circleIds: number[],
  at: string,
): [D1PreparedStatement, D1PreparedStatement] {
  const ids = JSON.stringify(circleIds);
  return [
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
  ];
}

/**
 * Reading the chat, for one batch: its newest `limit` messages, newest first (CircleMessageRow),
 * and the reader's chat notification settled at `at`.
 */
export function chatReadStatements(
  d1: D1Database,
  circleId: number,
  readerId: number,
  limit: number,
  at: string,
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    d1
      .prepare(
        'SELECT id, circle_id, sender_id, content, created_at, hidden_at FROM trade_circle_messages WHERE circle_id = ? ORDER BY id DESC LIMIT ?',
      )
      .bind(circleId, limit),
    d1
      .prepare(`UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND subject_key = ?2 AND read_at IS NULL`)
      .bind(readerId, `circle-chat:${circleId}`, at),
  ];
}

/** A member's chat message, returned as a CircleMessageRow. */
export const insertChatMessageStatement = (
  d1: D1Database,
  circleId: number,
  senderId: number,
  content: string,
  at: string,
) =>
  d1
    .prepare(
      'INSERT INTO trade_circle_messages (circle_id, sender_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id, circle_id, sender_id, content, created_at',
    )
    .bind(circleId, senderId, content, at);
