// Proposing and dissolving trade circles (docs/api/wants-matches-circles.md, "Trade circles";
// decision 024). The circle engine finds rings of wants and calls proposeCircle; the want and
// listing routes call the dissolve functions. Every write is one D1 batch whose statements check
// their own conditions, so a proposal racing a want removal, a listing change or another proposal
// leaves either a whole circle or nothing; the partial unique index on open legs' listings is the
// last guard (a listing in at most one proposed or agreed circle).
import { pushNotificationChanges } from '../member-sockets';
import { CIRCLE_MAX_MEMBERS, CIRCLE_MIN_MEMBERS, CIRCLE_PROPOSAL_DAYS } from '@/shared/trade-circles';
import { isUniqueViolation } from '@worker/db/queries/users';
import { pushToCircle } from '../conversation-room';
import { nextIdsOfRowsSql } from '@worker/db/id-reserve';

export type CircleLeg = { giverId: number; receiverId: number; listingId: number };

/**
 * The circle's legs as a set, the same wherever the ring starts: "giverId:listingId:receiverId"
 * per leg, sorted lexicographically, joined with ",". A declined or expired key is never proposed
 * again.
 */
export function legsKey(legs: CircleLeg[]): string {
  return legs
    .map((leg) => `${leg.giverId}:${leg.listingId}:${leg.receiverId}`)
    .sort()
    .join(',');
}

/** The legs a key names, unordered (null for anything that is not a key). */
export function parseLegsKey(key: string): CircleLeg[] | null {
  const legs: CircleLeg[] = [];
  for (const part of key.split(',')) {
    const match = /^([1-9]\d{0,14}):([1-9]\d{0,14}):([1-9]\d{0,14})$/.exec(part);
    if (!match) return null;
    legs.push({ giverId: Number(match[1]), listingId: Number(match[2]), receiverId: Number(match[3]) });
  }
  return legs;
}

/**
 * The legs in ring order starting with the leg `firstGiverId` gives (the lowest giver when not
 * given or not in the circle); null when they do not form one ring.
 */
