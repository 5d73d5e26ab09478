import { Button, Callout, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { featuredListingsQuery } from '@/features/listings';
import { HomeSection } from './section';
import { ListingGrid } from '@/components/listing-grid';
import * as m from '@/lib/messages';

export function FeaturedExchanges() {
  const { data, isError } = useQuery(featuredListingsQuery);
  return (
    <HomeSection
      slug="featured-exchanges"
      title={m.home_featured_title()}
      lead={m.home_featured_lead()}
      action={
        <Button asChild variant="soft">
          <Link to="/browse">{m.home_browse_all()}</Link>
        </Button>
      }
    >
      {isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.home_featured_failed()}</Callout.Text>
        </Callout.Root>
      ) : data && data.length === 0 ? (
        <Text color="gray">{m.home_featured_empty()}</Text>
      ) : (
        <ListingGrid listings={data} skeletons={3} />
      )}
    </HomeSection>
  );
}
