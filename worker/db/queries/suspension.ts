// Suspension and its end (docs/api/moderation.md, "Enforcement"; decision 034). Suspending a member
// (days, or permanently: a ban) is one D1 batch (one transaction) of set-based statements, a fixed
// number whatever the member holds:
//  - the member: suspended_until set and every session voided (sessions_valid_after);
//  - their listings out of view: every listing not already hidden becomes 'hidden' with reason
//    'suspension' and the status to restore (so the end of the suspension brings them back), right
//    after the reply (syncSuspendedListings, below: why);
//  - their trade circles: proposed ones are called off with the statements every other path uses
//    (dissolveStatements); agreed ones whose barters are not all done are declined too, their legs
//    closed and their pending barters cancelled (a ring without one member cannot close);
//  - their pending barters cancelled (as a member's cancel or the daily cleanup does: status
//    'cancelled', deletion scheduled, the "confirm it" entries settled, the conversation's
//    `barter:{id}:cancelled` line once);
//  - their open offers closed (as withdrawing or declining does: withdrawn when they made it,
//    declined when it was made to them, with the `offer:{id}:{status}` line once);
//  - a notice to each other member concerned (the bell; the conversation's event line where the
//    product already writes one), which names the member but not why: "their account is unavailable".
// Every statement changes a row only from the state it expects (pending, open, proposed, agreed) and
// marks what it changed with the batch's own time, and the next statements act only on rows so
// marked: a barter confirmed, an offer accepted or a circle agreed by a batch that got in first is
// left as that batch left it, and nothing is half-done (test/worker/suspension.test.ts).
//
// The end (reinstatement by an admin, or the cron job once the time has passed) clears
// suspended_until in one batch whose statements all test the same condition on the member's row
// before the last one changes it, and gives back the listings hidden for the suspension (in the
// cron's batch; right after the reply of a reinstatement).
import { listingGone } from '@worker/db/queries/listing-deletion';
import { sql, type SQL } from 'drizzle-orm';
import { DELETE_CANCELLED_AFTER } from '@worker/db/queries/barters';
import { nextIdsOfRowsSql } from '@worker/db/id-reserve';
import { SYSTEM_ACTOR } from './audit';
import { MEMBER_UNAVAILABLE_REASON, selectByMember } from '@worker/lib/trade-circles/legs';
import { dissolveStatements } from './trade-circles';
import { prepareSql } from '../prepare-sql';
import { suspendedSql } from '@worker/lib/moderation/standing';

/** Who is suspended: the id and the name the other members' notices give. */
export interface SuspendedMember {
  id: number;
  displayName: string;
}

/** The conversation's address in SQL (conversationPath): /messages/{listing}-{low}-{high}. */
const conversationLinkSql = (listing: string, a: string, b: string) =>
  `'/messages/' || ${listing} || '-' || min(${a}, ${b}) || '-' || max(${a}, ${b})`;

/** The circles the member gives or receives in (the giver and receiver indexes of the legs). */
const circlesOfMemberSql = (memberId: number) =>
  sql`(SELECT circle_id FROM trade_circle_legs WHERE giver_id = ${memberId} UNION SELECT circle_id FROM trade_circle_legs WHERE receiver_id = ${memberId})`;

/** What the batch changed, for the work after it (frames to conversations and circles, bells). */
export interface CascadeResult {
  circles: { id: number; legs_key: string }[];
  barters: { id: number; listing_id: number; initiator_id: number; recipient_id: number }[];
  offers: { id: number; listing_id: number; from_user_id: number; to_user_id: number; status: string }[];
}

/**
 * The suspension's statements, in batch order; `results` reads what they returned from the
 * batch's results (given the index of the first statement in the caller's batch).
 */
