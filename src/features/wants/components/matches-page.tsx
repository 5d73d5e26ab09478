import { ChatBubbleIcon, MixIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import type { Match, WantKind } from '@/shared/contract/wants';
import { ListingImage } from '@/components/listing-image';
import { matchesQuery } from '../api';
import '../wants.css';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';

/** "3 mi apart", "Under 1 mi apart", "5 km apart", "distance unknown" (the member's unit). */
export function milesApart(miles: number | null): string {
  if (miles === null) return m.listings_distance_unknown();
  return fmt.toUnits(miles) < 1
    ? m.wants_distance_under({ distance: fmt.inUnits(1) })
    : m.wants_distance_apart({ distance: fmt.distance(miles) });
}

const why: Record<WantKind, { mine: string; theirs: string }> = {
  explicit: { mine: 'You said you would take it', theirs: 'They said they would take it' },
  text: { mine: 'Fits what you asked for', theirs: 'Fits what they asked for' },
};

/** /matches: two-way matches, explicit before text, then nearest (the API's order). */
export function MatchesPage() {
  const matches = useQuery(matchesQuery);
  return (
    <div className="container page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          Matches
        </Heading>
        <Text color="gray">Members who want something you offer, and offer something you want. Nearest first.</Text>
      </Flex>
      {matches.isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : matches.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load your matches. Please try again.</Callout.Text>
        </Callout.Root>
      ) : (matches.data ?? []).length === 0 ? (
        <EmptyMatches />
      ) : (
        <ul className="match-list" aria-label="Your matches">
          {matches.data!.map((match) => (
            <li key={`${match.theirListing.id}-${match.myListing.id}`}>
              <MatchCard match={match} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EmptyMatches() {
  return (
    <Card size="3" data-testid="matches-empty">
      <Flex direction="column" align="center" gap="3" py="4">
        <MixIcon width="28" height="28" aria-hidden="true" />
        <Heading as="h2" size="4" align="center">
          No matches yet
        </Heading>
        <Text color="gray" align="center" style={{ maxWidth: 500 }}>
          A match is a swap both sides want: someone wants one of your listings, and you want one of theirs. Post a
          listing and say what you would like for it, and press “I'd take this” on listings you like.
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild>
            <Link to="/browse">Browse Listings</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/wants">Your Wants</Link>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function MatchCard({ match }: { match: Match }) {
  const navigate = useNavigate();
  const { theirListing: theirs, myListing: mine, member } = match;
  // As the listing page's Contact does: a conversation about their listing.
  const message = () =>
    void navigate({
      to: '/messages',
      search: { initiate: true, listingId: theirs.id, userId: member.id, title: theirs.title },
    });
  return (
    <Card size="2" className="match-card" data-testid="match-card">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Flex align="center" gap="2" minWidth="0">
          <UserAvatar name={member.displayName} src={member.avatarUrl} size="2" />
          <Flex direction="column" minWidth="0">
            <Text weight="bold" className="match-name">
              <Link to="/profile/$username" params={{ username: member.username }}>
                {member.displayName}
              </Link>
            </Text>
            <Text size="1" color="gray">
              {milesApart(match.distance)}
            </Text>
          </Flex>
        </Flex>
        <Button
          onClick={message}
          className="match-message match-message-top"
          aria-label={`Message ${member.displayName} about “${theirs.title}”`}
        >
          <ChatBubbleIcon aria-hidden="true" /> Message
        </Button>
      </Flex>
      <Text as="p" size="3" className="match-summary" data-testid="match-summary">
        They want your{' '}
        <ThemeLink asChild weight="medium">
          <Link to="/listing/$id" params={{ id: String(mine.id) }}>
            {mine.title}
          </Link>
        </ThemeLink>{' '}
        · you want their{' '}
        <ThemeLink asChild weight="medium">
          <Link to="/listing/$id" params={{ id: String(theirs.id) }}>
            {theirs.title}
          </Link>
        </ThemeLink>
      </Text>
      <div className="match-sides">
        <Side
          label="You give"
          title={mine.title}
          image={mine.imageUrls[0]}
          reason={why[match.theyWant].theirs}
          explicit={match.theyWant === 'explicit'}
        />
        <Side
          label="You get"
          title={theirs.title}
          image={theirs.imageUrls[0]}
          reason={why[match.iWant].mine}
          explicit={match.iWant === 'explicit'}
        />
      </div>
      {/* On phones the button comes after what is swapped (CSS shows one of the two). */}
      <Button
        onClick={message}
        size="3"
        className="match-message match-message-bottom"
        aria-label={`Message ${member.displayName} about “${theirs.title}”`}
      >
        <ChatBubbleIcon aria-hidden="true" /> Message
      </Button>
    </Card>
  );
}

function Side({
  label,
  title,
  image,
  reason,
  explicit,
}: {
  label: string;
  title: string;
  image: string | undefined;
  reason: string;
  explicit: boolean;
}) {
  return (
    <Flex gap="3" align="center" minWidth="0" className="match-side">
      <ListingImage src={image} alt="" className="want-thumb" sizes="96px" />
      <Flex direction="column" gap="1" minWidth="0">
        <Text size="1" color="gray" weight="medium">
          {label}
        </Text>
        <Text size="2" className="match-side-title">
          {title}
        </Text>
        <Badge variant="soft" color={explicit ? 'green' : 'gray'} style={{ alignSelf: 'start' }}>
          {reason}
        </Badge>
      </Flex>
    </Flex>
  );
}
