import { ChatBubbleIcon, MixIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import type { Match, WantKind } from '@/shared/contract/wants';
import { ListingImage } from '@/components/listing-image';
import { matchesQuery } from '../api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import '../wants.css';

/** "3 mi apart", "Under 1 mi apart", "distance unknown"; in kilometres where the member reads them. */
export function milesApart(miles: number | null): string {
  if (miles === null) return m.listings_distance_unknown();
  return fmt.toUnits(miles) < 1
    ? m.wants_distance_under({ distance: fmt.inUnits(1) })
    : m.wants_distance_apart({ distance: fmt.distance(miles) });
}

const why: Record<WantKind, { mine: () => string; theirs: () => string }> = {
  explicit: { mine: m.wants_why_you_explicit, theirs: m.wants_why_they_explicit },
  text: { mine: m.wants_why_you_text, theirs: m.wants_why_they_text },
};

/** /matches: two-way matches, explicit before text, then nearest (the API's order). */
export function MatchesPage() {
  const matches = useQuery(matchesQuery);
  return (
    <div className="container page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          {m.wants_matches_title()}
        </Heading>
        <Text color="gray">{m.wants_matches_lead()}</Text>
      </Flex>
      {matches.isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : matches.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.wants_matches_failed()}</Callout.Text>
        </Callout.Root>
      ) : (matches.data ?? []).length === 0 ? (
        <EmptyMatches />
      ) : (
        <ul className="match-list" aria-label={m.wants_your_matches()}>
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
          {m.wants_no_matches()}
        </Heading>
        <Text color="gray" align="center" style={{ maxWidth: 500 }}>
          {m.wants_no_matches_text()}
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild>
            <Link to="/browse">{m.wants_browse()}</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/wants">{m.wants_your_wants_button()}</Link>
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
          aria-label={m.wants_message_about({ name: member.displayName, title: theirs.title })}
        >
          <ChatBubbleIcon aria-hidden="true" /> {m.wants_message()}
        </Button>
      </Flex>
      <Text as="p" size="3" className="match-summary" data-testid="match-summary">
        {richText(m.wants_match_summary, {
          mine: (
            <ThemeLink asChild weight="medium">
              <Link to="/listing/$id" params={{ id: String(mine.id) }}>
                {mine.title}
              </Link>
            </ThemeLink>
          ),
          theirs: (
            <ThemeLink asChild weight="medium">
              <Link to="/listing/$id" params={{ id: String(theirs.id) }}>
                {theirs.title}
              </Link>
            </ThemeLink>
          ),
        })}
      </Text>
      <div className="match-sides">
        <Side
          label={m.wants_you_give()}
          title={mine.title}
          image={mine.imageUrls[0]}
          reason={why[match.theyWant].theirs()}
          explicit={match.theyWant === 'explicit'}
        />
        <Side
          label={m.wants_you_get()}
          title={theirs.title}
          image={theirs.imageUrls[0]}
          reason={why[match.iWant].mine()}
          explicit={match.iWant === 'explicit'}
        />
      </div>
      {/* On phones the button comes after what is swapped (CSS shows one of the two). */}
      <Button
        onClick={message}
        size="3"
        className="match-message match-message-bottom"
        aria-label={m.wants_message_about({ name: member.displayName, title: theirs.title })}
      >
        <ChatBubbleIcon aria-hidden="true" /> {m.wants_message()}
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
