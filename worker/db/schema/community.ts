// Community: testimonials and community events (with their attendees).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, bool } from './columns';
import { users } from './members';
import { barters } from './offers';

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
    /**
     * The completed barter the story is about (its author one of the two sides). Only a testimonial
     * linked to one is shown (decision 062); it goes with the barter.
     */
    barterId: integer('barter_id').references(() => barters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('testimonials_visible_idx').on(t.isApproved, t.isPublic, t.createdAt),
    index('testimonials_user_idx').on(t.userId),
    index('testimonials_barter_idx').on(t.barterId),
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
