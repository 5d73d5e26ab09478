import { createFileRoute, notFound } from '@tanstack/react-router';
import { listingDetailQuery } from '../features/listings/api';
import { ListingDetail } from '../features/listings/components/listing-detail';
import { ListingNotFound } from '../features/listings/components/listing-not-found';
import { SellerCard } from '../features/profile/components/seller-card';
import { ApiError } from '../lib/api';

export const Route = createFileRoute('/listing/$id')({
  // No read on a hover's preload (decision 043): a card hovered costs the Worker nothing; only the
  // route's code (a static asset) is fetched then, and the listing is read when it opens.
  loader: async ({ context, params, preload }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    if (preload) return;
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
  return <ListingDetail id={Number(Route.useParams().id)} sellerCard={(listing) => <SellerCard listing={listing} />} />;
}
