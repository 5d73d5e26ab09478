// Data access for messages and conversations. A conversation is (listing, its owner, one other member).
import { and, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { isoNow } from '@worker/lib/time';
import type { Db } from '../client';
import { read, runRead } from '../read';
import { conversations, listings, messages, users, type MessageRow } from '../schema';
import { conversationKey, listingIdWhenSide, sideOf, sideValueWhen, type SideColumn } from './conversation-sides';
import { conversationKeyOf, conversationPath } from '@/shared/conversation-key';
import { messageNotifyStatements, settleConversationStatements, subjectKeys } from './notifications';
import { messageBudgetGateExpr } from './message-budget';
import { nextId } from '../id-reserve';
import { forgetBellChange, hasBellChange } from '@worker/db/bell-changes';
import { jsonArrayOver } from '../json-reply';
import { sessionGateStatement } from './session-gate';
import type { SessionRecord } from '@worker/lib/session';
import { message, messageJson } from '../shapes';
import type { ConversationSummary } from '@/shared/contract/conversations';
import { blockedEitherWay } from './blocks';
import { LISTINGS_GONE_SQL, listingGone } from './listing-deletion';

/** Rows an UPDATE of a D1 batch changed. */
const changes = (result: unknown) => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** The few listing columns the messaging, barter and review rules need. */
export function findListingRef(db: Db, id: number) {
  return db.query.listings.findFirst({
    where: and(eq(listings.id, id), sql`NOT ${listingGone('listings')}`),
    columns: { id: true, userId: true, title: true },
  });
}

/** A listing's reference and a member's row in one round trip (the message and thread routes' checks). */
export async function findListingRefAndUser(db: Db, listingId: number, userId: number) {
  const [listing, user] = await db.batch([
    db
      .select({ id: listings.id, userId: listings.userId, title: listings.title })
      .from(listings)
      .where(and(eq(listings.id, listingId), sql`NOT ${listingGone('listings')}`))
      .limit(1),
    db.select().from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return { listing: listing[0], user: user[0] };
}

/**
 * Sends a message in one D1 batch (one round trip), checks included. Its first statement is the
 * sender's message-budget gate, which fails the batch (nothing written) when the sender has used
 * the minute's budget (decision 031), with the listing's owner and the receiver read alongside for
 * the route's answers (404, 400). The batch then stores the message and bumps the receiver's bell
 * entry for the conversation (messageNotifyStatements: one entry per conversation, counting the
 * messages not yet seen; decision 029). Each write carries the route's rules as SQL (`valid`: the listing
 * exists and belongs to one of the two, the receiver exists and is not the sender), so a message
 * the route refuses writes nothing; the route reads why from the two lookups. The bell line names
 * the listing by its title, read in SQL.
 */
export async function sendMessage(
  db: Db,
  values: { senderId: number; receiverId: number; listingId: number; content: string },
  senderName: string,
) {
  const { senderId, receiverId, listingId, content } = values;
  const notedBefore = hasBellChange(db, receiverId);
  // A block between the two, either way, refuses the message like the other rules (decision 035).
  const valid = sql`(EXISTS (SELECT 1 FROM listings WHERE id = ${listingId} AND user_id IN (${senderId}, ${receiverId}) AND NOT ${listingGone('listings')})
                     AND EXISTS (SELECT 1 FROM users WHERE id = ${receiverId}) AND ${senderId} <> ${receiverId}
                     AND NOT ${blockedEitherWay(senderId, receiverId)})`;
  const [[lookups], inserted] = await db.batch([
    // The gate (on the sender's row, which exists: the budget answers before any 404) and the
    // route's two lookups, in one statement.
    db
      .select({
        gate: messageBudgetGateExpr(senderId),
        listingOwner: sql<
          number | null
        >`(SELECT user_id FROM listings WHERE id = ${listingId} AND NOT ${listingGone('listings')})`,
        receiverFound: sql<number | null>`(SELECT id FROM users WHERE id = ${receiverId})`,
        blocked: sql<number>`${blockedEitherWay(senderId, receiverId)}`,
      })
      .from(users)
      .where(eq(users.id, senderId)),
    // Every column in the table's order (drizzle inserts a SELECT into all of them).
    db
      .insert(messages)
      .select(
        sql`SELECT ${nextId('messages')}, ${senderId}, ${receiverId}, ${listingId}, ${content}, 0, 'text', NULL, NULL,
                   strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL
             WHERE ${valid}`,
      )
      .returning(),
    ...messageNotifyStatements(
      db,
      {
        userId: receiverId,
        kind: 'message',
        subjectKey: subjectKeys.conversation(listingId, senderId),
        text: sql`'New message from ' || ${senderName} || ' about "' || (SELECT title FROM listings WHERE id = ${listingId}) || '"'`,
        link: conversationLink(listingId, senderId, receiverId),
      },
      valid,
    ),
  ]);
  // A refused message moved no bell entry: no frame to push.
  if (!inserted[0] && !notedBefore) forgetBellChange(db, receiverId);
  const listingOwner = lookups?.listingOwner ?? null;
  return {
    listing: listingOwner === null ? undefined : { id: listingId, userId: Number(listingOwner) },
    receiver: lookups?.receiverFound == null ? undefined : { id: receiverId },
    /** The two are in a block (either way): the route answers 403. */
    blocked: lookups?.blocked === 1,
    row: inserted[0] as MessageRow | undefined,
  };
}

/** The messages screen opened on one conversation: its own address (docs/api/offers.md, "Addresses"). */
/**
 * The sender's newest text message to the receiver about the listing before message `beforeId`
 * (an offer's covering message, written just before the offer's event line).
 */
export const latestTextBefore = (db: Db, listingId: number, senderId: number, receiverId: number, beforeId: number) =>
  db.query.messages.findFirst({
    where: (m, { and, eq, lt }) =>
      and(
        eq(m.listingId, listingId),
        eq(m.senderId, senderId),
        eq(m.receiverId, receiverId),
        eq(m.kind, 'text'),
        lt(m.id, beforeId),
      ),
    orderBy: (m, { desc }) => [desc(m.id)],
  });

export const conversationLink = (listingId: number, a: number, b: number) => conversationPath(listingId, a, b);

/** Every message the user sent or received, newest first. */
export function messagesOfUser(db: Db, userId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id));
}

/**
 * Whether two members have exchanged at least one message about a listing (either direction), and
 * whether they are in a block (either way): one statement, each part an index lookup.
 */
export async function pairHistory(
  db: Db,
  listingId: number,
  a: number,
  b: number,
): Promise<{ exchanged: boolean; blocked: boolean }> {
  const direction = (from: number, to: number) =>
    sql`EXISTS (SELECT 1 FROM messages WHERE listing_id = ${listingId} AND sender_id = ${from} AND receiver_id = ${to})`;
  const row = await db.get<{ exchanged: number; blocked: number }>(
    sql`SELECT (${direction(a, b)} OR ${direction(b, a)}) AS exchanged, ${blockedEitherWay(a, b)} AS blocked`,
  );
  return { exchanged: row?.exchanged === 1, blocked: row?.blocked === 1 };
}

const SUMMARY_COLUMNS = [
  'listingId',
  'listingTitle',
  'partnerId',
  'username',
  'displayName',
  'avatarUrl',
  'lastMessage',
  'lastMessageTime',
  'lastMessageId',
  'unreadCount',
] as const;

interface SummaryRow {
  listingId: number;
  listingTitle: string;
  partnerId: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  lastMessage: string;
  lastMessageTime: string;
  lastMessageId: number;
  unreadCount: number;
}

/** The list's statement (conversationSummaries; its plan is pinned in test/worker/query-plans.test.ts). */
export function conversationListQuery(userId: number, page: { limit: number; before?: { time: string; id: number } }) {
  const after = page.before
    ? sql`AND (last_message_time, last_message_id) < (${page.before.time}, ${page.before.id})`
    : sql``;
  // Conversations about a listing being deleted are gone at once (decision 042): each walk skips
  // them (a constant list, so the page stays full; the walks step over them until the cron has
  // removed them).
  const notGone = sql.raw(`AND listing_id NOT IN (${LISTINGS_GONE_SQL})`);
  return sql`
    SELECT x.listing_id AS listingId, l.title AS listingTitle, x.partner_id AS partnerId,
           u.username AS username, u.display_name AS displayName, u.avatar_url AS avatarUrl,
           x.last_message AS lastMessage, x.last_message_time AS lastMessageTime,
           x.last_message_id AS lastMessageId, x.unread_count AS unreadCount
      FROM (
        SELECT listing_id, b_id AS partner_id, last_message, last_message_time, last_message_id, a_unread_count AS unread_count
          FROM conversations WHERE a_id = ${userId} ${after} ${notGone}
        UNION ALL
        SELECT listing_id, a_id, last_message, last_message_time, last_message_id, b_unread_count
          FROM conversations WHERE b_id = ${userId} ${after} ${notGone}
        ORDER BY last_message_time DESC, last_message_id DESC
        LIMIT ${page.limit}
      ) x
      JOIN users u ON u.id = x.partner_id
      JOIN listings l ON l.id = x.listing_id
     ORDER BY x.last_message_time DESC, x.last_message_id DESC`;
}

/**
 * A page of the member's conversations, newest first. A conversation is one half of its row
 * (decisions 032, 053), so the page is a merge of two walks, each newest first from `before` down
 * its recency index: the rows where the member is `a` (conversations_a_recent_idx) and where they
 * are `b` (conversations_b_recent_idx). The compound SELECT's ORDER BY and LIMIT merge them and
 * stop each walk after what the page takes; each entry is then joined to its partner and listing
 * by primary key. About three rows read per entry returned, however many the member has.
 */
export async function conversationSummaries(
  db: Db,
  userId: number,
  page: { limit: number; before?: { time: string; id: number }; withCursor: boolean },
): Promise<ConversationSummary[]> {
  return runRead(db, conversationSummariesRead(db, userId, page));
}

/** conversationSummaries as a read, for a batch (the messages page's HTML, decision 048). */
export function conversationSummariesRead(
  db: Db,
  userId: number,
  page: { limit: number; before?: { time: string; id: number }; withCursor: boolean },
) {
  // Selected by name from the statement (a select, not db.all of raw SQL, so that it can ride in a
  // D1 batch: drizzle maps a batch's raw rows to arrays).
  const columns = Object.fromEntries(SUMMARY_COLUMNS.map((name) => [name, sql`${sql.identifier(name)}`])) as {
    [K in keyof SummaryRow]: SQL<SummaryRow[K]>;
  };
  const query = db.select(columns).from(sql`(${conversationListQuery(userId, page)})`);
  return read(query, (rows): ConversationSummary[] =>
    rows.map((r) => ({
      conversation: conversationKeyOf(r.listingId, userId, r.partnerId),
      partner: { id: r.partnerId, username: r.username, displayName: r.displayName, avatarUrl: r.avatarUrl },
      listing: { id: r.listingId, title: r.listingTitle },
      lastMessage: r.lastMessage,
      lastMessageTime: r.lastMessageTime,
      ...(page.withCursor ? { lastMessageId: Number(r.lastMessageId) } : {}),
      unreadCount: Number(r.unreadCount),
    })),
  );
}

/**
 * A thread's messages, both directions in one compound SELECT: SQLite merges the two ranges of
 * messages_listing_pair_idx in order (no sort), and with a page stops after `limit` rows in all
 * (newest first; readConversation turns them oldest first). Its plan is pinned in
 * test/worker/query-plans.test.ts.
 */
export function threadQuery(db: Db, readerId: number, partnerId: number, listingId: number, page?: ThreadPage) {
  const direction = (from: number, to: number) =>
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.listingId, listingId),
          eq(messages.senderId, from),
          eq(messages.receiverId, to),
          page?.before
            ? sql`(${messages.createdAt}, ${messages.id}) < (${page.before.time}, ${page.before.id})`
            : undefined,
        ),
      );
  const both = direction(readerId, partnerId).unionAll(direction(partnerId, readerId));
  return page
    ? both.orderBy(sql`${messages.createdAt} DESC`, sql`${messages.id} DESC`).limit(page.limit)
    : both.orderBy(sql`${messages.createdAt}`, sql`${messages.id}`);
}

