// The signed-in member's part of the home page (issue 25 item 8, decision 065): what waits on them,
// read in one D1 batch. Guests never call it; their home is the spec's.
import * as v from 'valibot';
import { conversationSummary } from './conversations';
import { route } from './route';

/** Most unread conversations and busy listings the home page names; the rest are a link away. */
export const MEMBER_HOME_SHOWN = 5;

export const memberHome = v.strictObject({
  /** Conversations with messages the member has not read, newest first (at most MEMBER_HOME_SHOWN). */
  unreadConversations: v.array(conversationSummary),
  /** Open offers the member is to answer, and open offers of theirs the other member is to answer. */
  openOffers: v.strictObject({ toAnswer: v.number(), waiting: v.number() }),
  /** Trade circles the member is in that are still being decided, and agreed ones. */
  circles: v.strictObject({ deciding: v.number(), agreed: v.number() }),
  /** The member's active listings with open offers or wants on them, newest first (at most MEMBER_HOME_SHOWN). */
  listingActivity: v.array(
    v.strictObject({ id: v.number(), title: v.string(), openOffers: v.number(), wants: v.number() }),
  ),
});
export type MemberHome = v.InferOutput<typeof memberHome>;

export const homeRoutes = {
  member: route({
    method: 'GET',
    path: '/api/home',
    tag: 'Home',
    summary: "The signed-in member's home: unread conversations, open offers, circles, their listings' activity",
    access: 'member',
    reply: memberHome,
    notes:
      "One D1 batch. Counts only the member's own rows: offers they send or answer, circles they give or receive in, their own active listings (the newest 20 are looked at).",
  }),
} as const;
