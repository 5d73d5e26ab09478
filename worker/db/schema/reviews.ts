// Reviews: what members say of each other after a barter.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './members';
import { barters } from './offers';

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

export type ReviewRow = typeof reviews.$inferSelect;