type ThreadPage = { limit: number; before?: { time: string; id: number } };

/**
 * The messages between two members about a listing, oldest first, after marking the ones the
 * reader received as read, as the reply's JSON text. One batch: the reader's session checked
 * (sessionGateStatement: a void one fails it, so nothing is written or read), the reader's unread
 * count settled in one write and the messages it counted marked read (settleUnreadStatement,
 * markSettledReadStatement), and the conversation's messages (threadQuery).
 *
 * The whole thread (no page) is written by SQLite (decision 033: messageJson over threadQuery's
 * rows), however long it is. With a page (`limit`, optionally `before` a message's position) the
 * newest `limit` messages before it are read, at most `limit` rows, and shaped here oldest first:
 * putting them back in order in SQL would read each row twice.
 */
export async function readConversation(
  db: Db,
  reader: SessionRecord,
  partnerId: number,
  listingId: number,
  page?: ThreadPage,
) {
  const readerId = reader.userId;
  const settledAt = isoNow();
  const notedBefore = hasBellChange(db, readerId);
  const [, checks, folded, settled, , , thread] = await db.batch([
    // The reader's session, checked against their row: a void one fails the batch (session-gate.ts).
    sessionGateStatement(db, reader),
    // The route's checks ride in the same round trip, in one statement: no row when the listing is
    // missing, a null partner when the member is. Either way the writes below match nothing (no
    // such conversation has messages).
    db
      .select({ listingId: listings.id, partnerId: sql<number | null>`(SELECT id FROM users WHERE id = ${partnerId})` })
      .from(listings)
      .where(and(eq(listings.id, listingId), sql`NOT ${listingGone('listings')}`)),
    ...settleConversationStatements(db, readerId, listingId, partnerId),
    settleUnreadStatement(db, readerId, partnerId, listingId, settledAt),
    markSettledReadStatement(db, readerId, partnerId, listingId, settledAt),
    page
      ? threadQuery(db, readerId, partnerId, listingId, page)
      : jsonArrayOver(db, messageJson, threadQuery(db, readerId, partnerId, listingId)),
  ]);
  // Nothing settled (the thread had nothing unread for the reader): the bell is as it was, so the
  // request pushes no frame for it (each push is a Durable Object request and a count read per member).
  if (!notedBefore && changes(folded) === 0 && changes(settled) === 0) forgetBellChange(db, readerId);
  const json = page
    ? JSON.stringify((thread as MessageRow[]).reverse().map(message))
    : ((thread as { json: string }[])[0]?.json ?? '[]');
  return { listingFound: checks.length > 0, partnerFound: checks[0]?.partnerId != null, json };
}

