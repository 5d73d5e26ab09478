// A trade circle's legs (decision 024): the ring they form, the key naming the set, the legs a
// dissolve selects and the line the members are told. Pure; the statements are in
// worker/db/queries/trade-circles.ts and the operations in worker/services/trade-circles/.
import { CIRCLE_MAX_MEMBERS, CIRCLE_MIN_MEMBERS } from '@/shared/trade-circles';

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

/** Why circles were dissolved: the line every member is told. */
export type DissolveReason =
  'want_withdrawn' | 'listing_deleted' | 'listing_unavailable' | 'member_left' | 'members_separated';

export const DISSOLVE_TEXT: Record<DissolveReason, string> = {
  want_withdrawn: 'A trade circle was called off: a member no longer wants what they would receive',
  listing_deleted: 'A trade circle was called off: one of its listings was deleted',
  listing_unavailable: 'A trade circle was called off: one of its listings is no longer available',
  member_left: 'A trade circle was called off: one of its members left',
  // A block between two of its members (docs/api/blocks.md): the line names nobody, so no member
  // learns who blocked whom.
  members_separated: 'A trade circle was called off: it can no longer go ahead as proposed',
};

/**
 * Why a circle was called off as its page says it (the circle's `end_reason`, decision 061): an SQL
 * expression and its parameters, so the words can name what the batch itself reads.
 */
export type EndReason = { sql: string; params: (number | string)[] };

const END_REASON: Record<DissolveReason, string> = {
  want_withdrawn: 'A member no longer wants what they would receive',
  listing_deleted: 'One of its listings was deleted',
  listing_unavailable: 'One of its listings is no longer available',
  member_left: 'One of its members left',
  members_separated: 'It can no longer go ahead as proposed',
};

/** A suspension's words (worker/db/queries/suspension.ts): as its notice, naming nobody. */
export const MEMBER_UNAVAILABLE_REASON = 'One of its members is unavailable';

/** The stored words for a reason that names nobody. */
export const endReason = (reason: DissolveReason): EndReason => ({ sql: '?', params: [END_REASON[reason]] });

/**
 * "Sam no longer wants “Tomatoes”": the member and the listing by name, read in the dissolve's own
 * statement (the want row is gone by then; the member and the listing are not).
 */
export const wantWithdrawnReason = (userId: number, listingId: number): EndReason => ({
  sql: `coalesce((SELECT display_name FROM users WHERE id = ?) || ' no longer wants “' || (SELECT title FROM listings WHERE id = ?) || '”', ?)`,
  params: [userId, listingId, END_REASON.want_withdrawn],
});

/** "Sam declined": the member whose decline called the circle off. */
export const declinedReason = (userId: number): EndReason => ({
  sql: `coalesce((SELECT display_name FROM users WHERE id = ?) || ' declined', 'A member declined')`,
  params: [userId],
});

/** The line a member's bell shows for a dissolved circle: the stored words when there are some. */
export const dissolveNotice = (reason: DissolveReason, stored: string | null | undefined): string =>
  reason === 'want_withdrawn' && stored ? `A trade circle was called off: ${stored}` : DISSOLVE_TEXT[reason];

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

export interface DissolvedCircle {
  id: number;
  legs_key: string;
  /** The words stored as the circle's end reason (not returned by every caller's statement). */
  end_reason?: string | null;
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
