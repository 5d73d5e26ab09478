// Mail and newsletter: the outbox and its daily caps, the unread-message notices' record, the
// contact form's messages, and the newsletter's subscriptions.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './members';

export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    // Under the daily cap lower numbers go first: 0 password reset, 1 verification and account
    // security, 2 notices and contact relays, 3 newsletter (decision 038; EMAIL_PRIORITY). Every
    // insert sets it; the default is the old "notice" value, kept to spare a table rebuild.
    priority: integer('priority').notNull().default(1),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: text('sent_at'),
    createdAt: createdAt(),
    // What the mail is (EMAIL_KINDS): sets its priority, its lifetime and its per-recipient daily
    // cap (counted in email_recipient_days by a trigger, migration 0034).
    kind: text('kind', { enum: ['reset', 'verification', 'security', 'notice', 'contact', 'newsletter'] })
      .notNull()
      .default('notice'),
    // After this the mail is never sent (its link is dead or its news stale): delivery marks it
    // `expired`. NULL (rows written by hand) never expires.
    expiresAt: text('expires_at'),
  },
  // Delivery claims pending rows in (priority, expires_at, id) order and finds the expired ones by
  // the same index: the index's implicit rowid gives the id.
  (t) => [
    // No index on the address: no query of the Worker reads the outbox by address (decision 029,
    // members' write paths: it cost a row written per email queued).
    index('email_outbox_queue_idx').on(t.status, t.priority, t.expiresAt),
    // The admin email notice's last provider error: only pending rows that failed, in queue order
    // (decision 026), so finding it never walks the whole pending backlog.
    index('email_outbox_pending_error_idx')
      .on(t.priority)
      .where(sql`status = 'pending' AND last_error IS NOT NULL`),
  ],
);

/**
 * Mail queued per recipient address (lower-cased), kind and UTC day, written by the outbox's
 * BEFORE INSERT trigger, which drops a mail past its kind's daily cap (decision 038). Rows of
 * past days are pruned by the delivery run, a page at a time. Migration 0034 makes the table
 * WITHOUT ROWID (drizzle cannot say so): a new row is one row written, not a row and a key entry.
 */
export const emailRecipientDays = sqliteTable(
  'email_recipient_days',
  {
    day: text('day').notNull(),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    queued: integer('queued').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.recipient, t.kind] })],
);

/**
 * Emails handed to the provider per UTC day (`day` = 'YYYY-MM-DD'), against EMAIL_DAILY_LIMIT.
 * `sent` also holds the slots a delivery run has reserved and not yet given back; `lastGrant` is
 * how many slots the latest reservation got (the UPDATE's RETURNING cannot see the old `sent`).
 */
export const emailDailySends = sqliteTable('email_daily_sends', {
  day: text('day').primaryKey(),
  sent: integer('sent').notNull().default(0),
  lastGrant: integer('last_grant').notNull().default(0),
});

// When a member was last emailed about unread messages in a conversation (at most one an hour).
export const messageEmailNotices = sqliteTable(
  'message_email_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSentAt: text('last_sent_at').notNull(),
    lastMessageId: integer('last_message_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId, t.partnerId] }),
    index('message_email_notices_partner_idx').on(t.partnerId),
    index('message_email_notices_listing_idx').on(t.listingId),
  ],
);

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// Newsletter with double opt-in: an address is mailed only after it confirms; every email
// carries an unsubscribe link. Tokens are stored hashed.
export const newsletterSubscriptions = sqliteTable(
  'newsletter_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpires: text('confirm_token_expires'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    confirmedAt: text('confirmed_at'),
    createdAt: createdAt(),
    // When it was last unsubscribed: confirmation links issued before it stop working (decision 038).
    unsubscribedAt: text('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
    index('newsletter_status_idx').on(t.status),
  ],
);
