// Community counters, analytics, testimonials, events and contact messages.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { communityEvents, contactMessages, counters, eventAttendees, testimonials, users } from '../schema';

/** Lists on community pages are capped so one request stays small on the free plan. */
export const COMMUNITY_LIST_LIMIT = 50;

/**
 * The counter rows (the `counters` table): exact counts kept by triggers on users, listings,
 * barters and testimonials (migrations/0012_summary_triggers.sql), so a count is one primary-key
 * read instead of a count(*) over the table. Definitions, unchanged from the count(*)s they replace:
 * users: every account; listings_active: status active; listings_open: active or pending;
 * barters_completed: status completed; testimonials_visible: approved and public.
 */
type CounterName = 'users' | 'listings_active' | 'listings_open' | 'barters_completed' | 'testimonials_visible';

const readCounters = (db: Db, names: CounterName[]) => db.select({ name: counters.name, value: counters.value }).from(counters).where(inArray(counters.name, names));

const valueOf = (rows: { name: string; value: number }[], name: CounterName) => rows.find((r) => r.name === name)?.value ?? 0;

/** Upcoming events depend on the date, so they are counted (few rows, by community_events_active_date_idx). */
const countUpcomingEvents = (db: Db, today: string) =>
  db.select({ count: count() }).from(communityEvents).where(and(eq(communityEvents.isActive, true), gte(communityEvents.date, today)));

const first = (rows: { count: number }[]) => rows[0]?.count ?? 0;

export async function completedBarterCount(db: Db): Promise<number> {
  return valueOf(await readCounters(db, ['barters_completed']), 'barters_completed');
}

export async function userCount(db: Db): Promise<number> {
  return valueOf(await readCounters(db, ['users']), 'users');
}

export async function activeListingCount(db: Db): Promise<number> {
  return valueOf(await readCounters(db, ['listings_active']), 'listings_active');
}

/** The Live Activity Feed: members, open listings, completed barters, visible testimonials, upcoming events. */
export async function activitySummary(db: Db, today: string) {
  const [rows, e] = await db.batch([
    readCounters(db, ['users', 'listings_open', 'barters_completed', 'testimonials_visible']),
    countUpcomingEvents(db, today),
  ]);
  return {
    users: valueOf(rows, 'users'),
    listings: valueOf(rows, 'listings_open'),
    barters: valueOf(rows, 'barters_completed'),
    testimonials: valueOf(rows, 'testimonials_visible'),
    events: first(e),
  };
}

/** The dashboard's counts; the savings estimate is derived from them by the caller. */
export async function dashboardCounts(db: Db) {
  const rows = await readCounters(db, ['users', 'listings_active', 'barters_completed']);
  return { totalUsers: valueOf(rows, 'users'), totalSkills: valueOf(rows, 'listings_active'), completedBarters: valueOf(rows, 'barters_completed') };
}

/** Approved, public testimonials, newest first, with their author. */
export async function visibleTestimonials(db: Db) {
  const rows = await db
    .select({
      testimonial: testimonials,
      user: { id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl },
    })
    .from(testimonials)
    .innerJoin(users, eq(users.id, testimonials.userId))
    .where(and(eq(testimonials.isApproved, true), eq(testimonials.isPublic, true)))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(COMMUNITY_LIST_LIMIT);
  return rows.map(({ testimonial, user }) => ({ ...testimonial, user }));
}

/** Active events dated `today` or later, soonest first, with attendance and organiser. */
export async function upcomingEvents(db: Db, today: string) {
  const attendeeCount = sql<number>`(SELECT count(*) FROM ${eventAttendees} WHERE ${eventAttendees.eventId} = ${communityEvents.id})`.mapWith(Number);
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
  return db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
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
