// Community reads: live counts, testimonials and events (docs/api/users-and-community.md,
// "Community counters and analytics").
import { queryOptions } from '@tanstack/react-query';
import { communityRoutes } from '@/shared/contract/community';
import { call } from '@/lib/api-client';
import { communityKeys } from '@/lib/query-keys';

/** The activity summary refreshes every 15 seconds. */
export const ACTIVITY_REFRESH_MS = 15_000;
/** The dashboard figures refetch every 30 seconds (and on Refresh in the admin). */
export const DASHBOARD_REFRESH_MS = 30_000;

/**
 * The activity summary, polled every 15 seconds. The home feed and the community page take it
 * from the community feed socket instead and poll only while it is down (use-community-feed.ts).
 */
export const activityQuery = queryOptions({
  queryKey: communityKeys.activity(),
  queryFn: () => call(communityRoutes.activity),
  refetchInterval: ACTIVITY_REFRESH_MS,
});

/** The dashboard figures, polled every 30 seconds (the admin's; the community page's come over the feed socket). */
export const dashboardQuery = queryOptions({
  queryKey: communityKeys.dashboard(),
  queryFn: () => call(communityRoutes.dashboard),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

export const testimonialsQuery = queryOptions({
  queryKey: communityKeys.testimonials,
  queryFn: () => call(communityRoutes.testimonials),
});

/** The newest `limit` only (the home page shows three): the route reads no more rows than that. */
export const newestTestimonialsQuery = (limit: number) =>
  queryOptions({
    queryKey: communityKeys.newestTestimonials(limit),
    queryFn: () => call(communityRoutes.testimonials, { query: { limit } }),
  });

export const eventsQuery = queryOptions({
  queryKey: communityKeys.events,
  queryFn: () => call(communityRoutes.events),
});
