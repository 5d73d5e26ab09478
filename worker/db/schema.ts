// The one source of truth for the database. Change it, then `npm run db:generate`.
// Timestamps are ISO 8601 UTC strings (they sort correctly as text); lists are JSON text.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import type { MessageEvent } from '@/shared/contract/messages';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  FALLBACK_CATEGORIES,
  HIDDEN_REASONS,
  LISTING_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_GUARDS,
  NOTIFICATION_KINDS,
  OFFER_STATUSES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  STORED_LISTING_STATUSES,
} from '@/shared/constants';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text('created_at').notNull().default(now);
const bool = (name: string) => integer(name, { mode: 'boolean' });
const jsonList = (name: string) =>
  text(name, { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    password: text('password').notNull(), // `$relief$…` keyed hash (decision 015), never returned
    displayName: text('display_name').notNull(),
    nickname: text('nickname'),
    email: text('email').notNull(),
    emailVerified: bool('email_verified').notNull().default(false),
    verificationToken: text('verification_token'), // SHA-256 of the emailed token
    verificationTokenExpires: text('verification_token_expires'),
    address: text('address'),
    location: text('location'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    bartersCompleted: integer('barters_completed').notNull().default(0),
    isAdmin: bool('is_admin').notNull().default(false),
    emailNotifications: bool('email_notifications').notNull().default(true),
    // Sessions created before this instant (ms) are void: KV deletes take up to 60 s to propagate.
    sessionsValidAfter: integer('sessions_valid_after').notNull().default(0),
    createdAt: createdAt(),
    // Moderation (docs/api/moderation.md): the member is suspended until this instant (ISO);
    // PERMANENT_SUSPENSION for a permanent one; null when in good standing.
    suspendedUntil: text('suspended_until'),
  },
  (t) => [
    // The cron job that ends suspensions reads only suspended members.
    index('users_suspended_until_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} IS NOT NULL`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_verification_token_idx').on(t.verificationToken),
    index('users_created_at_idx').on(t.createdAt),
    // Contact messages go to every admin. Partial (decision 029, members' write paths): a new
    // member, never an admin, writes no entry; the query names `is_admin = 1` to use it.
    index('users_is_admin_idx')
      .on(t.isAdmin)
      .where(sql`${t.isAdmin} = 1`),
    // Rows still in the pre-relief Argon2id format, for the upgrade job: empty once all are done,
    // so the job's check reads nothing (decision 015).
    index('users_legacy_password_idx')
      .on(t.id)
      .where(sql`substr(${t.password}, 1, 10) = '$argon2id$'`),
  ],
);

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

/** The six categories' slugs (migration 0001 adds them; no route adds one): each has partial indexes of its public listings. */
export const CATEGORY_SLUGS: readonly string[] = FALLBACK_CATEGORIES.map((category) => category.slug);

/**
 * A public listing of a category, as the per-category partial indexes' WHERE says it (a query
 * uses them only when it repeats this verbatim): its `categories_offered` JSON names the slug,
 * written with the listing_categories rows in the same batch on every path.
 */
export const publicInCategory = (slug: string) =>
  `status IN ('active', 'pending') AND instr(categories_offered, '"${slug}"') > 0`;

export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoriesOffered: jsonList('categories_offered'),
    whatUserWants: text('what_user_wants').notNull(),
    whatUserWantsOptions: jsonList('what_user_wants_options'),
    acceptOffers: bool('accept_offers').notNull().default(false),
    location: text('location').notNull(),
    distance: integer('distance').notNull(),
    imageUrls: jsonList('image_urls'),
    // 'hidden': out of public view by moderation (docs/api/moderation.md); only moderation sets or lifts it.
    // 'deleted': being deleted in bounded steps (decision 042); never shown: every read path treats it as gone.
    status: text('status', { enum: [...STORED_LISTING_STATUSES, 'deleted'] })
      .notNull()
      .default('active'),
    isFeatured: bool('is_featured').notNull().default(false),
    // Coordinates the location resolved to on save (null when the gazetteer has no match).
    latitude: real('latitude'),
    longitude: real('longitude'),
    // The 1° grid cell of the coordinates (decision 020): distance search reads the few cells that
    // cover its circle. Computed by SQLite, never written; null when the coordinates are.
    cell: integer('cell').generatedAlwaysAs(
      sql`CAST(latitude + 90 AS INTEGER) * 360 + CAST(longitude + 180 AS INTEGER) % 360`,
      { mode: 'virtual' },
    ),
    createdAt: createdAt(),
    // Added after created_at (migration 0031): inserts that select every column keep the table's order.
    // While hidden: the status to restore and why it was hidden (a listing hidden for its owner's
    // suspension comes back on reinstatement; one hidden by an admin or by reports does not).
    heldStatus: text('held_status', { enum: LISTING_STATUSES }),
    hiddenReason: text('hidden_reason', { enum: HIDDEN_REASONS }),
  },
  (t) => [
    index('listings_status_created_idx').on(t.status, t.createdAt),
    // Public listings newest first (browse, category walk) and per cell newest first (distance
    // search): partial indexes, used by queries that repeat `status IN ('active', 'pending')` verbatim.
    index('listings_public_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`status IN ('active', 'pending')`),
    index('listings_public_cell_idx')
      .on(t.cell, t.createdAt, t.id)
      .where(sql`status IN ('active', 'pending')`),
    // The same two per category (decision 041): a category's deepest page reads about its own
    // offset + limit entries, not those of every category it walks past.
    ...CATEGORY_SLUGS.flatMap((slug) => [
      index(`listings_public_${slug}_idx`)
        .on(t.createdAt, t.id)
        .where(sql.raw(publicInCategory(slug))),
      index(`listings_public_${slug}_cell_idx`)
        .on(t.cell, t.createdAt, t.id)
        .where(sql.raw(publicInCategory(slug))),
    ]),
    // Distance search narrows to a latitude band first, then checks longitude and exact distance.
    index('listings_coordinates_idx').on(t.latitude, t.longitude),
    index('listings_user_created_idx').on(t.userId, t.createdAt),
    // The featured strip: only featured listings (decision 029, members' write paths), so a new
    // listing writes no entry; the query names `is_featured = 1` to use it.
    index('listings_featured_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.isFeatured} = 1`),
    // Every listing of every status newest first: the admin listings tab's keyset pages (decision 026).
    index('listings_created_idx').on(t.createdAt, t.id),
  ],
);

// Counts of public (active and pending) listings, kept exact by triggers (migration
// 0015_listing_counters): '*' all, 'cat:<slug>' per category, 'unplaced' those without coordinates.
export const listingCounts = sqliteTable('listing_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull().default(0),
});

