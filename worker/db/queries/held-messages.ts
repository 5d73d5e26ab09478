// The link-burst guard (docs/api/moderation.md, "Automatic guards"): a member whose account is
// younger than a day and who sends messages with links in a burst has them held for review instead
// of delivered. The rule: a message with a link is held when the sender already sent two messages
// with links in the last ten minutes (delivered or held), or while messages of theirs wait for
// review. Held messages live in `held_messages` (never in a conversation, so neither member's
// thread, summary, bell or email ever shows them) and one open guard report (no reporter, guard
// 'link_burst', the sender as its target) lists them in the queue. An admin's dismiss delivers
// them as ordinary messages; any other action deletes them.
//
// Cost: members older than a day, and messages without a link, take the ordinary send path with
// its round trips unchanged (the check is on the user row the request already has, and on the
// text). A day-old account's message with a link reads its last ten minutes of lines (one round
// trip), then either goes the ordinary way or is held in one batch.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@worker/db/client';
import { nextIdSql } from '@worker/db/id-reserve';
import { notifyStatement, subjectKeys } from '@worker/db/queries/notifications';
import { conversationLink } from '@worker/db/queries/messages';
import { blockedEitherWay, blockedEitherWayText } from '@worker/db/queries/blocks';
import { HttpError } from '@worker/lib/errors';
import { prepareSql } from '../prepare-sql';
import { DAY, HOUR, MINUTE } from '@worker/lib/time';

export const LINK_BURST = {
  /** Accounts younger than this are watched. */
  accountAge: DAY,
  /** The burst: messages with links sent within this window… */
  window: 10 * MINUTE,
  /** …of which this many already sent make the next one held. */
  linksBefore: 2,
  /** At most this many messages of a member wait for review; past it, messages with links are refused. */
  maxHeld: 20,
} as const;

export const HELD_REPLY = {
  held: true,
  message: 'Your message will be delivered after a moderator reviews it',
} as const;
export const TOO_MANY_HELD = 'Too many of your messages are waiting for review. Please try again later.';

// A link: a scheme, "www.", or a host name ending in a common top-level domain, as spam writes them.
const LINK =
  /\b(?:https?:\/\/|www\.)\S|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|me|ly|gl|xyz|top|click|link|site|online|shop|store|app|ru|cn|tk|ml|ga|cf|gq|bit)\b(?:\/\S*)?/i;

/** Whether a message's text holds a link (the guard looks at these only). */
export const hasLink = (text: string) => LINK.test(text);

/** Whether the account is young enough for the guard to watch it (users.created_at). */
export const isYoungAccount = (createdAt: string, now = Date.now()) =>
  now - Date.parse(createdAt) < LINK_BURST.accountAge;

/**
 * Whether this message (with a link, from a young account) should be held: the sender's lines of
 * the window with links, delivered (messages_sender_idx, at most the message budget's 30) and held
 * (held_messages_sender_idx), and whether messages of theirs wait for review. One round trip.
 */
export async function shouldHold(d1: D1Database, senderId: number, now = Date.now()): Promise<boolean> {
  const since = new Date(now - LINK_BURST.window).toISOString();
  const [sent, waiting] = await d1.batch<{ content?: string; waiting?: number }>([
    d1
      .prepare(
        `SELECT content FROM (SELECT content FROM messages WHERE sender_id = ?1 AND created_at > ?2 AND kind = 'text' ORDER BY created_at DESC LIMIT 30)
         UNION ALL SELECT content FROM (SELECT content FROM held_messages WHERE sender_id = ?1 AND created_at > ?2 ORDER BY created_at DESC LIMIT ?3)`,
      )
      .bind(senderId, since, LINK_BURST.maxHeld),
    d1.prepare(`SELECT EXISTS (SELECT 1 FROM held_messages WHERE sender_id = ?1) AS waiting`).bind(senderId),
  ]);
  if (waiting!.results[0]?.waiting) return true;
  return sent!.results.filter((row) => hasLink(row.content ?? '')).length >= LINK_BURST.linksBefore;
}

/** The guard report's snapshot: the member, and the held messages one per line. */
export const heldSnapshotSql = (senderId: number) =>
  sql`(SELECT json_object('label', u.display_name, 'imageUrl', u.avatar_url, 'link', '/profile/' || u.username,
         'text', coalesce((SELECT group_concat(line, char(10)) FROM (
            SELECT 'To ' || coalesce(r.display_name, 'a member') || ' about “' || coalesce(l.title, 'a listing') || '”: ' || h.content AS line
              FROM held_messages h LEFT JOIN users r ON r.id = h.receiver_id LEFT JOIN listings l ON l.id = h.listing_id
             WHERE h.sender_id = u.id ORDER BY h.id)), ''))
       FROM users u WHERE u.id = ${senderId})`;

/** A held message respects a block as a sent one does (docs/api/blocks.md): the same check, either way. */
const blockedSql = (a: number, b: number) => blockedEitherWay(a, b);

export interface HoldOutcome {
  held: boolean;
  listingOwner: number | null;
  receiverFound: boolean;
  blocked: boolean;
  full: boolean;
}

/**
 * Holds the message in one batch: the route's lookups (the listing's owner, the receiver, a block
 * between the two, the member's messages waiting), the held row (only when the message would be
 * delivered under the messaging rules and fewer than maxHeld wait), the open guard report once, and
 * its snapshot brought up to date. The route answers from the lookups when nothing was held.
 */