export function suspensionStatements(d1: D1Database, member: SuspendedMember, until: string, now: number) {
  const at = new Date(now).toISOString();
  // A cancelled barter's deletion time; equal to this string only for barters this batch cancelled.
  const deleteAt = new Date(now + DELETE_CANCELLED_AFTER).toISOString();
  const m = member.id;
  const name = member.displayName;
  const circles = circlesOfMemberSql(m);
  // `+status`: the member's circles drive (a few), not every declined circle (the status index).
  const declinedHere = sql`(SELECT id FROM trade_circles WHERE id IN ${circles} AND +status = 'declined' AND updated_at = ${at})`;
  // The barters the batch may cancel: the member's (barters_initiator_idx, barters_recipient_idx) and
  // those of the circles it declines; and of those, the ones it did cancel (marked with deleteAt).
  const barterCandidates = sql`(SELECT id FROM barters WHERE initiator_id = ${m} UNION SELECT id FROM barters WHERE recipient_id = ${m}
    UNION SELECT barter_id FROM trade_circle_legs WHERE barter_id IS NOT NULL AND circle_id IN ${declinedHere})`;
  const cancelledHere = (b = '') =>
    sql`${sql.raw(b)}id IN ${barterCandidates} AND +${sql.raw(b)}status = 'cancelled' AND ${sql.raw(b)}barter_deletion_scheduled_at = ${deleteAt}`;
  const membersBarter = sql`(initiator_id = ${m} OR recipient_id = ${m})`;
  // The member's offers (offers_from_idx, offers_to_idx), and of those the ones this batch closed.
  const offersOfMember = sql`(SELECT id FROM offers WHERE from_user_id = ${m} UNION SELECT id FROM offers WHERE to_user_id = ${m})`;
  const closedHere = (o = '') =>
    sql`${sql.raw(o)}id IN ${offersOfMember} AND ${sql.raw(o)}status IN ('withdrawn', 'declined') AND ${sql.raw(o)}responded_at = ${at}`;
  // Proposed circles are called off as for a member whose account goes (the first of the dissolve
  // statements; the legs of every circle declined here are closed below, agreed ones' too).
  const [dissolve] = dissolveStatements(d1, selectByMember(m), at, {
    sql: '?',
    params: [MEMBER_UNAVAILABLE_REASON],
  });
  const upsert = sql`ON CONFLICT (user_id, subject_key) DO UPDATE SET
            kind = excluded.kind, text = excluded.text, link = excluded.link,
            count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
            read_at = NULL, updated_at = excluded.updated_at`;

  const statements: D1PreparedStatement[] = [
    // 0. The member: suspended, and every session ends now (the session middleware and gate). Their
    //    listings leave view right after the reply (syncSuspendedListings).
    prepareSql(d1, sql`UPDATE users SET suspended_until = ${until}, sessions_valid_after = ${now + 1} WHERE id = ${m}`),
    // 1. Proposed circles declined (returns id, legs_key).
    dissolve,
    // 2. Agreed circles with a barter still pending: declined too (their barters below).
    prepareSql(
      d1,
      sql`UPDATE trade_circles SET status = 'declined', updated_at = ${at}, end_reason = ${MEMBER_UNAVAILABLE_REASON}
           WHERE id IN ${circles} AND +status = 'agreed'
             AND EXISTS (SELECT 1 FROM trade_circle_legs l JOIN barters b ON b.id = l.barter_id WHERE l.circle_id = trade_circles.id AND b.status = 'pending')
          RETURNING id, legs_key`,
    ),
    // 3. The legs of every circle declined here are closed.
    prepareSql(d1, sql`UPDATE trade_circle_legs SET open = 0 WHERE open = 1 AND circle_id IN ${declinedHere}`),
    // 4. Pending barters: the member's, and those of the circles declined here.
    prepareSql(
      d1,
      sql`UPDATE barters SET status = 'cancelled', barter_deletion_scheduled_at = ${deleteAt}
           WHERE id IN ${barterCandidates} AND +status = 'pending'
          RETURNING id, listing_id, initiator_id, recipient_id`,
    ),
    // 5. Open offers: withdrawn when the member made them, declined when made to them.
    prepareSql(
      d1,
      sql`UPDATE offers SET status = CASE WHEN from_user_id = ${m} THEN 'withdrawn' ELSE 'declined' END, responded_at = ${at}, updated_at = ${at}
           WHERE status = 'open' AND id IN (SELECT id FROM offers WHERE from_user_id = ${m} AND status = 'open' UNION SELECT id FROM offers WHERE to_user_id = ${m} AND status = 'open')
          RETURNING id, listing_id, from_user_id, to_user_id, status`,
    ),
    // 6. Both members' "confirm it" entries of the cancelled barters are settled, as a cancel does.
    prepareSql(
      d1,
      sql`UPDATE notifications SET read_at = ${at}
           WHERE id IN (SELECT n.id FROM barters b JOIN notifications n ON n.user_id IN (b.initiator_id, b.recipient_id) AND n.subject_key = 'barter:' || b.id
                         WHERE ${cancelledHere('b.')} AND n.read_at IS NULL)`,
    ),
    // 7. Each cancelled barter's and closed offer's line in its conversation, once (the keys a
    //    member's own cancel, withdrawal or decline uses).
    prepareSql(
      d1,
      sql`INSERT OR IGNORE INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event, event_key)
          SELECT ${sql.raw(nextIdsOfRowsSql('messages'))}, sender, receiver, listing, content, 'event', event, key FROM (
            SELECT CASE WHEN recipient_id = ${m} THEN recipient_id ELSE initiator_id END AS sender,
                   CASE WHEN recipient_id = ${m} THEN initiator_id ELSE recipient_id END AS receiver,
                   listing_id AS listing,
                   CASE WHEN ${membersBarter} THEN ${`${name}’s account is unavailable, so this barter was cancelled`}
                        ELSE 'This barter was cancelled: its trade circle was called off' END AS content,
                   json_object('type', 'barter_cancelled', 'offerId', NULL, 'barterId', id) AS event, 'barter:' || id || ':cancelled' AS key
              FROM barters WHERE ${cancelledHere()}
            UNION ALL
            SELECT ${m}, CASE WHEN from_user_id = ${m} THEN to_user_id ELSE from_user_id END, listing_id,
                   ${`${name}’s account is unavailable, so this offer was closed`},
                   json_object('type', CASE WHEN status = 'withdrawn' THEN 'offer_withdrawn' ELSE 'offer_declined' END, 'offerId', id, 'barterId', NULL),
                   'offer:' || id || ':' || status
              FROM offers WHERE ${closedHere()})`,
    ),
    // 8. The other members told: of each barter (its entry), of each offer (the conversation's
    //    entry), and every other member of each circle called off, without naming anyone.
    prepareSql(
      d1,
      sql`INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
          SELECT ${sql.raw(nextIdsOfRowsSql('notifications'))}, user_id, kind, subject_key, text, link, 1, ${at} FROM (
            SELECT CASE WHEN b.initiator_id = ${m} THEN b.recipient_id ELSE b.initiator_id END AS user_id, 'barter_pending' AS kind, 'barter:' || b.id AS subject_key,
                   'Your barter for “' || l.title || '” was cancelled: ' || ${name} || '’s account is unavailable' AS text,
                   ${sql.raw(conversationLinkSql('b.listing_id', 'b.initiator_id', 'b.recipient_id'))} AS link
              FROM barters b JOIN listings l ON l.id = b.listing_id
             WHERE ${cancelledHere('b.')} AND (b.initiator_id = ${m} OR b.recipient_id = ${m})
            UNION ALL
            SELECT CASE WHEN o.from_user_id = ${m} THEN o.to_user_id ELSE o.from_user_id END, 'offer', 'message:' || o.listing_id || ':' || ${m},
                   CASE WHEN o.from_user_id = ${m} THEN ${name} || '’s offer on “' || l.title || '” was closed: their account is unavailable'
                        ELSE 'Your offer on “' || l.title || '” was closed: ' || ${name} || '’s account is unavailable' END,
                   ${sql.raw(conversationLinkSql('o.listing_id', 'o.from_user_id', 'o.to_user_id'))}
              FROM offers o JOIN listings l ON l.id = o.listing_id
             WHERE ${closedHere('o.')}
            UNION ALL
            SELECT l.giver_id, 'trade_circle', 'circle:' || l.circle_id, 'A trade circle was called off: one of its members is unavailable', '/trade-circles/' || l.circle_id
              FROM trade_circle_legs l JOIN users u ON u.id = l.giver_id
             WHERE l.circle_id IN ${declinedHere} AND l.giver_id <> ${m})
          WHERE true
          ${upsert}`,
    ),
  ];
  /** What the batch changed, read from its results (`first`: this list's first index in the batch). */
  const results = (batch: D1Result[], first: number): CascadeResult => ({
    circles: [
      ...(batch[first + 1]!.results as CascadeResult['circles']),
      ...(batch[first + 2]!.results as CascadeResult['circles']),
    ],
    barters: batch[first + 4]!.results as CascadeResult['barters'],
    offers: batch[first + 5]!.results as CascadeResult['offers'],
  });
  return { statements, results };
}

