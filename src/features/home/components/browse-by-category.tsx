import { Button, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FEATURED_LIMIT, HOME_GRID_SHOWN } from '@/shared/constants';
import { featuredListingsQuery, listingPageQuery } from '@/features/listings';
import { HomeSection } from './section';
import { useCategories } from '@/lib/categories';
import { ListingGrid } from '@/components/listing-grid';
import * as m from '@/lib/messages';

const SHOWN = HOME_GRID_SHOWN;

/**
 * Category chips choose which listings the grid shows; 'View All Listings' once it is full. The
 * listings Featured Exchanges shows above are left out, so no listing appears twice on the page:
 * the page asks for as many more as Featured can hold and keeps the first six others.
 */
export function BrowseByCategory() {
  const categories = useCategories();
  const [category, setCategory] = useState<string | undefined>(undefined);
  const featured = useQuery(featuredListingsQuery);
  const page = useQuery(listingPageQuery({ category, limit: SHOWN + FEATURED_LIMIT, offset: 0 }));
  const isError = page.isError;
  // Until Featured has answered (or failed) it is not known which to leave out.
  const featuredIds =
    featured.data || featured.isError ? new Set((featured.data ?? []).map((listing) => listing.id)) : null;
  const data =
    page.data && featuredIds
      ? { listings: page.data.listings.filter((listing) => !featuredIds.has(listing.id)).slice(0, SHOWN) }
      : undefined;
  const chips = [{ slug: undefined, name: m.home_categories_all() }, ...categories];
  return (
    <HomeSection
      slug="browse-by-category"
      title={m.home_categories_title()}
      lead={m.home_categories_lead()}
      tone="muted"
    >
      <Flex gap="2" wrap="wrap" mb="5" role="group" aria-label={m.home_categories_filter()}>
        {chips.map((chip) => (
          <Button
            key={chip.slug ?? 'all'}
            radius="full"
            variant={category === chip.slug ? 'solid' : 'surface'}
            aria-pressed={category === chip.slug}
            onClick={() => setCategory(chip.slug)}
          >
            {chip.name}
          </Button>
        ))}
      </Flex>
      {isError ? (
        <Text color="red" role="alert">
          {m.home_categories_failed()}
        </Text>
      ) : data && data.listings.length === 0 ? (
        <Text color="gray">{m.home_categories_empty()}</Text>
      ) : (
        <ListingGrid listings={data?.listings} skeletons={3} />
      )}
      {data && data.listings.length >= SHOWN && (
        <Flex justify="center" mt="5">
          <Button asChild size="3" variant="soft">
            <Link to="/browse" search={{ category }}>
              {m.home_view_all_listings()}
            </Link>
          </Button>
        </Flex>
      )}
    </HomeSection>
  );
}
