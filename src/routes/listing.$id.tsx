import { createFileRoute, notFound } from '@tanstack/react-router';
import { listingDetailQuery } from '../features/listings/api';
import { ListingDetail } from '../features/listings/components/listing-detail';
import { ListingNotFound } from '../features/listings/components/listing-not-found';
import { ApiError } from '../lib/api';

export const Route = createFileRoute('/listing/$id')({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    try {
      await context.queryClient.ensureQueryData(listingDetailQuery(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: ListingRoute,
  notFoundComponent: ListingNotFound,
});

function ListingRoute() {
  return <ListingDetail id={Number(Route.useParams().id)} />;
}