/**
 * Ending suspensions: the statements for the members `ids` (a JSON array parameter) whose row
 * satisfies `still` (an SQL condition on the users row `u`): evaluated by every statement before
 * the last one clears suspended_until, so the audit rows, notices and restored listings are exactly
 * those of the members this batch ended. `before` statements (the audit rows) go first. With
 * `restore: false` the listings are left to syncSuspendedListings (after a reply).
 */
export function endSuspensionStatements(
  d1: D1Database,
  ids: number[],
  still: SQL,
  at: string,
  before: SQL[] = [],
  { restore = true } = {},
): D1PreparedStatement[] {
  const members = sql`(SELECT u.id FROM users u WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND ${still})`;
  return [
    ...before.map((q) => prepareSql(d1, q)),
    prepareSql(
      d1,
      sql`INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
          SELECT ${sql.raw(nextIdsOfRowsSql('notifications'))}, id, 'moderation', 'moderation:standing',
                 'Your account is active again. Please follow the community standards.', '/community-standards', 1, ${at}
            FROM ${members} WHERE true
          ON CONFLICT (user_id, subject_key) DO UPDATE SET
            kind = excluded.kind, text = excluded.text, link = excluded.link, count = 1, read_at = NULL, updated_at = excluded.updated_at`,
    ),
    // The listings hidden for the suspension come back as they were; those an admin or reports hid stay hidden.
    ...(restore
      ? [
          prepareSql(
            d1,
            sql`UPDATE listings SET status = coalesce(held_status, 'paused'), held_status = NULL, hidden_reason = NULL
                 WHERE user_id IN ${members} AND status = 'hidden' AND hidden_reason = 'suspension'`,
          ),
        ]
      : []),
    prepareSql(d1, sql`UPDATE users SET suspended_until = NULL WHERE id IN ${members}`),
  ];
}