/**
 * Marks the messages `readerId` received from `partnerId` about a listing as read (all of them, or
 * up to and including a message id). Messages have no index of unread rows (it cost a row written
 * per message sent, decision 029), so the UPDATE walks the direction's range of
 * messages_listing_pair_idx. The range's listing key is read from the reader's side of the
 * conversation (conversation-sides.ts), and only when it counts unread messages:
 * when nothing is unread, as on most openings of a thread, the key is NULL and the walk reads
 * nothing (one row read). The triggers on messages keep the count.
 */
export function markReadStatement(db: Db, readerId: number, partnerId: number, listingId: number, upTo?: number) {
  return markReadWalk(
    db,
    { readerId, partnerId, listingId },
    { count: 'unread_count', when: 'unread_count', test: sql`> 0` },
    upTo,
  );
}

/**
 * A thread read's first write (decision 029, members' write paths): the reader's unread count for
 * the conversation set to 0 in one statement, stamped `settledAt`, only when it counts any. The
 * messages it counted are marked read next in the same batch (markSettledReadStatement), and the
 * trigger on messages, finding nothing left to count out, writes nothing per message (it
 * decremented the count once per message before).
 */
export function settleUnreadStatement(
  db: Db,
  readerId: number,
  partnerId: number,
  listingId: number,
  settledAt: string,
) {
  const key = conversationKey(listingId, readerId, partnerId);
  const a = sideOf(readerId, partnerId) === 'a';
  return (
    db
      .update(conversations)
      // SET reads the row as it was: the count settled goes with the stamp (decision 049).
      .set(
        a
          ? { aUnreadCount: 0, aUnreadSettledAt: settledAt, aUnreadSettledCount: sql`${conversations.aUnreadCount}` }
          : { bUnreadCount: 0, bUnreadSettledAt: settledAt, bUnreadSettledCount: sql`${conversations.bUnreadCount}` },
      )
      .where(
        and(
          eq(conversations.listingId, key.listingId),
          eq(conversations.aId, key.aId),
          eq(conversations.bId, key.bId),
          gt(a ? conversations.aUnreadCount : conversations.bUnreadCount, 0),
        ),
      )
  );
}

