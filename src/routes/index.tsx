import { createFileRoute } from '@tanstack/react-router';
import { featuredListingsQuery } from '../features/listings/api';
import { HomePage } from '../features/home/components/home-page';

export const Route = createFileRoute('/')({
  // Start the featured read while the page's code loads; the sections show their own states.
  // No read on a hover's preload (decision 043).
  loader: ({ context, preload }) => {
    if (preload) return;
    void context.queryClient.prefetchQuery(featuredListingsQuery);
  },
  component: HomePage,
});