/**
 * A member's listings follow their standing: every listing of a suspended member is hidden (reason
 * 'suspension', its status kept in held_status), and those hidden for a suspension come back once
 * the member is no longer suspended. Two statements whose conditions read the member's row, so
 * running them again, or late, or racing a reinstatement, always ends in the state the row says.
 *
 * Why apart from the suspension's batch: a listing's status change runs the tracked searches'
 * triggers (decision 030: an FTS lookup per tracked search), a few milliseconds a listing, so a
 * member's listings are hidden (or restored) right after the reply (afterReply) instead of on its
 * critical path, and the 15-minute job repairs any member this did not reach (suspension-end.ts).
 * `members` is an SQL list of member ids.
 */
export function syncListingsStatements(d1: D1Database, members: SQL): D1PreparedStatement[] {
  return [
    prepareSql(
      d1,
      sql`UPDATE listings SET held_status = status, status = 'hidden', hidden_reason = 'suspension'
           WHERE user_id IN (SELECT u.id FROM users u WHERE u.id IN ${members} AND ${suspendedSql(sql`u.suspended_until`)}) AND status <> 'hidden' AND NOT ${listingGone('listings')}`,
    ),
    prepareSql(
      d1,
      sql`UPDATE listings SET status = coalesce(held_status, 'paused'), held_status = NULL, hidden_reason = NULL
           WHERE user_id IN (SELECT u.id FROM users u WHERE u.id IN ${members} AND NOT ${suspendedSql(sql`u.suspended_until`)})
             AND status = 'hidden' AND hidden_reason = 'suspension'`,
    ),
  ];
}

/** Brings the members' listings in line with their standing now (after an action's reply). Never throws: the cron job repairs. */
export async function syncSuspendedListings(d1: D1Database, memberIds: number[]): Promise<void> {
  try {
    await d1.batch(syncListingsStatements(d1, sql`(SELECT value FROM json_each(${JSON.stringify(memberIds)}))`));
  } catch (error) {
    console.error(
      `moderation: bringing the listings of members ${memberIds.join(', ')} in line with their standing failed; the next suspension-end run repairs it`,
      error,
    );
  }
}

/** The members whose suspension has ended by `at`, the `limit` that ended first. */
export const dueSuspensionsStatement = (d1: D1Database, at: string, limit: number) =>
  d1
    .prepare(
      'SELECT id FROM users WHERE suspended_until IS NOT NULL AND suspended_until <= ?1 ORDER BY suspended_until LIMIT ?2',
    )
    .bind(at, limit);

/** The audit rows of the ended suspensions (actor: the system), for the members `still` holds for. */
export const suspensionEndedAuditSql = (ids: number[], still: SQL, at: string): SQL =>
  sql`INSERT INTO moderation_actions (actor_id, actor_name, action, target_type, target_id, target_user_id, target_label, note, created_at)
    SELECT ${SYSTEM_ACTOR.id}, ${SYSTEM_ACTOR.name}, 'suspension_ended', 'user', u.id, u.id, u.username, 'The suspension ended', ${at}
      FROM users u WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND ${still}`;

/** The members suspended, banned or reinstated (or whose suspension ended) since `since`, from the audit log. */
export const recentStandingChangesSql = (since: string): SQL =>
  sql`(SELECT target_user_id FROM moderation_actions
    WHERE created_at >= ${since} AND action IN ('suspend', 'ban', 'reinstate', 'suspension_ended') AND target_user_id IS NOT NULL)`;

/** Whether member `u`'s suspension has ended by `at` (checked again inside the batch that ends it). */
export const suspensionDueSql = (at: string): SQL => sql`u.suspended_until IS NOT NULL AND u.suspended_until <= ${at}`;

/**
 * A reinstatement's conditions: `still` (the member is suspended, on the users row `u`), for
 * endSuspensionStatements, and the audit row's condition on the same member, so the audit records
 * only a reinstatement this batch made.
 */
export function reinstateConditions(memberId: number): { still: SQL; audited: SQL } {
  const still = sql`u.suspended_until IS NOT NULL`;
  return { still, audited: sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${memberId} AND ${still})` };
}
