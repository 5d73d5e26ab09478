import { Card, Skeleton } from '@radix-ui/themes';
import type { Listing } from '@/shared/contract/listings';
import { ListingCard } from './listing-card';
import './listing-card.css';

/** A responsive grid of listing cards, or placeholders of the same size while loading. */
export function ListingGrid({
  listings,
  skeletons = 6,
  headingLevel = 'h3',
}: {
  listings: Listing[] | undefined;
  skeletons?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  if (!listings) {
    return (
      <div className="listing-grid" aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <Card key={i} size="1" className="listing-card">
            <Skeleton className="listing-image" />
            <div className="listing-card-body">
              <Skeleton height="20px" mb="2" />
              <Skeleton height="16px" width="60%" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  return (
    <ul className="listing-grid">
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
