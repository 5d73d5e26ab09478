// The community: figures, activity, testimonials, events and the contact form
// (docs/api/users-and-community.md).
import * as v from 'valibot';
import { contactSchema } from '../schemas';
import { countReply } from './common';
import { route } from './route';
import { userSummary } from './users';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The Live Activity Feed's figures. */
export const activity = v.strictObject({
  users: count,
  listings: count,
  barters: count,
  testimonials: count,
  events: count,
});
export type Activity = v.InferOutput<typeof activity>;

/** The dashboard's figures; totalSavings is completedBarters × 2 × SAVINGS_PER_BARTER. */
export const dashboard = v.strictObject({
  totalUsers: count,
  totalSkills: count,
  completedBarters: count,
  totalSavings: v.pipe(v.number(), v.minValue(0)),
});
export type Dashboard = v.InferOutput<typeof dashboard>;

/** The community feed socket's one frame: both bodies as the two routes would answer now. */
export const communityFrame = v.strictObject({ type: v.literal('community'), activity, dashboard });
export type CommunityFrame = v.InferOutput<typeof communityFrame>;

/**
 * An approved, public testimonial about a completed barter its author was a side of: its columns,
 * its author and the barter's listing (decision 062).
 */
export const testimonial = v.strictObject({
  id: v.number(),
  userId: v.number(),
  title: v.string(),
  content: v.string(),
  rating: v.number(),
  isPublic: v.boolean(),
  isApproved: v.boolean(),
  barterId: v.number(),
  createdAt: v.string(),
  user: userSummary,
  listing: v.strictObject({ id: v.number(), title: v.string() }),
});
export type Testimonial = v.InferOutput<typeof testimonial>;

/** An upcoming event: its columns, how many attend, and its organiser (null once their account is gone). */
export const communityEvent = v.strictObject({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  /** YYYY-MM-DD */
  date: v.string(),
  time: v.string(),
  location: v.string(),
  organizerId: v.nullable(v.number()),
  maxAttendees: v.nullable(v.number()),
  isActive: v.boolean(),
  createdAt: v.string(),
  attendeeCount: v.number(),
  organizer: v.nullable(v.strictObject({ id: v.number(), displayName: v.string() })),
});
export type CommunityEvent = v.InferOutput<typeof communityEvent>;

export const contactReply = v.strictObject({ message: v.string(), id: v.number() });

const tag = 'Community';
const noSession = 'Public counter rows; no session is read.';

export const communityRoutes = {
  userCount: route({
    method: 'GET',
    path: '/api/users/count',
    tag,
    summary: 'How many members there are',
    access: 'anyone',
    reply: countReply,
    notes: noSession,
  }),
  skillCount: route({
    method: 'GET',
    path: '/api/skills/count',
    tag,
    summary: 'How many listings are open (active or pending)',
    access: 'anyone',
    reply: countReply,
    notes: noSession,
  }),
  barterCount: route({
    method: 'GET',
    path: '/api/barters/count',
    tag,
    summary: 'How many barters were completed',
    access: 'anyone',
    reply: countReply,
    notes: noSession,
  }),
  activity: route({
    method: 'GET',
    path: '/api/analytics/activity',
    tag,
    summary: 'The Live Activity Feed: members, open listings, completed barters, stories, upcoming events',
    access: 'anyone',
    reply: activity,
    notes: noSession,
  }),
  dashboard: route({
    method: 'GET',
    path: '/api/analytics/dashboard',
    tag,
    summary: "The dashboard's figures and the savings estimate",
    access: 'anyone',
    reply: dashboard,
    notes: noSession,
  }),
  feed: route({
    method: 'GET',
    path: '/api/analytics/ws',
    tag,
    summary: 'The community feed socket: activity and dashboard pushed every 15 seconds',
    access: 'anyone',
    reply: null,
    socket: { frames: communityFrame },
    errors: [403, 426, 503],
    notes: "This site's pages only; at most 32 sockets an address; clients send nothing.",
  }),
  testimonials: route({
    method: 'GET',
    path: '/api/testimonials',
    tag,
    summary: 'Approved, public testimonials, newest first',
    access: 'anyone',
    query: v.object({ limit: v.optional(v.string()) }),
    reply: v.array(testimonial),
    errors: [400],
    notes: '`limit` 1 to 50 (default 50). Browsers may keep the answer five minutes.',
  }),
  events: route({
    method: 'GET',
    path: '/api/events',
    tag,
    summary: 'Upcoming events, soonest first (at most 50)',
    access: 'anyone',
    reply: v.array(communityEvent),
  }),
  contact: route({
    method: 'POST',
    path: '/api/contact',
    tag,
    summary: 'Send the admins a message',
    access: 'anyone',
    body: contactSchema,
    reply: contactReply,
    status: 201,
    errors: [400],
    notes: 'At most 5 an address a minute and 5 a day.',
  }),
};
