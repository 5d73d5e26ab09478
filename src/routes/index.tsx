import { createFileRoute } from '@tanstack/react-router';
import { featuredListingsQuery } from '../features/listings/api';
import { HomePage } from '../features/home/components/home-page';

export const Route = createFileRoute('/')({
  // Start the featured read while the page's code loads; the sections show their own states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(featuredListingsQuery);
  },
  component: HomePage,
});
