// Community counters, analytics, testimonials, events and contact messages.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { PUBLIC_STATUSES } from './listings';
import type { Db } from '../client';
import { barters, communityEvents, contactMessages, eventAttendees, listings, testimonials, users } from '../schema';

/** Lists on community pages are capped so one request stays small on the free plan. */
export const COMMUNITY_LIST_LIMIT = 50;

// Each counter as a query, so an endpoint can run all of its counts in one batch. One definition
// per figure, used by the home page, the community page and the admin dashboard alike, so the
// three never disagree: members are all accounts, listings are the open ones (active and pending,
// what Browse shows a visitor), barters are the completed ones.
const countUsers = (db: Db) => db.select({ count: count() }).from(users);
const countOpenListings = (db: Db) => db.select({ count: count() }).from(listings).where(inArray(listings.status, [...PUBLIC_STATUSES]));
const countCompletedBarters = (db: Db) => db.select({ count: count() }).from(barters).where(eq(barters.status, 'completed'));
const countVisibleTestimonials = (db: Db) =>
  db.select({ count: count() }).from(testimonials).where(and(eq(testimonials.isApproved, true), eq(testimonials.isPublic, true)));
const countUpcomingEvents = (db: Db, today: string) =>
  db.select({ count: count() }).from(communityEvents).where(and(eq(communityEvents.isActive, true), gte(communityEvents.date, today)));

const first = (rows: { count: number }[]) => rows[0]?.count ?? 0;

export async function completedBarterCount(db: Db): Promise<number> {
  return first(await countCompletedBarters(db));
}

export async function userCount(db: Db): Promise<number> {
  return first(await countUsers(db));
}

/** Open listings (active and pending): the home page's "Skills and goods offered". */
export async function openListingCount(db: Db): Promise<number> {
  return first(await countOpenListings(db));
}

/** The Live Activity Feed: members, open listings, completed barters, visible testimonials, upcoming events. */
export async function activitySummary(db: Db, today: string) {
  const [u, l, b, t, e] = await db.batch([
    countUsers(db),
    countOpenListings(db),
    countCompletedBarters(db),
    countVisibleTestimonials(db),
    countUpcomingEvents(db, today),
  ]);
  return { users: first(u), listings: first(l), barters: first(b), testimonials: first(t), events: first(e) };
}

/** The dashboard's counts (totalSkills: open listings); the savings estimate is derived by the caller. */
export async function dashboardCounts(db: Db) {
  const [u, l, b] = await db.batch([countUsers(db), countOpenListings(db), countCompletedBarters(db)]);
  return { totalUsers: first(u), totalSkills: first(l), completedBarters: first(b) };
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
