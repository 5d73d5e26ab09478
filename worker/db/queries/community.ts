// Community counters, analytics, testimonials, events and contact messages.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { read, runRead } from '../read';
import {
  barters,
  communityEvents,
  contactMessages,
  counters,
  eventAttendees,
  listingCounts,
  listings,
  testimonials,
  users,
} from '../schema';

/** Lists on community pages are capped so one request stays small on the free plan. */
export const COMMUNITY_LIST_LIMIT = 50;

/**
 * The counter rows (the `counters` table): exact counts kept by triggers on users, listings,
 * barters and testimonials (migrations/0017_summary_triggers.sql), so a count is one primary-key
 * read instead of a count(*) over the table. One definition per figure, used by the home page, the
 * community page and the admin dashboard alike, so the three never disagree: users: every account;
 * barters_completed: status completed; testimonials_visible: approved and public. Open listings
 * (active or pending, what Browse shows a visitor) are the listing counter row '*'
 * (listing_counts, decision 020), which Browse's count reads too.
 */
type CounterName = 'users' | 'barters_completed' | 'testimonials_visible';

const readCounters = (db: Db, names: CounterName[]) =>
  db.select({ name: counters.name, value: counters.value }).from(counters).where(inArray(counters.name, names));

const readOpenListings = (db: Db) =>
  db.select({ count: listingCounts.n }).from(listingCounts).where(eq(listingCounts.key, '*'));

const valueOf = (rows: { name: string; value: number }[], name: CounterName) =>
  rows.find((r) => r.name === name)?.value ?? 0;

/** Upcoming events depend on the date, so they are counted (few rows, by community_events_active_date_idx). */
const countUpcomingEvents = (db: Db, today: string) =>
  db
    .select({ count: count() })
    .from(communityEvents)
    .where(and(eq(communityEvents.isActive, true), gte(communityEvents.date, today)));

const first = (rows: { count: number }[]) => rows[0]?.count ?? 0;

export async function completedBarterCount(db: Db): Promise<number> {
  return valueOf(await readCounters(db, ['barters_completed']), 'barters_completed');
}

export async function userCount(db: Db): Promise<number> {
  return valueOf(await readCounters(db, ['users']), 'users');
}

/** Open listings (active and pending): the home page's "Skills and goods offered". */
export async function openListingCount(db: Db): Promise<number> {
  return first(await readOpenListings(db));
}

/** The Live Activity Feed: members, open listings, completed barters, visible testimonials, upcoming events. */
export async function activitySummary(db: Db, today: string, upcomingEventCount?: number) {
  const figures = [
    readCounters(db, ['users', 'barters_completed', 'testimonials_visible']),
    readOpenListings(db),
  ] as const;
  const summary = (rows: { name: string; value: number }[], l: { count: number }[], events: number) => ({
    users: valueOf(rows, 'users'),
    listings: first(l),
    barters: valueOf(rows, 'barters_completed'),
    testimonials: valueOf(rows, 'testimonials_visible'),
    events,
  });
  // A caller that knows today's count (the community feed keeps it, decision 045) skips the
  // count, which reads a row per upcoming event.
  if (upcomingEventCount !== undefined) {
    const [rows, l] = await db.batch(figures);
    return summary(rows, l, upcomingEventCount);
  }
  const [rows, l, e] = await db.batch([...figures, countUpcomingEvents(db, today)]);
  return summary(rows, l, first(e));
}

/** The dashboard's counts (totalSkills: open listings); the savings estimate is derived by the caller. */
export async function dashboardCounts(db: Db) {
  const [rows, l] = await db.batch([readCounters(db, ['users', 'barters_completed']), readOpenListings(db)]);
  return {
    totalUsers: valueOf(rows, 'users'),
    totalSkills: first(l),
    completedBarters: valueOf(rows, 'barters_completed'),
  };
}

/**
 * Approved, public testimonials about a real completed barter (their author one of its two sides;
 * decision 062), newest first, with their author and the barter's listing: the `limit` newest.
 * The counter `testimonials_visible` counts the same rows (migration 0048).
 */
export const visibleTestimonials = (db: Db, limit = COMMUNITY_LIST_LIMIT) =>
  runRead(db, visibleTestimonialsRead(db, limit));

/** The newest visible testimonials (GET /api/testimonials) as a read, for a batch. */
export function visibleTestimonialsRead(db: Db, limit = COMMUNITY_LIST_LIMIT) {
  const query = db
    .select({
      testimonial: testimonials,
      barterId: sql<number>`${barters.id}`.as('story_barter_id'),
      // Aliased like the author's id: the listing's `title` would overwrite the testimonial's in a batch.
      listing: {
        id: sql<number>`${listings.id}`.as('story_listing_id'),
        title: sql<string>`${listings.title}`.as('story_listing_title'),
      },
      // Aliased: a D1 batch returns rows as objects, where the author's `id` would overwrite the testimonial's.
      user: {
        id: sql<number>`${users.id}`.as('author_id'),
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
      },
    })
    .from(testimonials)
    .innerJoin(users, eq(users.id, testimonials.userId))
    .innerJoin(barters, eq(barters.id, testimonials.barterId))
    .innerJoin(listings, eq(listings.id, barters.listingId))
    .where(
      and(
        eq(testimonials.isApproved, true),
        eq(testimonials.isPublic, true),
        eq(barters.status, 'completed'),
        sql`${testimonials.userId} IN (${barters.initiatorId}, ${barters.recipientId})`,
      ),
    )
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(limit);
  return read(query, (rows) =>
    rows.map(({ testimonial, barterId, listing, user }) => ({ ...testimonial, barterId, listing, user })),
  );
}

/** Active events dated `today` or later, soonest first, with attendance and organiser. */
export async function upcomingEvents(db: Db, today: string) {
  const attendeeCount =
    sql<number>`(SELECT count(*) FROM ${eventAttendees} WHERE ${eventAttendees.eventId} = ${communityEvents.id})`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      event: communityEvents,
      attendeeCount,
      organizerId: users.id,
      organizerName: users.displayName,
    })
    .from(communityEvents)
    .leftJoin(users, eq(users.id, communityEvents.organizerId))
    .where(and(eq(communityEvents.isActive, true), gte(communityEvents.date, today)))
    .orderBy(asc(communityEvents.date), asc(communityEvents.time), asc(communityEvents.id))
    .limit(COMMUNITY_LIST_LIMIT);
  return rows.map(({ event, attendeeCount, organizerId, organizerName }) => ({
    ...event,
    attendeeCount,
    organizer: organizerId != null && organizerName != null ? { id: organizerId, displayName: organizerName } : null,
  }));
}

export function adminEmails(db: Db): Promise<{ email: string }[]> {
  // The literal 1 (not a bound parameter) lets SQLite use the partial users_is_admin_idx.
  return db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.isAdmin} = 1`);
}

export type NewContactMessage = typeof contactMessages.$inferInsert;

export function insertContactMessageStatement(db: Db, message: NewContactMessage) {
  return db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
}

/**
 * The first date still "today or later": the date at UTC-12, the last place where a day ends,
 * so an evening event stays listed until its day is over for every member, wherever they are.
 */
export function upcomingEventsFrom(now = Date.now()): string {
  return new Date(now - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