export async function holdMessage(
  d1: D1Database,
  message: { senderId: number; receiverId: number; listingId: number; content: string },
): Promise<HoldOutcome> {
  const { senderId, receiverId, listingId, content } = message;
  const valid = sql`EXISTS (SELECT 1 FROM listings WHERE id = ${listingId} AND user_id IN (${senderId}, ${receiverId}))
    AND EXISTS (SELECT 1 FROM users WHERE id = ${receiverId}) AND ${senderId} <> ${receiverId} AND NOT ${blockedSql(senderId, receiverId)}`;
  const waiting = sql`(SELECT count(*) FROM held_messages WHERE sender_id = ${senderId})`;
  const openGuard = sql`SELECT id FROM reports WHERE target_type = 'user' AND target_id = ${senderId} AND status = 'open' AND guard = 'link_burst'`;
  const [lookups, inserted] = await d1.batch([
    prepareSql(
      d1,
      sql`SELECT (SELECT user_id FROM listings WHERE id = ${listingId}) AS listing_owner, (SELECT id FROM users WHERE id = ${receiverId}) AS receiver,
                 ${blockedSql(senderId, receiverId)} AS blocked, ${waiting} AS waiting`,
    ),
    prepareSql(
      d1,
      sql`INSERT INTO held_messages (sender_id, receiver_id, listing_id, content)
          SELECT ${senderId}, ${receiverId}, ${listingId}, ${content} WHERE ${valid} AND ${waiting} < ${LINK_BURST.maxHeld}
          RETURNING id`,
    ),
    prepareSql(
      d1,
      sql`INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, guard, snapshot)
          SELECT NULL, 'user', ${senderId}, ${senderId}, 'spam', 'Held automatically: messages with links sent in a burst from an account less than a day old',
                 'link_burst', ${heldSnapshotSql(senderId)}
           WHERE EXISTS (SELECT 1 FROM held_messages WHERE sender_id = ${senderId}) AND NOT EXISTS (${openGuard})`,
    ),
    // The open guard report lists every message waiting, this one included.
    prepareSql(d1, sql`UPDATE reports SET snapshot = ${heldSnapshotSql(senderId)} WHERE id IN (${openGuard})`),
  ]);
  const row = lookups!.results[0] as {
    listing_owner: number | null;
    receiver: number | null;
    blocked: number;
    waiting: number;
  };
  return {
    held: inserted!.results.length > 0,
    listingOwner: row.listing_owner,
    receiverFound: row.receiver !== null,
    blocked: row.blocked === 1,
    full: row.waiting >= LINK_BURST.maxHeld,
  };
}

/** The 429 past maxHeld messages waiting: an hour, by when an admin has usually looked. */
export const tooManyHeld = () => new HttpError(429, TOO_MANY_HELD, undefined, { 'Retry-After': String(HOUR / 1000) });

export interface HeldRow {
  id: number;
  receiver_id: number;
  listing_id: number;
  /** A block now separates the two members: the message is not delivered. */
  blocked: number;
}

/**
 * Delivering the held messages (an admin dismissed the guard's report): each becomes an ordinary
 * message of its conversation, in the order written (delivered now), except where a block now
 * separates the two; each conversation's receiver gets the bell entry a sent message gives (one
 * upsert counting its messages); then the held rows go. `held` is heldOfReportStatement's answer (actions.ts).
 */
export function releaseStatements(
  db: Db,
  d1: D1Database,
  sender: { id: number; displayName: string },
  held: HeldRow[],
): D1PreparedStatement[] {
  const byConversation = new Map<string, { receiverId: number; listingId: number; count: number }>();
  for (const row of held) {
    if (row.blocked) continue;
    const key = `${row.receiver_id}:${row.listing_id}`;
    const entry = byConversation.get(key) ?? { receiverId: row.receiver_id, listingId: row.listing_id, count: 0 };
    entry.count += 1;
    byConversation.set(key, entry);
  }
  const notBlocked = (h: string) => `NOT ${blockedEitherWayText(`${h}.sender_id`, `${h}.receiver_id`)}`;
  const ids = JSON.stringify(held.map((row) => row.id));
  const notices = [...byConversation.values()].map(({ receiverId, listingId, count }) => {
    const text: SQL = sql`'New message from ' || ${sender.displayName} || ' about "' || (SELECT title FROM listings WHERE id = ${listingId}) || '"'`;
    const statement = notifyStatement(
      db,
      {
        userId: receiverId,
        kind: 'message',
        subjectKey: subjectKeys.conversation(listingId, sender.id),
        text,
        link: conversationLink(listingId, sender.id, receiverId),
        count,
      },
      { textsInBatch: count },
    );
    const { sql: query, params } = statement.toSQL();
    return d1.prepare(query).bind(...params);
  });
  return [
    // One row at a time in id order, so each gets the next reserved id (decision 032).
    ...held
      .filter((row) => !row.blocked)
      .map((row) =>
        d1
          .prepare(
            `INSERT INTO messages (id, sender_id, receiver_id, listing_id, content)
           SELECT ${nextIdSql('messages')}, h.sender_id, h.receiver_id, h.listing_id, h.content FROM held_messages h
            WHERE h.id = ?1 AND ${notBlocked('h')}`,
          )
          .bind(row.id),
      ),
    ...notices,
    d1.prepare('DELETE FROM held_messages WHERE id IN (SELECT value FROM json_each(?1))').bind(ids),
  ];
}

/** Discarding the held messages (an admin warned, hid, suspended or banned). */
export const deleteHeldStatement = (d1: D1Database, senderId: number) =>
  d1.prepare('DELETE FROM held_messages WHERE sender_id = ?1').bind(senderId);
