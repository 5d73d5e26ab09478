import { HeartIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { WantedListing } from '@/shared/contract/wants';
import { ListingImage } from '@/components/listing-image';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { useSetWant, wantsQuery } from '../api';
import '../wants.css';
import { fmt } from '@/lib/intl';

const MAX_WANTS = 200;

/** /wants: what the member said they would take, newest first, each with Remove. */
export function WantsPage() {
  const wants = useQuery(wantsQuery);
  return (
    <div className="container page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          Wants
        </Heading>
        <Text color="gray">
          Listings you said you would take. We use them to find{' '}
          <ThemeLink asChild>
            <Link to="/matches">matches</Link>
          </ThemeLink>
          : members who want something of yours in return.
        </Text>
      </Flex>
      {wants.isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : wants.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load your wants. Please try again.</Callout.Text>
        </Callout.Root>
      ) : (wants.data ?? []).length === 0 ? (
        <EmptyWants />
      ) : (
        <WantList list={wants.data!} />
      )}
    </div>
  );
}

function EmptyWants() {
  return (
    <Card size="3" data-testid="wants-empty">
      <Flex direction="column" align="center" gap="3" py="4">
        <HeartIcon width="28" height="28" aria-hidden="true" />
        <Heading as="h2" size="4" align="center">
          Nothing on your wants yet
        </Heading>
        <Text color="gray" align="center" style={{ maxWidth: 460 }}>
          Open a listing you like and press “I'd take this”. It appears here, and we tell you when its owner wants
          something you offer.
        </Text>
        <Button asChild>
          <Link to="/browse">Browse Listings</Link>
        </Button>
      </Flex>
    </Card>
  );
}

function WantList({ list }: { list: WantedListing[] }) {
  const setWant = useSetWant();
  const remove = (listing: WantedListing) =>
    setWant.mutate(
      { listingId: listing.id, wanted: false },
      {
        onSuccess: () => toast({ title: 'Removed from your wants', description: listing.title }),
        onError: (error) =>
          toast({
            title: 'Could not remove it',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        {list.length} of {MAX_WANTS} wants
      </Text>
      <ul className="want-list" aria-label="Your wants">
        {list.map((listing) => (
          <li key={listing.id}>
            <Card size="2" className="want-row" data-testid="want-row">
              <ListingImage src={listing.imageUrls[0]} alt="" className="want-thumb" sizes="96px" />
              <Flex direction="column" gap="1" minWidth="0" className="want-text">
                <Heading as="h2" size="3" className="want-title">
                  <Link to="/listing/$id" params={{ id: String(listing.id) }}>
                    {listing.title}
                  </Link>
                </Heading>
                <Text size="2" color="gray">
                  Offered by {listing.user.displayName} · {listing.location}
                </Text>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="1" color="gray">
                    Wanted {fmt.date(listing.wantedAt, { month: 'short', day: 'numeric', year: 'numeric' })}
                  </Text>
                  {listing.status !== 'active' && <ListingStatusBadge status={listing.status} />}
                </Flex>
              </Flex>
              <Button
                variant="soft"
                color="red"
                onClick={() => remove(listing)}
                disabled={setWant.isPending}
                aria-label={`Remove “${listing.title}” from your wants`}
              >
                <TrashIcon aria-hidden="true" /> Remove
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
