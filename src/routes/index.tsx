import { createFileRoute } from '@tanstack/react-router';
import { featuredListingsQuery } from '../features/listings/api';
import { HomePage } from '../features/home/components/home-page';
import { authKeys } from '../lib/query-keys';

export const Route = createFileRoute('/')({
  // Start the featured read while the page's code loads; the sections show their own states.
  // No read on a hover's preload (decision 043). A member's own section is code of its own,
  // loaded here for members only, so the page renders whole (decision 065) and a guest's home
  // loads none of it.
  loader: async ({ context, preload }) => {
    if (preload) return;
    void context.queryClient.prefetchQuery(featuredListingsQuery);
    if (context.queryClient.getQueryData(authKeys.currentUser))
      return (await import('../features/home/components/member-home')).default;
  },
  component: function Home() {
    return <HomePage member={Route.useLoaderData()} />;
  },
});
