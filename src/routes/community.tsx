import { createFileRoute } from '@tanstack/react-router';
import { activityQuery, dashboardQuery, testimonialsQuery } from '../features/community/api';
import { CommunityPage } from '../features/community/components/community-page';

export const Route = createFileRoute('/community')({
  // Start the reads with the route's code; the page shows skeletons until they land.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardQuery);
    void context.queryClient.prefetchQuery(activityQuery);
    void context.queryClient.prefetchQuery(testimonialsQuery);
  },
  component: CommunityPage,
});