/**
 * Marks read the messages settleUnreadStatement just counted out: the walk of markReadStatement,
 * keyed on the reader's side carrying this batch's stamp, so nothing is read when nothing was unread.
 * (Another read stamped in the same millisecond only makes the walk read; marking a message read
 * that is still counted counts it out as before.)
 */
export function markSettledReadStatement(
  db: Db,
  readerId: number,
  partnerId: number,
  listingId: number,
  settledAt: string,
) {
  return markReadWalk(
    db,
    { readerId, partnerId, listingId },
    { count: 'unread_settled_count', when: 'unread_settled_at', test: sql`= ${settledAt}` },
  );
}

/**
 * The walk: the direction's messages newest first (messages_listing_pair_idx backwards), stopping
 * after `unread` unread ones (decision 049). The side's count is exact (the triggers keep it), and
 * nothing marks a message unread again, so the unread messages are the newest of the direction and
 * the walk reads about as many rows as it marks; it read the direction's whole range before (a
 * long thread's hundreds of read messages for one new one). NULL key or count: nothing is read.
 */
function markReadWalk(
  db: Db,
  { readerId, partnerId, listingId }: { readerId: number; partnerId: number; listingId: number },
  side: { count: SideColumn; when: SideColumn; test: SQL },
  upTo?: number,
) {
  // The walk's key and its count, both read from the reader's side when it passes the test.
  const key = listingIdWhenSide(readerId, listingId, partnerId, side.when, side.test);
  const unread = sideValueWhen(readerId, listingId, partnerId, side.count, side.when, side.test);
  return db
    .update(messages)
    .set({ read: true })
    .where(
      sql`${messages.id} IN (
        SELECT m.id FROM messages AS m
         WHERE m.listing_id = ${key} AND m.sender_id = ${partnerId} AND m.receiver_id = ${readerId}
           -- \`+\` keeps this term off messages_receiver_idx (receiver_id, read), which would read the
           -- reader's unread messages of every conversation instead of this direction.
           AND +m.read = 0 ${upTo === undefined ? sql`` : sql`AND m.id <= ${upTo}`}
         ORDER BY m.created_at DESC
         LIMIT coalesce(${unread}, 0))`,
    );
}

/** Marks the messages a member received in one conversation as read, up to and including a message id. */
export async function markReadUpTo(
  db: Db,
  member: { userId: number; partnerId: number; listingId: number },
  upTo: number,
): Promise<void> {
  await db.batch([
    ...settleConversationStatements(db, member.userId, member.listingId, member.partnerId),
    markReadStatement(db, member.userId, member.partnerId, member.listingId, upTo),
  ]);
}
