// Conversations and messages: the messages and the summary rows the conversation list reads,
// kept by triggers (migrations/*_summary_triggers.sql, decision 032).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { MessageEvent } from '@/shared/api-types';
import { createdAt, bool } from './columns';
import { listings } from './listings';
import { users } from './members';

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    read: bool('read').notNull().default(false),
    // 'text' is what a member wrote; 'event' is a line the product adds for a step of an offer or
    // barter (docs/api/offers.md), with `event` saying which step and `eventKey` making it once-only.
    kind: text('kind', { enum: ['text', 'event'] })
      .notNull()
      .default('text'),
    event: text('event', { mode: 'json' }).$type<MessageEvent>(),
    eventKey: text('event_key'),
    createdAt: createdAt(),
    // Set when a moderator hid the message: its text is no longer shown to anyone but admins.
    hiddenAt: text('hidden_at'),
  },
  (t) => [
    // These two serve the users foreign keys: deleting an account cascades to its messages by
    // sender_id and receiver_id, which without them reads every message (decision 029, kept).
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    index('messages_receiver_idx').on(t.receiverId, t.read),
    // One direction of a conversation in time order: a page of a thread is two short index ranges.
    index('messages_listing_pair_idx').on(t.listingId, t.senderId, t.receiverId, t.createdAt),
    // No index of unread messages (dropped in migration rows_written_2, decision 029): marking a
    // conversation read walks its direction on messages_listing_pair_idx, only when the reader's
    // side of the conversation counts unread ones (worker/db/queries/messages.ts). It cost a row per message sent.
    // A racing repeat of a step (two accepts) writes its line once: INSERT OR IGNORE on this key.
    uniqueIndex('messages_event_key_idx')
      .on(t.eventKey)
      .where(sql`${t.eventKey} IS NOT NULL`),
  ],
);

// One row per conversation (decisions 032, 053): the two members' sides on one row, `a` the member
// with the lower id. Triggers on messages keep every row exact in the same statement as the change
// (send, read, offer event lines, deletes and their cascades). A message moves one row and its two
// recency index entries (3 rows written), and a new conversation writes 3 rows. Conversations kept
// as two summary rows (one per member, from before migration 0030) were moved here by migration
// 0044. WITHOUT ROWID: the row lives in its key's b-tree. The key serves listing cascades, each
// recency index its member's list and account-deletion cascade.
export const conversations = sqliteTable(
  'conversations',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    aId: integer('a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bId: integer('b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
    lastMessage: text('last_message').notNull(),
    lastMessageTime: text('last_message_time').notNull(),
    // Each side's columns (`a_` and `b_`):
    /** Messages the member received in the conversation and has not read. */
    aUnreadCount: integer('a_unread_count').notNull().default(0),
    bUnreadCount: integer('b_unread_count').notNull().default(0),
    /**
     * When a thread read last found unread messages here and set the count to 0 (one write, before
     * it marks the messages; the mark-read walk of the same batch is keyed on this value).
     */
    aUnreadSettledAt: text('a_unread_settled_at'),
    bUnreadSettledAt: text('b_unread_settled_at'),
    /**
     * Text messages (kind 'text') the member has received in the conversation, ever (never goes
     * down), and the created_at of the newest: set by the message insert trigger on the row it
     * writes anyway. Not indexed, so free. The bell counts an unread conversation entry's messages
     * from these (notifications.base; decision 029).
     */
    aReceivedTexts: integer('a_received_texts').notNull().default(0),
    bReceivedTexts: integer('b_received_texts').notNull().default(0),
    aLastTextReceivedAt: text('a_last_text_received_at'),
    bLastTextReceivedAt: text('b_last_text_received_at'),
    /**
     * The unread count the thread read stamped the settle time took to 0 (decision 049): the
     * mark-read walk of the same batch stops after that many unread messages, newest first,
     * instead of reading the direction's whole range. Not indexed, written with the stamp: free.
     */
    aUnreadSettledCount: integer('a_unread_settled_count').notNull().default(0),
    bUnreadSettledCount: integer('b_unread_settled_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.aId, t.bId] }),
    index('conversations_a_recent_idx').on(t.aId, t.lastMessageTime, t.lastMessageId),
    index('conversations_b_recent_idx').on(t.bId, t.lastMessageTime, t.lastMessageId),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