// Public listings per place (listings sit at the coordinates their location resolved to) and per
// category at each place, kept by the same triggers: key '*' counts every public listing there,
// 'cat:<slug>' those of a category. A distance search counts its matches from the places in range.
export const listingPlaces = sqliteTable(
  'listing_places',
  {
    key: text('key').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    cell: integer('cell').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.latitude, t.longitude] }),
    index('listing_places_key_cell_idx').on(t.key, t.cell),
  ],
);

// One row per (listing, category) so a category filter is an index lookup, not a JSON scan.
export const listingCategories = sqliteTable(
  'listing_categories',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.slug] }), index('listing_categories_slug_idx').on(t.slug, t.listingId)],
);

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
    // summary row counts unread ones (worker/db/queries/messages.ts). It cost a row per message sent.
    // A racing repeat of a step (two accepts) writes its line once: INSERT OR IGNORE on this key.
    uniqueIndex('messages_event_key_idx')
      .on(t.eventKey)
      .where(sql`${t.eventKey} IS NOT NULL`),
  ],
);

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

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    barterId: integer('barter_id').references(() => barters.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_reviewer_barter_idx').on(t.reviewerId, t.barterId),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    index('reviews_listing_idx').on(t.listingId, t.createdAt),
    // Deleting a barter cascades to its reviews; the lookup needs this index.
    index('reviews_barter_idx').on(t.barterId),
  ],
);

export const storedSearches = sqliteTable(
  'stored_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query'),
    category: text('category'),
    notificationsEnabled: bool('notifications_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('stored_searches_user_idx').on(t.userId, t.createdAt)],
);

