// Listings, categories and search: the listings, their categories, the counts search answers from,
// and the uploads a listing's images come from.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { FALLBACK_CATEGORIES, HIDDEN_REASONS, LISTING_STATUSES, STORED_LISTING_STATUSES } from '@/shared/constants';
import { createdAt, bool, jsonList } from './columns';
import { users } from './members';

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

// The gazetteer is not in D1: it ships as static assets (docs/decisions/009-gazetteer-as-static-assets.md).

export type ListingRow = typeof listings.$inferSelect;