export function ringOrder(legs: CircleLeg[], firstGiverId?: number): CircleLeg[] | null {
  const byGiver = new Map(legs.map((leg) => [leg.giverId, leg]));
  if (byGiver.size !== legs.length || legs.length === 0) return null;
  const start = firstGiverId !== undefined && byGiver.has(firstGiverId) ? firstGiverId : Math.min(...byGiver.keys());
  const ring: CircleLeg[] = [];
  let giver = start;
  do {
    const leg = byGiver.get(giver);
    if (!leg) return null;
    ring.push(leg);
    giver = leg.receiverId;
  } while (giver !== start && ring.length <= legs.length);
  return ring.length === legs.length && giver === start ? ring : null;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Whether the legs form a circle the rules allow, in the order given: 2 to 5 distinct members,
 * distinct listings, and each leg's receiver is the next leg's giver.
 */
export function isRing(legs: CircleLeg[]): boolean {
  const n = legs.length;
  if (n < CIRCLE_MIN_MEMBERS || n > CIRCLE_MAX_MEMBERS) return false;
  if (!legs.every((leg) => isId(leg.giverId) && isId(leg.receiverId) && isId(leg.listingId))) return false;
  if (new Set(legs.map((leg) => leg.giverId)).size !== n || new Set(legs.map((leg) => leg.listingId)).size !== n)
    return false;
  return legs.every((leg, i) => leg.receiverId === legs[(i + 1) % n]!.giverId && leg.receiverId !== leg.giverId);
}

export { circleChatSubject, circleLink, circleSubject } from './names';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const d1 = env.DB;
  try {
    const [inserted] = await d1.batch([
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
    ]);
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

/** Why circles were dissolved: the line every member is told. */
export type DissolveReason =
  'want_withdrawn' | 'listing_deleted' | 'listing_unavailable' | 'member_left' | 'members_separated';

const DISSOLVE_TEXT: Record<DissolveReason, string> = {
  want_withdrawn: 'A trade circle was called off: a member no longer wants what they would receive',
  listing_deleted: 'A trade circle was called off: one of its listings was deleted',
  listing_unavailable: 'A trade circle was called off: one of its listings is no longer available',
  member_left: 'A trade circle was called off: one of its members left',
  // A block between two of its members (docs/api/blocks.md): the line names nobody, so no member
  // learns who blocked whom.
  members_separated: 'A trade circle was called off: it can no longer go ahead as proposed',
};

/** The notice every member of a proposed circle gets when a block between two of them calls it off. */
export const separatedCircleText = DISSOLVE_TEXT.members_separated;

/** Which open legs name the circles to dissolve (a SQL condition on trade_circle_legs and its parameters). */
export type LegSelector = { sql: string; params: (number | string)[] };

export const selectByListing = (listingId: number): LegSelector => ({ sql: 'listing_id = ?', params: [listingId] });
export const selectByWant = (userId: number, listingId: number): LegSelector => ({
  sql: 'listing_id = ? AND receiver_id = ?',
  params: [listingId, userId],
});
export const selectByMember = (userId: number): LegSelector => ({
  sql: '(giver_id = ? OR receiver_id = ?)',
  params: [userId, userId],
});
export const selectByCircle = (circleId: number): LegSelector => ({ sql: 'circle_id = ?', params: [circleId] });
/**
 * The circles joining a blocker and the member they blocked (every member of a circle gives one
 * leg), only once that block exists: a block the route refused calls nothing off.
 */
export const selectByBlockedPair = (blockerId: number, blockedId: number): LegSelector => ({
  sql: 'giver_id = ? AND circle_id IN (SELECT circle_id FROM trade_circle_legs WHERE giver_id = ?) AND EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ? AND blocked_id = ?)',
  params: [blockerId, blockedId, blockerId, blockedId],
});

/**
 * The two statements that dissolve the proposed circles with an open leg matching `selector` (the
 * legs drive, a few rows: `+status` keeps SQLite off the status index, which would read every
 * proposed or declined circle):
 * the circles become declined and their legs closed (open = 0) together. The first returns the
 * dissolved circles (`id`, `legs_key`). Callers may run them in their own batch (a listing's
 * delete, so no circle can keep a leg of a listing that is gone).
 */
export function dissolveStatements(
  d1: D1Database,
  selector: LegSelector,
  at: string,
): [D1PreparedStatement, D1PreparedStatement] {
  const circles = `SELECT circle_id FROM trade_circle_legs WHERE open = 1 AND ${selector.sql}`;
  return [
    d1
      .prepare(
        `UPDATE trade_circles SET status = 'declined', updated_at = ? WHERE +status = 'proposed' AND id IN (${circles}) RETURNING id, legs_key`,
      )
      .bind(at, ...selector.params),
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

export interface DissolvedCircle {
  id: number;
  legs_key: string;
}

/** The members of circles (every giver named by the legs key). */
export function membersOf(circle: { legs_key: string }): number[] {
  return (parseLegsKey(circle.legs_key) ?? []).map((leg) => leg.giverId);
}

/** A notice to one member about a circle: its changes (`circle`) or its chat (`circle-chat`). */
export interface CircleNotice {
  circleId: number;
  userId: number;
  text: string;
  subject?: 'circle' | 'circle-chat';
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

/** Tells every member of the dissolved circles why (one statement), and pushes the change to their chat. */
export async function afterDissolved(
  env: Env,
  dissolved: DissolvedCircle[],
  reason: DissolveReason,
  at: string,
): Promise<void> {
  const notices = dissolved.flatMap((circle) =>
    membersOf(circle).map((userId) => ({ circleId: circle.id, userId, text: DISSOLVE_TEXT[reason] })),
  );
  const statement = circleNoticeStatement(env.DB, notices, at);
  if (statement) {
    await statement.run();
    await pushNotificationChanges(
      env,
      notices.map((n) => n.userId),
    );
  }
  await Promise.all(dissolved.map((circle) => pushToCircle(env, circle.id, [{ type: 'circle', circleId: circle.id }])));
}

async function dissolve(env: Env, selector: LegSelector, reason: DissolveReason, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const [declined] = await env.DB.batch(dissolveStatements(env.DB, selector, at));
  const dissolved = (declined!.results ?? []) as DissolvedCircle[];
  await afterDissolved(env, dissolved, reason, at);
  return dissolved.map((circle) => circle.id);
}

/** The member withdrew their want of the listing: the proposed circle in which they receive it is declined. */
export function dissolveCirclesForWant(
  env: Env,
  userId: number,
  listingId: number,
  now: Date = new Date(),
): Promise<number[]> {
  return dissolve(env, selectByWant(userId, listingId), 'want_withdrawn', now);
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
): Promise<number[]> {
  return dissolve(env, selectByListing(listingId), reason, now);
}

/** The member's account is going: every proposed circle they are in is declined first. */
export function dissolveCirclesForMember(env: Env, userId: number, now: Date = new Date()): Promise<number[]> {
  return dissolve(env, selectByMember(userId), 'member_left', now);
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