export const testimonials = sqliteTable(
  'testimonials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    isPublic: bool('is_public').notNull().default(true),
    isApproved: bool('is_approved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('testimonials_visible_idx').on(t.isApproved, t.isPublic, t.createdAt),
    index('testimonials_user_idx').on(t.userId),
  ],
);

export const communityEvents = sqliteTable(
  'community_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: text('date').notNull(), // YYYY-MM-DD
    time: text('time').notNull(),
    location: text('location').notNull(),
    // Events outlive their organiser's account; attendance does not.
    organizerId: integer('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    maxAttendees: integer('max_attendees'),
    isActive: bool('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_events_active_date_idx').on(t.isActive, t.date),
    index('community_events_organizer_idx').on(t.organizerId),
  ],
);

export const eventAttendees = sqliteTable(
  'event_attendees',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => communityEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_attendees_event_user_idx').on(t.eventId, t.userId),
    index('event_attendees_user_idx').on(t.userId),
  ],
);

// ---- Tables beyond the core data model ----

// Sessions (docs/decisions/037-sign-in-and-session-budgets.md): the row is the truth, a KV copy
// (`session:<id>`) only a cache written while the day's KV-write budget allows. Keyed by the
// SHA-256 of the cookie's id, so the table holds no usable session id. Times in ms.
// WITHOUT ROWID (drizzle cannot say so; migration 0043, decision 049 "Second round"): found by its
// whole key, so a sign-in writes the row and its two index entries, not a key entry more.
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(), // compared with users.sessions_valid_after
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(), // SHA-256 of the emailed token
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

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

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// Every signed upload: who may attach it, and whether a listing uses it yet.
export const uploads = sqliteTable(
  'uploads',
  {
    key: text('key').primaryKey(), // R2 key, e.g. uploads/<uuid>
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storedAt: text('stored_at'),
    attachedAt: text('attached_at'),
    createdAt: createdAt(),
  },
  // (user, attached) counts a member's unattached uploads for the cap from the index alone, and
  // serves the users cascade. The prune job's oldest-first walk needs only the unattached uploads:
  // partial (decision 029, members' write paths), so attaching one deletes its entry (not
  // counted as a row written) instead of moving it.
  (t) => [
    index('uploads_user_attached_idx').on(t.userId, t.attachedAt),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
  ],
);

// Fixed-window counters for rate limits; a row per (rule, subject). No index besides the key: each
// hit rewrites reset_at, and an index on it cost a written row per hit; the daily prune reads the
// table through (it holds one row per subject seen since the last prune). The table is WITHOUT
// ROWID (migration rows_written, decision 029), so a new key writes one row, not a row and its key.
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(), // ms since epoch
});

export type UserRow = typeof users.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type BarterRow = typeof barters.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type StoredSearchRow = typeof storedSearches.$inferSelect;

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

// ---- Issue 4: places, notifications, cron bookkeeping ----

// The gazetteer is not in D1: it ships as static assets (docs/decisions/009-gazetteer-as-static-assets.md).

// One entry per subject: a conversation's messages, a barter, a review, a saved search's matches.
// A new event on the same subject bumps the entry (count, text, unread) instead of adding rows.
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    subjectKey: text('subject_key').notNull(), // e.g. "message:<listingId>:<partnerId>"
    text: text('text').notNull(),
    link: text('link').notNull(),
    count: integer('count').notNull().default(1),
    readAt: text('read_at'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
    /**
     * A conversation entry's mark on the receiver's summary row: its `received_texts` when `count`
     * last took the conversation's messages in. While the entry is unread, the messages received
     * since (received_texts - base) count on top of `count` without a write here; NULL on other
     * subjects and on entries from before this column (decision 029, "Bell entries counted from
     * the summaries").
     */
    base: integer('base'),
  },
  (t) => [
    uniqueIndex('notifications_user_subject_idx').on(t.userId, t.subjectKey),
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt),
    // The unread entries only (the bell's count, "mark all read"): settling an entry deletes its
    // entry here, which D1 does not count, where (user_id, read_at) wrote a moved one (decision 029).
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    // The match digest reads the match entries of its window only (worker/cron/match-digest.ts).
    index('notifications_match_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'match'`),
  ],
);

