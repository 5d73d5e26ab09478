// The trade circles' statements that other batches share (decision 024): a proposal's three, the
// dissolve's two, the members' notices. The operations that run them are in
// worker/services/trade-circles/.
import { CIRCLE_PROPOSAL_DAYS } from '@/shared/trade-circles';
import { nextIdsOfRowsSql } from '../id-reserve';
import {
  legsKey,
  type CircleLeg,
  type CircleNotice,
  type EndReason,
  type LegSelector,
} from '@worker/lib/trade-circles/legs';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The two statements that dissolve the proposed circles with an open leg matching `selector` (the
 * legs drive, a few rows: `+status` keeps SQLite off the status index, which would read every
 * proposed or declined circle):
 * the circles become declined (with the words saying why) and their legs closed (open = 0)
 * together. The first returns the dissolved circles (`id`, `legs_key`, `end_reason`). Callers may run them in their own batch (a listing's
 * delete, so no circle can keep a leg of a listing that is gone).
 */
export function dissolveStatements(
  d1: D1Database,
  selector: LegSelector,
  at: string,
  reason: EndReason,
): [D1PreparedStatement, D1PreparedStatement] {
  const circles = `SELECT circle_id FROM trade_circle_legs WHERE open = 1 AND ${selector.sql}`;
  return [
    d1
      .prepare(
        `UPDATE trade_circles SET status = 'declined', updated_at = ?, end_reason = ${reason.sql} WHERE +status = 'proposed' AND id IN (${circles}) RETURNING id, legs_key, end_reason`,
      )
      .bind(at, ...reason.params, ...selector.params),
    // Only the circles this batch declined: a declined circle's legs are otherwise closed already.
    d1
      .prepare(
        `UPDATE trade_circle_legs SET open = 0
          WHERE open = 1
            AND circle_id IN (SELECT id FROM trade_circles WHERE +status = 'declined' AND updated_at = ? AND id IN (${circles}))`,
      )
      .bind(at, ...selector.params),
  ];
}

/**
 * One statement writing the notices as notifyStatement does (a member's entry for the circle is
 * bumped while unread, type trade_circle, linking to the circle's page); members whose account is
 * gone are skipped. Null when there is nobody to tell.
 */
export function circleNoticeStatement(d1: D1Database, notices: CircleNotice[], at: string): D1PreparedStatement | null {
  if (notices.length === 0) return null;
  return d1
    .prepare(
      `INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
       SELECT ${nextIdsOfRowsSql('notifications')}, u.id, 'trade_circle', json_extract(j.value, '$[3]') || ':' || json_extract(j.value, '$[0]'), json_extract(j.value, '$[2]'),
              '/trade-circles/' || json_extract(j.value, '$[0]'), 1, ?2
         FROM json_each(?1) j JOIN users u ON u.id = json_extract(j.value, '$[1]')
        WHERE true
       ON CONFLICT (user_id, subject_key) DO UPDATE SET
         kind = excluded.kind, text = excluded.text, link = excluded.link,
         count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
         read_at = NULL, updated_at = excluded.updated_at`,
    )
    .bind(JSON.stringify(notices.map((n) => [n.circleId, n.userId, n.text.slice(0, 500), n.subject ?? 'circle'])), at);
}

/**
 * The proposal's batch (three statements, run by proposeCircle in worker/services/trade-circles):
 * the circle, its legs and every member's notice, each checking the rules again inside the batch.
 * `legs` are in ring order and already checked by isRing.
 */
export function proposeCircleStatements(d1: D1Database, legs: CircleLeg[], now: Date): D1PreparedStatement[] {
  const n = legs.length;
  const key = legsKey(legs);
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + CIRCLE_PROPOSAL_DAYS * DAY_MS).toISOString();
  // [giver, listing, receiver] per leg, in ring order (json_each's key is the position).
  const rows = JSON.stringify(legs.map((leg) => [leg.giverId, leg.listingId, leg.receiverId]));
  const giver = "json_extract(j.value, '$[0]')";
  const listing = "json_extract(j.value, '$[1]')";
  const receiver = "json_extract(j.value, '$[2]')";
  const created = `c.legs_key = ?1 AND c.status = 'proposed' AND c.created_at = ?2`;
  const what = n === 2 ? 'A direct swap was proposed' : `A trade circle of ${n} members was proposed`;
  return [
    d1
      .prepare(
        `INSERT INTO trade_circles (status, legs_key, created_at, expires_at, updated_at)
       SELECT 'proposed', ?1, ?2, ?3, ?2
        WHERE (SELECT count(*) FROM json_each(?4) j CROSS JOIN listings l ON l.id = ${listing} AND l.user_id = ${giver} AND l.status = 'active') = ?5
          AND (SELECT count(*) FROM json_each(?4) j CROSS JOIN wants w ON w.user_id = ${receiver} AND w.listing_id = ${listing}) = ?5
          AND NOT EXISTS (SELECT 1 FROM json_each(?4) j CROSS JOIN trade_circle_legs t ON t.listing_id = ${listing} AND t.open = 1)
          AND NOT EXISTS (SELECT 1 FROM trade_circles WHERE legs_key = ?1 AND status IN ('declined', 'expired'))
          AND NOT EXISTS (SELECT 1 FROM json_each(?4) a CROSS JOIN json_each(?4) b CROSS JOIN blocks k ON k.blocker_id = json_extract(a.value, '$[0]') AND k.blocked_id = json_extract(b.value, '$[0]'))
       RETURNING id`,
      )
      .bind(key, at, expiresAt, rows, n),
    d1
      .prepare(
        `INSERT INTO trade_circle_legs (circle_id, position, giver_id, receiver_id, listing_id, open)
       SELECT c.id, j.key, ${giver}, ${receiver}, ${listing}, 1
         FROM trade_circles c, json_each(?3) j
        WHERE ${created}`,
      )
      .bind(key, at, rows),
    // Each member: what they give and what they get (from the leg whose receiver they are).
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
       SELECT ${nextIdsOfRowsSql('notifications')}, l.giver_id, 'trade_circle', 'circle:' || c.id,
              ?3 || ': you give “' || gl.title || '” and get “' || rl.title || '”. Accept or decline within ${CIRCLE_PROPOSAL_DAYS} days.',
              '/trade-circles/' || c.id, 1, ?2
         FROM trade_circles c
         JOIN trade_circle_legs l ON l.circle_id = c.id
         JOIN trade_circle_legs p ON p.circle_id = c.id AND p.receiver_id = l.giver_id
         JOIN listings gl ON gl.id = l.listing_id
         JOIN listings rl ON rl.id = p.listing_id
        WHERE ${created}
       ON CONFLICT (user_id, subject_key) DO UPDATE SET
         kind = excluded.kind, text = excluded.text, link = excluded.link,
         count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
         read_at = NULL, updated_at = excluded.updated_at`,
      )
      .bind(key, at, what),
  ];
}
