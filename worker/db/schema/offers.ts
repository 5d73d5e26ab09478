// Offers and barters: what members propose for a listing, and the barters acceptance makes.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { OFFER_STATUSES } from '@/shared/constants';
import { now, createdAt, jsonList } from './columns';
import { listings } from './listings';
import { users } from './members';

export const barters = sqliteTable(
  'barters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    initiatorId: integer('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    completedAt: text('completed_at'),
    lastPromptedAt: text('last_prompted_at'),
    thumbnailUrls: jsonList('thumbnail_urls'),
    originalImageUrls: jsonList('original_image_urls'),
    imageCleanupScheduledAt: text('image_cleanup_scheduled_at'),
    barterDeletionScheduledAt: text('barter_deletion_scheduled_at'),
    // Each side's "the handover happened" (decision 060): the barter completes when the second
    // side confirms, so neither member can complete it alone, and reviews open only then.
    initiatorConfirmedAt: text('initiator_confirmed_at'),
    recipientConfirmedAt: text('recipient_confirmed_at'),
    // Why the member who cancelled it did so, as the other member reads it (optional).
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('barters_listing_idx').on(t.listingId, t.status),
    index('barters_initiator_idx').on(t.initiatorId),
    index('barters_recipient_idx').on(t.recipientId),
    index('barters_status_idx').on(t.status, t.completedAt),
  ],
);

// An offer: what one member gives for a listing (some of their active listings, free text, or
// both), between the listing's owner and one other member (docs/api/offers.md). The terms always
// say what the non-owner gives; `fromUserId` proposed them and `toUserId` answers. A counter is a
// new offer that replaces the old one (`replacesOfferId`); acceptance links the barter it made.
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    // `${listingId}-${lowerUserId}-${higherUserId}`, the conversation's address (/messages/<key>).
    conversationKey: text('conversation_key').notNull(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    text: text('text'),
    replacesOfferId: integer('replaces_offer_id').references((): AnySQLiteColumn => offers.id, {
      onDelete: 'set null',
    }),
    barterId: integer('barter_id').references(() => barters.id, { onDelete: 'set null' }),
    respondedAt: text('responded_at'),
    // When an open offer lapses (OFFER_EXPIRY_DAYS after it was made; decision 060). The
    // frequent cron expires the lapsed ones, reading the open offers through offers_one_open_idx
    // (no index of its own: an entry would be a row written per offer), and an accept after it
    // finds the offer expired.
    expiresAt: text('expires_at'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    // One open offer per conversation: the rule and the race guard in one.
    uniqueIndex('offers_one_open_idx')
      .on(t.conversationKey)
      .where(sql`${t.status} = 'open'`),
    // A conversation's offers (its key starts with the listing's id, so listing_id = ? AND
    // conversation_key = ? is one range) and the listing's cascade and deletion steps, in one index
    // (decision 049, "Second round": these were two, an entry more per offer; no query read the
    // status of the listing's index, which an answer moved).
    index('offers_listing_conversation_idx').on(t.listingId, t.conversationKey, t.id),
    index('offers_from_idx').on(t.fromUserId, t.status),
    index('offers_to_idx').on(t.toUserId, t.status),
    // A replaced offer has one replacement: a racing second counter fails its whole batch here.
    // Both partial (decision 049): a new offer has neither key, and an entry for NULL was a row
    // written per offer that no lookup reads (`= ?` and the foreign keys' lookups imply NOT NULL).
    uniqueIndex('offers_replaces_idx')
      .on(t.replacesOfferId)
      .where(sql`${t.replacesOfferId} IS NOT NULL`),
    index('offers_barter_idx')
      .on(t.barterId)
      .where(sql`${t.barterId} IS NOT NULL`),
  ],
);

// The listings an offer gives, one row each.
export const offerItems = sqliteTable(
  'offer_items',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.listingId] }), index('offer_items_listing_idx').on(t.listingId)],
);

export type BarterRow = typeof barters.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
