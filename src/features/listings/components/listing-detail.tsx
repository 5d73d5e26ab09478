import { ArrowLeftIcon, SewingPinIcon } from '@radix-ui/react-icons';
import { Badge, Flex, Heading, Link as ThemeLink, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Listing } from '@/shared/contract/listings';
import { ApiError } from '@/lib/api';
import { useMetaDescription, usePageTitle } from '@/lib/use-page-title';
import { listingDetailQuery } from '../api';
import { ExchangeSummary } from './exchange-summary';
import { HiddenListingBanner } from './hidden-listing-banner';
import { ListingActionBar, ListingActions } from './listing-actions';
import { ListingGallery } from './listing-gallery';
import { ListingNotFound } from './listing-not-found';
import { ListingTabs } from './listing-tabs';
import { SafetyTips } from './safety-tips';
import { SimilarListings } from './similar-listings';
import '../listings.css';
import { categoryName, useCategories } from '@/lib/categories';
import { useCurrentUser } from '@/lib/current-user';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

// Matches the two-column breakpoint in listings.css. On phones the contact or edit actions come
// right after the title instead of below the whole description.
const WIDE = '(min-width: 900px)';
function useWide() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/**
 * `sellerCard` is the owner's card (features/profile), given by the route so that listings need not
 * depend on profile, which shows a member's listings.
 */
export function ListingDetail({ id, sellerCard }: { id: number; sellerCard: (listing: Listing) => ReactNode }) {
  const { data: listing, error } = useQuery(listingDetailQuery(id));
  const categories = useCategories();
  const wide = useWide();
  const { user } = useCurrentUser();
  usePageTitle(listing?.title);
  // The page description is the first 150 characters of the listing's.
  useMetaDescription(listing?.description);

  if (error instanceof ApiError && error.status === 404) return <ListingNotFound />;
  if (!listing) {
    return (
      <div className="container page">
        <Skeleton height="40px" width="60%" mb="4" />
        <Skeleton height="320px" />
      </div>
    );
  }

  return (
    <div className="container page">
      <ThemeLink asChild size="2" mb="4" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Link to="/browse">
          <ArrowLeftIcon aria-hidden="true" /> {m.listings_back()}
        </Link>
      </ThemeLink>
      {listing.status === 'hidden' && <HiddenListingBanner isOwner={user?.id === listing.userId} />}
      <div className="listing-layout">
        <Flex direction="column" gap="5" minWidth="0">
          <ListingGallery title={listing.title} images={listing.imageUrls} />
          <Flex direction="column" gap="2">
            <Heading as="h1" size="7" style={{ overflowWrap: 'anywhere' }}>
              {listing.title}
            </Heading>
            <Flex gap="2" wrap="wrap" align="center">
              {listing.categoriesOffered.map((slug) => (
                <Badge key={slug} variant="soft">
                  {categoryName(categories, slug)}
                </Badge>
              ))}
              {listing.acceptOffers && (
                <Badge color="green" variant="soft" highContrast>
                  {m.listings_accepts_offers()}
                </Badge>
              )}
            </Flex>
            <Flex gap="4" wrap="wrap">
              <Text size="2" color="gray" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <SewingPinIcon aria-hidden="true" /> {listing.location}
              </Text>
              <Text size="2" color="gray">
                {m.listings_posted({ date: fmt.date(listing.createdAt, { dateStyle: 'medium' }) })}
              </Text>
            </Flex>
          </Flex>
          {!wide && <ExchangeSummary listing={listing} />}
          {!wide && <ListingActions listing={listing} />}
          <ListingTabs listing={listing} />
        </Flex>
        <Flex asChild direction="column" gap="4" minWidth="0">
          <aside aria-label={m.listings_about_exchange()}>
            {wide && <ExchangeSummary listing={listing} />}
            {wide && <ListingActions listing={listing} />}
            {sellerCard(listing)}
            <SafetyTips />
            <SimilarListings slugs={listing.categoriesOffered} />
          </aside>
        </Flex>
      </div>
      {!wide && <ListingActionBar listing={listing} />}
    </div>
  );
}
