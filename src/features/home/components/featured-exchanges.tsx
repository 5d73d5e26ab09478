import { Button, Callout, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { featuredListingsQuery } from '@/features/listings';
import { HomeSection } from './section';
import { ListingGrid } from '@/components/listing-grid';

export function FeaturedExchanges() {
  const { data, isError } = useQuery(featuredListingsQuery);
  return (
    <HomeSection
      title="Featured Exchanges"
      lead="Hand-picked offers from members near you."
      action={
        <Button asChild variant="soft">
          <Link to="/browse">Browse all</Link>
        </Button>
      }
    >
      {isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load featured exchanges. Please try again later.</Callout.Text>
        </Callout.Root>
      ) : data && data.length === 0 ? (
        <Text color="gray">No featured exchanges right now. Browse all listings to find something to trade.</Text>
      ) : (
        <ListingGrid listings={data} skeletons={3} />
      )}
    </HomeSection>
  );
}
