import { createFileRoute } from '@tanstack/react-router';
import { testimonialsQuery } from '../features/community/api';
import { CommunityPage } from '../features/community/components/community-page';

export const Route = createFileRoute('/community')({
  // Start the reads with the route's code; the page shows skeletons until they land. The figures
  // come over the community feed socket (use-community-feed.ts), not from a read here.
  // No read on a hover's preload (decision 043): only the route's code is fetched then.
  loader: ({ context, preload }) => {
    if (preload) return;
    void context.queryClient.prefetchQuery(testimonialsQuery);
  },
  component: CommunityPage,
});
