// Data access for messages and conversations. A conversation is (listing, its owner, one other member).
import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { listings, messages, type MessageRow } from '../schema';
import { conversationKeyOf, conversationPath } from '../../../src/shared/conversation-key';
import { notifyStatement, settleSubjectStatement, subjectKeys } from './notifications';

/** The few listing columns the messaging, barter and review rules need. */
export function findListingRef(db: Db, id: number) {
  return db.query.listings.findFirst({ where: eq(listings.id, id), columns: { id: true, userId: true, title: true } });
}

/**
 * Stores a message and, in the same batch, bumps the receiver's notification for the
 * conversation (one entry per conversation, counting the messages not yet seen).
 */
export async function insertMessage(
  db: Db,
  values: { senderId: number; receiverId: number; listingId: number; content: string },
  notice: { senderName: string; listingTitle: string },
): Promise<MessageRow> {
  const [[row]] = await db.batch([
    db.insert(messages).values(values).returning(),
    notifyStatement(db, {
      userId: values.receiverId,
      kind: 'message',
      subjectKey: subjectKeys.conversation(values.listingId, values.senderId),
      text: `New message from ${notice.senderName} about "${notice.listingTitle}"`,
      link: conversationLink(values.listingId, values.senderId, values.receiverId),
    }),
  ]);
  return row!;
}

/** The messages screen opened on one conversation: its own address (docs/api/offers.md, "Addresses"). */
export const conversationLink = (listingId: number, a: number, b: number) => conversationPath(listingId, a, b);

/** Every message the user sent or received, newest first. */
export function messagesOfUser(db: Db, userId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id));
}

/** Whether two members have exchanged at least one message about a listing (either direction). */
export async function haveExchangedMessages(db: Db, listingId: number, a: number, b: number): Promise<boolean> {
  const row = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.listingId, listingId),
        or(and(eq(messages.senderId, a), eq(messages.receiverId, b)), and(eq(messages.senderId, b), eq(messages.receiverId, a))),
      ),
    )
    .limit(1);
  return row.length > 0;
}

export interface ConversationSummary {
  conversation: string;
  partner: { id: number; username: string; displayName: string; avatarUrl: string | null };
  listing: { id: number; title: string };
  lastMessage: string;
  lastMessageTime: string;
  unreadCount: number;
}

interface SummaryRow {
  listingId: number;
  listingTitle: string;
  partnerId: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  lastMessage: string;
  lastMessageTime: string;
  unreadCount: number;
}

/**
 * One summary per (listing, partner), newest first, in a single query: the two halves of the
 * UNION read messages_sender_idx and messages_receiver_idx, and window functions pick each
 * conversation's last message and count its unread ones (received and not read).
 */
export async function conversationSummaries(db: Db, userId: number): Promise<ConversationSummary[]> {
  const rows = await db.all<SummaryRow>(sql`
    WITH mine AS (
      SELECT id, listing_id, receiver_id AS partner_id, content, created_at, 0 AS unread
        FROM messages WHERE sender_id = ${userId}
      UNION ALL
      SELECT id, listing_id, sender_id AS partner_id, content, created_at, CASE WHEN read = 0 THEN 1 ELSE 0 END AS unread
        FROM messages WHERE receiver_id = ${userId}
    ),
    ranked AS (
      SELECT mine.*,
             ROW_NUMBER() OVER (PARTITION BY listing_id, partner_id ORDER BY created_at DESC, id DESC) AS position,
             SUM(unread) OVER (PARTITION BY listing_id, partner_id) AS unread_count
        FROM mine
    )
    SELECT r.listing_id AS listingId, l.title AS listingTitle, r.partner_id AS partnerId,
           u.username AS username, u.display_name AS displayName, u.avatar_url AS avatarUrl,
           r.content AS lastMessage, r.created_at AS lastMessageTime, r.unread_count AS unreadCount
      FROM ranked r
      JOIN users u ON u.id = r.partner_id
      JOIN listings l ON l.id = r.listing_id
     WHERE r.position = 1
     ORDER BY r.created_at DESC, r.id DESC`);
  return rows.map((r) => ({
    conversation: conversationKeyOf(r.listingId, userId, r.partnerId),
    partner: { id: r.partnerId, username: r.username, displayName: r.displayName, avatarUrl: r.avatarUrl },
    listing: { id: r.listingId, title: r.listingTitle },
    lastMessage: r.lastMessage,
    lastMessageTime: r.lastMessageTime,
    unreadCount: Number(r.unreadCount),
  }));
}

/**
 * The messages between two members about a listing, oldest first, after marking the ones the
 * reader received as read. One batch: the UPDATE and the read run in one round trip.
 */
export async function readConversation(db: Db, readerId: number, partnerId: number, listingId: number): Promise<MessageRow[]> {
  const [, , rows] = await db.batch([
    settleSubjectStatement(db, readerId, subjectKeys.conversation(listingId, partnerId)),
    db
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.listingId, listingId), eq(messages.senderId, partnerId), eq(messages.receiverId, readerId), eq(messages.read, false))),
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.listingId, listingId),
          or(
            and(eq(messages.senderId, readerId), eq(messages.receiverId, partnerId)),
            and(eq(messages.senderId, partnerId), eq(messages.receiverId, readerId)),
          ),
        ),
      )
      .orderBy(messages.createdAt, messages.id),
  ]);
  return rows;
}

/** Marks the messages a member received in one conversation as read, up to and including a message id. */
export async function markReadUpTo(db: Db, member: { userId: number; partnerId: number; listingId: number }, upTo: number): Promise<void> {
  await db.batch([
    settleSubjectStatement(db, member.userId, subjectKeys.conversation(member.listingId, member.partnerId)),
    db
    .update(messages)
    .set({ read: true })
    .where(
      and(
        eq(messages.listingId, member.listingId),
        eq(messages.senderId, member.partnerId),
        eq(messages.receiverId, member.userId),
        eq(messages.read, false),
        lte(messages.id, upTo),
      ),
    ),
  ]);
}
