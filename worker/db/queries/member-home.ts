// The signed-in member's home (decision 065): what waits on them, as reads for one D1 batch. The
// unread conversations are the conversations list's own read (conversationSummariesRead); the
// rest are counts over the member's own rows, each through an index on the member or their listing.
import { and, desc, eq, sql } from 'drizzle-orm';
import { CONVERSATIONS_PAGE_DEFAULT } from '@/shared/conversation-cursor';
import { MEMBER_HOME_SHOWN, type MemberHome } from '@/shared/contract/home';
import type { Db } from '../client';
import { read, type Read } from '../read';
import { listings, users } from '../schema';
import { notBlockedEitherWay } from './blocks';
import { conversationSummariesRead } from './messages';

/** The member's newest active listings the activity looks at (listings_user_created_idx). */
export const MEMBER_HOME_LISTINGS = 20;

// The circles the member gives or receives in: the same two index lookups as the circles list
// (memberCirclesStatement, worker/db/queries/trade-circle-lifecycle.ts).
const circlesOf = (userId: number) =>
  sql`SELECT circle_id FROM trade_circle_legs WHERE giver_id = ${userId} UNION SELECT circle_id FROM trade_circle_legs WHERE receiver_id = ${userId}`;

/** Open offers both ways (offers_to_idx, offers_from_idx) and the member's undecided and agreed circles. */
function countsRead(db: Db, userId: number) {
  const query = db
    .select({
      toAnswer: sql<number>`(SELECT count(*) FROM offers WHERE to_user_id = ${userId} AND status = 'open')`,
      waiting: sql<number>`(SELECT count(*) FROM offers WHERE from_user_id = ${userId} AND status = 'open')`,
      deciding: sql<number>`(SELECT count(*) FROM trade_circles WHERE id IN (${circlesOf(userId)}) AND status = 'proposed')`,
      agreed: sql<number>`(SELECT count(*) FROM trade_circles WHERE id IN (${circlesOf(userId)}) AND status = 'agreed')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return read(query, ([row]) => ({
    openOffers: { toAnswer: Number(row?.toAnswer ?? 0), waiting: Number(row?.waiting ?? 0) },
    circles: { deciding: Number(row?.deciding ?? 0), agreed: Number(row?.agreed ?? 0) },
  }));
}

// The subqueries name `listings.id` in full: drizzle writes a column bare inside `sql`, which the
// subquery's own table would take for its own.
/** The member's newest active listings with open offers or wants (from members not in a block with them). */
function listingActivityRead(db: Db, userId: number) {
  const query = db
    .select({
      id: listings.id,
      title: listings.title,
      openOffers: sql<number>`(SELECT count(*) FROM offers o WHERE o.listing_id = listings.id AND o.status = 'open')`,
      wants: sql<number>`(SELECT count(*) FROM wants w WHERE w.listing_id = listings.id AND ${notBlockedEitherWay(userId, sql`w.user_id`)})`,
    })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.status, 'active')))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(MEMBER_HOME_LISTINGS);
  return read(query, (rows) =>
    rows
      .map((r) => ({ id: r.id, title: r.title, openOffers: Number(r.openOffers), wants: Number(r.wants) }))
      .filter((r) => r.openOffers > 0 || r.wants > 0)
      .slice(0, MEMBER_HOME_SHOWN),
  );
}

/** Everything the member's home shows, as one read of three statements (one round trip). */
export function memberHomeRead(db: Db, userId: number): Read<MemberHome> {
  const conversations = conversationSummariesRead(db, userId, { limit: CONVERSATIONS_PAGE_DEFAULT, withCursor: false });
  const counts = countsRead(db, userId);
  const activity = listingActivityRead(db, userId);
  return {
    queries: [...conversations.queries, ...counts.queries, ...activity.queries],
    reply: ([c, n, a]: unknown[]) => ({
      unreadConversations: conversations
        .reply([c])
        .filter((entry) => entry.unreadCount > 0)
        .slice(0, MEMBER_HOME_SHOWN),
      ...counts.reply([n]),
      listingActivity: activity.reply([a]),
    }),
  };
}
