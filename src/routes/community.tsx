import { createFileRoute } from '@tanstack/react-router';
import { testimonialsQuery } from '../features/community/api';
import { CommunityPage } from '../features/community/components/community-page';

export const Route = createFileRoute('/community')({
  // Start the reads with the route's code; the page shows skeletons until they land. The figures
  // come over the community feed socket (use-community-feed.ts), not from a read here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(testimonialsQuery);
  },
  component: CommunityPage,
});
