// The community feed (docs/api/users-and-community.md, "Live updates"; decision 028): the activity feed and
// the dashboard's figures, read once for every open page by one CommunityFeed Durable Object and
// pushed over hibernatable WebSockets, instead of each page polling the two routes.
import type { CommunityFeed } from './community-feed';
import type { Activity, Dashboard } from '@/shared/contract/community';

/** The one object every page's feed socket goes to. */
export const COMMUNITY_FEED_NAME = 'community';

export function communityFeedStub(env: Env): DurableObjectStub<CommunityFeed> {
  return env.COMMUNITY_FEED.get(env.COMMUNITY_FEED.idFromName(COMMUNITY_FEED_NAME));
}

/**
 * The dashboard's figures from the counters (GET /api/analytics/dashboard and the feed's frame
 * alike): each completed barter saves both members roughly what they would otherwise have paid
 * (SAVINGS_PER_BARTER, decision 004).
 */
export function dashboardFigures(
  counts: { totalUsers: number; totalSkills: number; completedBarters: number },
  env: Pick<Env, 'SAVINGS_PER_BARTER'>,
): Dashboard {
  const perMemberPerBarter = Number(env.SAVINGS_PER_BARTER);
  const totalSavings = counts.completedBarters * 2 * (Number.isFinite(perMemberPerBarter) ? perMemberPerBarter : 0);
  return { ...counts, totalSavings };
}

/** The dashboard's counts are the activity feed's users, open listings and completed barters. */
export const dashboardFromActivity = (activity: Activity, env: Pick<Env, 'SAVINGS_PER_BARTER'>): Dashboard =>
  dashboardFigures(
    { totalUsers: activity.users, totalSkills: activity.listings, completedBarters: activity.barters },
    env,
  );