// "Mark all read" beyond what one request marks (decision 042): the request marks the bell's page
// and up to MARK_ALL_PER_REQUEST more; this row asks the frequent cron to mark the member's other
// entries that were unread at `through`, in bounded steps, and goes when they are done. One row
// per member (the key is the member: a second "mark all" moves `through` on).
export const bellReadMarks = sqliteTable('bell_read_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  through: text('through').notNull(),
  createdAt: createdAt(),
});

// Matches a listing change found beyond what its request announces (decision 042): the request
// notifies the member's best MATCH_PARTNERS_PER_REQUEST partners; this row asks the frequent cron
// to announce the rest (worker/cron/match-fanout.ts). One row per member.
export const matchFanouts = sqliteTable('match_fanouts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// A ledger of cron runs: a rerun for the same scheduled time finds its row and does nothing.
// WITHOUT ROWID (migration rows_written, decision 029): a claim writes one row, not a row and its key.
export const cronRuns = sqliteTable(
  'cron_runs',
  {
    job: text('job').notNull(),
    scheduledAt: text('scheduled_at').notNull(),
    ranAt: text('ran_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.job, t.scheduledAt] })],
);

// Where a cron job left off (its watermark): one small row per job, read and written by key, so
// a run starts from it instead of searching a whole table (docs/api/background-jobs.md).
export const cronState = sqliteTable('cron_state', {
  job: text('job').primaryKey(),
  /** The job's position, e.g. the first message id of its last window. */
  cursor: integer('cursor').notNull(),
  /** The time that position stands for (ISO), e.g. that window's start. */
  at: text('at').notNull(),
  updatedAt: text('updated_at').notNull().default(now),
});

// The listings the saved-search alerts are matching (worker/cron/saved-search-alerts.ts): one row
// (id 1) holding their ids as a JSON array in ascending order. The view `alert_listings` (migration
// 0026) reads those listings, and the FTS5 index `alert_listings_fts` is built over that view with
// one 'rebuild' command: one row written for the ids and one for the rebuild, however many listings
// (decision 029, "Cron rows written").
export const alertBatch = sqliteTable('alert_batch', {
  id: integer('id').primaryKey(),
  listingIds: text('listing_ids').notNull().default('[]'),
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

export type NotificationRow = typeof notifications.$inferSelect;

// "I'd take this": a member wants a listing (docs/api/wants-matches-circles.md). These are the
// edges of the want graph that two-way matches and trade circles are found in.
export const wants = sqliteTable(
  'wants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('wants_listing_idx').on(t.listingId),
    index('wants_user_created_idx').on(t.userId, t.createdAt),
  ],
);

// A trade circle: 2 to 5 members, each giving one listing to the next (ring order in the legs).
// `legsKey` names the set of legs independent of where the ring starts, so a declined circle is
// never proposed again with the same legs.
export const tradeCircles = sqliteTable(
  'trade_circles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: ['proposed', 'agreed', 'declined', 'expired'] })
      .notNull()
      .default('proposed'),
    legsKey: text('legs_key').notNull(),
    createdAt: createdAt(),
    expiresAt: text('expires_at').notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('trade_circles_legs_key_idx').on(t.legsKey, t.status),
    index('trade_circles_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

// Members the trade-circle pass searches first (docs/algorithms/trade-circles.md "The seed
// queue"): filled by triggers (migrations) when a circle they were in is declined, dissolved or
// expires, and when a listing of theirs becomes active again; the pass takes the oldest entries as
// its page's first seeds and deletes them once the page is done. `n` counts re-queuings, so an
// entry queued again while its page ran is kept.
export const tradeCircleSeeds = sqliteTable(
  'trade_circle_seeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    queuedAt: text('queued_at').notNull().default(now),
    n: integer('n').notNull().default(1),
  },
  (t) => [index('trade_circle_seeds_queued_idx').on(t.queuedAt)],
);

// WITHOUT ROWID (migration cron_rows_written, decision 029): a leg writes its row and four index
// entries, not a rowid row and its key besides.
// One leg of a circle: the giver gives the listing to the receiver. Each member gives exactly one
// leg, so the giver's decision is the member's decision. `open` is 1 while the circle is proposed
// or agreed (changed in the same batch as the circle's status): a listing is in at most one open
// circle, enforced by the partial unique index, which is also the race guard.
export const tradeCircleLegs = sqliteTable(
  'trade_circle_legs',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => tradeCircles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['accepted', 'declined'] }),
    barterId: integer('barter_id').references(() => barters.id, { onDelete: 'set null' }),
    open: bool('open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.position] }),
    uniqueIndex('trade_circle_legs_open_listing_idx')
      .on(t.listingId)
      .where(sql`${t.open} = 1`),
    index('trade_circle_legs_giver_idx').on(t.giverId, t.circleId),
    index('trade_circle_legs_receiver_idx').on(t.receiverId, t.circleId),
    index('trade_circle_legs_listing_idx').on(t.listingId),
  ],
);

// The circle's group chat.
export const tradeCircleMessages = sqliteTable(
  'trade_circle_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => tradeCircles.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    // Set when a moderator hid the line (as messages.hidden_at).
    hiddenAt: text('hidden_at'),
  },
  (t) => [
    index('trade_circle_messages_circle_idx').on(t.circleId, t.id),
    index('trade_circle_messages_sender_idx').on(t.senderId),
  ],
);

export type WantRow = typeof wants.$inferSelect;
export type TradeCircleRow = typeof tradeCircles.$inferSelect;
export type TradeCircleLegRow = typeof tradeCircleLegs.$inferSelect;

// ---- Issue 10: summary and counter rows, kept by triggers (migrations/*_summary_triggers.sql) ----

// One row per member per conversation: the conversation list reads a page of these instead of
// aggregating messages. Triggers on messages keep every row exact in the same statement as the
// change (send, read, offer event lines, deletes and their cascades).
export const conversationSummaries = sqliteTable(
  'conversation_summaries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
    lastMessage: text('last_message').notNull(),
    lastMessageTime: text('last_message_time').notNull(),
    /** Messages this member received in the conversation and has not read. */
    unreadCount: integer('unread_count').notNull().default(0),
    /**
     * When a thread read last found unread messages here and set unreadCount to 0 (one write, before
     * it marks the messages; the mark-read walk of the same batch is keyed on this value).
     */
    unreadSettledAt: text('unread_settled_at'),
    /**
     * Text messages (kind 'text') this member has received in the conversation, ever (never goes
     * down), and the created_at of the newest: set by the message insert trigger on the receiver's
     * row, which it writes anyway. Not indexed, so free. The bell counts an unread conversation
     * entry's messages from these (notifications.base; decision 029).
     */
    receivedTexts: integer('received_texts').notNull().default(0),
    lastTextReceivedAt: text('last_text_received_at'),
    /**
     * The unread count the thread read stamped `unreadSettledAt` took to 0 (decision 049): the
     * mark-read walk of the same batch stops after that many unread messages, newest first,
     * instead of reading the direction's whole range. Not indexed, written with the stamp: free.
     */
    unreadSettledCount: integer('unread_settled_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId, t.partnerId] }),
    // The list, newest first, paged by (time, message id).
    index('conversation_summaries_user_recent_idx').on(t.userId, t.lastMessageTime, t.lastMessageId),
    index('conversation_summaries_partner_idx').on(t.partnerId),
    index('conversation_summaries_listing_idx').on(t.listingId),
  ],
);

// One row per conversation started after migration 0030 (decision 032): the two members' sides
// on one row, `a` the member with the lower id. A message moves one row and its two recency index
// entries (3 rows written) where the two summary rows above moved four, and a new conversation
// writes 3 rows where two summary rows wrote 10. Conversations from before keep their summary rows
// (copying 133,000 rows at scale would cost more than a free-plan day of writes); the triggers on
// messages write the shape a conversation already has, and readers read both (conversation_sides).
// WITHOUT ROWID: the row lives in its key's b-tree. The key serves listing cascades, each recency
// index its member's list and account-deletion cascade.
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
    // Each side's columns, as conversation_summaries has them for one member.
    aUnreadCount: integer('a_unread_count').notNull().default(0),
    bUnreadCount: integer('b_unread_count').notNull().default(0),
    aUnreadSettledAt: text('a_unread_settled_at'),
    bUnreadSettledAt: text('b_unread_settled_at'),
    aReceivedTexts: integer('a_received_texts').notNull().default(0),
    bReceivedTexts: integer('b_received_texts').notNull().default(0),
    aLastTextReceivedAt: text('a_last_text_received_at'),
    bLastTextReceivedAt: text('b_last_text_received_at'),
    aUnreadSettledCount: integer('a_unread_settled_count').notNull().default(0),
    bUnreadSettledCount: integer('b_unread_settled_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.aId, t.bId] }),
    index('conversations_a_recent_idx').on(t.aId, t.lastMessageTime, t.lastMessageId),
    index('conversations_b_recent_idx').on(t.bId, t.lastMessageTime, t.lastMessageId),
  ],
);

// Exact counts the home, community and admin pages show, kept by triggers on their tables:
// 'users', 'barters_completed', 'testimonials_visible' (approved and public). Open listings are
// listing_counts' '*' row.
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

// Exact counts only the admin dashboard shows (decision 026), kept by triggers (migration 0020):
// 'listings' (every status), 'listings_featured', 'email_pending' (outbox rows waiting).
export const adminCounters = sqliteTable('admin_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

// ---- Issue 21: reports, blocks and moderation (docs/api/moderation.md, decision 034) ----

// A block separates two members both ways (blocker → blocked). Read from either side: the primary
// key serves "whom I blocked", the index "who blocked me"; browse and search fold both into the
// statement they already run (a constant subquery), so a block check costs no round trip.
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

// A report of a listing, member, message, offer or trade-circle chat line, or a guard's hold
// (reporter null, `guard` says which). Never deleted with an account: the reporter and the member
// responsible become null (SET NULL), the snapshot keeps what was reported.
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    // The member responsible for the target (the listing's owner, the sender, the member).
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    // Set on a report an automatic guard filed (docs/api/moderation.md, "Automatic guards").
    guard: text('guard', { enum: MODERATION_GUARDS }),
    // JSON: the target's content when it was reported.
    snapshot: text('snapshot').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    // How it was resolved: the action taken.
    resolution: text('resolution', { enum: MODERATION_ACTIONS }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: text('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter and target (a repeat returns it).
    uniqueIndex('reports_open_reporter_target_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The queue: open reports oldest first, grouped by target.
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    // A reporter's own reports, newest first; the rate limit counts the last hour's.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt),
    // Serves the foreign key: deleting an admin's account finds the reports they resolved.
    index('reports_resolved_by_idx')
      .on(t.resolvedBy)
      .where(sql`${t.resolvedBy} IS NOT NULL`),
  ],
);

// Every admin action (moderation, make-admin, featuring): the audit log, newest first. Kept when
// the actor or the member acted on is deleted (SET NULL; the names are copied in).
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    // What the target was called when acted on (a username, a listing title).
    targetLabel: text('target_label').notNull().default(''),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    days: integer('days'),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt, t.id),
    index('moderation_actions_target_user_idx').on(t.targetUserId, t.createdAt),
    // These serve the foreign keys (deleting an account or a report finds its rows by index).
    index('moderation_actions_actor_idx').on(t.actorId),
    index('moderation_actions_report_idx')
      .on(t.reportId)
      .where(sql`${t.reportId} IS NOT NULL`),
  ],
);

// Messages a guard held for review (a burst of links from a day-old account): not delivered until
// an admin releases them (then written to messages as sent), deleted when the admin hides them.
export const heldMessages = sqliteTable(
  'held_messages',
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
    createdAt: createdAt(),
  },
  (t) => [
    index('held_messages_sender_idx').on(t.senderId, t.createdAt),
    // These serve the foreign keys' cascades.
    index('held_messages_receiver_idx').on(t.receiverId),
    index('held_messages_listing_idx').on(t.listingId),
  ],
);

export type BlockRow = typeof blocks.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type HeldMessageRow = typeof heldMessages.$inferSelect;
