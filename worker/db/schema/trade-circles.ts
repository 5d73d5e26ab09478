// Wants, matches and trade circles (docs/api/wants-matches-circles.md): the want graph, the
// match announcements left for the cron, and the circles found in the graph.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, createdAt, bool } from './columns';
import { listings } from './listings';
import { users } from './members';
import { barters } from './offers';

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

// Matches a listing change found beyond what its request announces (decision 042): the request
// notifies the member's best MATCH_PARTNERS_PER_REQUEST partners; this row asks the frequent cron
// to announce the rest (worker/cron/match-fanout.ts). One row per member.
export const matchFanouts = sqliteTable('match_fanouts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

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
    // Why a declined circle was called off, in words its members read on the circle's page (e.g.
    // "Sam no longer wants “Tomatoes”", decision 061). Null while proposed or agreed, for expired
    // circles, and for circles called off before migration 0047.
    endReason: text('end_reason'),
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
