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
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import '../wants.css';

const MAX_WANTS = 200;
const WANTED_ON: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** /wants: what the member said they would take, newest first, each with Remove. */
export function WantsPage() {
  const wants = useQuery(wantsQuery);
  return (
    <div className="container page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          {m.wants_title()}
        </Heading>
        <Text color="gray">
          {richText(m.wants_lead, {
            matches: (
              <ThemeLink asChild>
                <Link to="/matches">{m.wants_matches_link()}</Link>
              </ThemeLink>
            ),
          })}
        </Text>
      </Flex>
      {wants.isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : wants.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.wants_failed()}</Callout.Text>
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
          {m.wants_empty_title()}
        </Heading>
        <Text color="gray" align="center" style={{ maxWidth: 460 }}>
          {m.wants_empty_text()}
        </Text>
        <Button asChild>
          <Link to="/browse">{m.wants_browse()}</Link>
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
        onSuccess: () => toast({ title: m.wants_removed(), description: listing.title }),
        onError: (error) =>
          toast({
            title: m.wants_remove_failed(),
            description: messageOf(error, m.wants_try_again()),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        {(fmt.one(list.length) ? m.wants_count_of_max_one : m.wants_count_of_max_other)({
          count: fmt.number(list.length),
          max: fmt.number(MAX_WANTS),
        })}
      </Text>
      <ul className="want-list" aria-label={m.wants_your_wants()}>
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
                  {m.wants_offered_by({ name: listing.user.displayName })} · {listing.location}
                </Text>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="1" color="gray">
                    {m.wants_wanted_on({ date: fmt.date(listing.wantedAt, WANTED_ON) })}
                  </Text>
                  {listing.status !== 'active' && <ListingStatusBadge status={listing.status} />}
                </Flex>
              </Flex>
              <Button
                variant="soft"
                color="red"
                onClick={() => remove(listing)}
                disabled={setWant.isPending}
                aria-label={m.wants_remove_label({ title: listing.title })}
              >
                <TrashIcon aria-hidden="true" /> {m.wants_remove()}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
