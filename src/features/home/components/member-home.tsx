// The signed-in member's part of the home page (issue 25 item 8, decision 065): what waits on them
// (unread conversations, open offers, matches and circles, their listings' activity) above the
// marketplace. Loaded lazily, for members only, so a guest's home loads none of it. The count is a
// plain span (home.css): Radix's Badge here split it out of the home page's chunk into a file of its own.
import { Button, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MemberHome as Home } from '@/shared/contract/home';
import { countOf, memberHomeCounts, type MemberHomeWords } from '@/shared/member-home-text';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { useCurrentUser } from '@/lib/current-user';
import { matchesQuery } from '@/features/wants';
import { memberHomeQuery } from '../member-home-api';

// The counts' words the Worker's first screen shares (src/shared/member-home-text.ts), in the member's language.
const words: MemberHomeWords = {
  home_member_unread_count_one: m.home_member_unread_count_one,
  home_member_unread_count_other: m.home_member_unread_count_other,
  home_member_no_offers_to_answer: m.home_member_no_offers_to_answer,
  home_member_to_answer_one: m.home_member_to_answer_one,
  home_member_to_answer_other: m.home_member_to_answer_other,
  home_member_none_waiting: m.home_member_none_waiting,
  home_member_waiting_one: m.home_member_waiting_one,
  home_member_waiting_other: m.home_member_waiting_other,
  home_member_no_circles: m.home_member_no_circles,
  home_member_to_decide_one: m.home_member_to_decide_one,
  home_member_to_decide_other: m.home_member_to_decide_other,
  home_member_agreed_one: m.home_member_agreed_one,
  home_member_agreed_other: m.home_member_agreed_other,
  home_member_open_offers_one: m.home_member_open_offers_one,
  home_member_open_offers_other: m.home_member_open_offers_other,
  home_member_wants_one: m.home_member_wants_one,
  home_member_wants_other: m.home_member_wants_other,
};
const counts = () => memberHomeCounts(words, fmt);

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="2">
          <Heading as="h3" size="4" id={id} className="member-home-panel-heading">
            {title}
          </Heading>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

function Unread({ home }: { home: Home }) {
  const entries = home.unreadConversations;
  return (
    <Panel id="member-home-unread" title={m.home_member_unread()}>
      {entries.length === 0 ? (
        <Text color="gray">{m.home_member_no_unread()}</Text>
      ) : (
        <ul className="member-home-list">
          {entries.map((entry) => (
            <li key={entry.conversation}>
              <RadixLink asChild>
                <Link to="/messages/$conversation" params={{ conversation: entry.conversation }}>
                  {entry.partner.displayName} · {entry.listing.title}
                </Link>
              </RadixLink>{' '}
              <span className="member-home-count">
                <span aria-hidden="true">{entry.unreadCount}</span>
                <span className="visually-hidden">({counts().unread(entry.unreadCount)})</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <RadixLink asChild size="2">
        <Link to="/messages">{m.home_member_all_messages()}</Link>
      </RadixLink>
    </Panel>
  );
}

function Offers({ home }: { home: Home }) {
  const { toAnswer, waiting } = home.openOffers;
  return (
    <Panel id="member-home-offers" title={m.home_member_offers()}>
      <Text as="p">{counts().toAnswer(toAnswer)}</Text>
      <Text as="p" color="gray">
        {counts().waiting(waiting)}
      </Text>
      <RadixLink asChild size="2">
        <Link to="/messages">{m.home_member_go_conversations()}</Link>
      </RadixLink>
    </Panel>
  );
}

/**
 * The member's two-way matches, the first three named. Read after the section shows (GET
 * /api/matches: its own request, about 4 D1 queries; too many round trips for the page's one
 * batch, decision 065), kept a minute like the matches page's.
 */
function Matches() {
  const { data, isError } = useQuery({ ...matchesQuery, staleTime: 60_000 });
  if (isError) return <Text color="gray">{m.home_member_matches_failed()}</Text>;
  if (!data) return <Text color="gray">{m.home_member_matches_loading()}</Text>;
  if (data.length === 0) return <Text color="gray">{m.home_member_no_matches()}</Text>;
  return (
    <>
      <Text as="p">{countOf(data.length, m.home_member_matches_one, m.home_member_matches_other, fmt)}</Text>
      <ul className="member-home-list" data-testid="member-home-matches">
        {data.slice(0, 3).map((match) => (
          <li key={`${match.theirListing.id}-${match.myListing.id}`}>
            <RadixLink asChild>
              <Link to="/listing/$id" params={{ id: String(match.theirListing.id) }}>
                {match.member.displayName}: {match.theirListing.title}
              </Link>
            </RadixLink>
            <Text as="div" size="2" color="gray">
              {m.home_member_match_for({ title: match.myListing.title })}
            </Text>
          </li>
        ))}
      </ul>
    </>
  );
}

function Circles({ home }: { home: Home }) {
  const { deciding, agreed } = home.circles;
  return (
    <Panel id="member-home-circles" title={m.home_member_circles()}>
      <Matches />
      <Text as="p">{counts().circles(deciding, agreed)}</Text>
      <Flex gap="3" wrap="wrap">
        <RadixLink asChild size="2">
          <Link to="/matches">{m.home_member_see_matches()}</Link>
        </RadixLink>
        <RadixLink asChild size="2">
          <Link to="/trade-circles">{m.home_member_your_circles()}</Link>
        </RadixLink>
      </Flex>
    </Panel>
  );
}

function Listings({ home }: { home: Home }) {
  const entries = home.listingActivity;
  return (
    <Panel id="member-home-listings" title={m.home_member_listings()}>
      {entries.length === 0 ? (
        <Text color="gray">{m.home_member_no_activity()}</Text>
      ) : (
        <ul className="member-home-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <RadixLink asChild>
                <Link to="/listing/$id" params={{ id: String(entry.id) }}>
                  {entry.title}
                </Link>
              </RadixLink>
              <Text as="div" size="2" color="gray">
                {counts().listing(entry.openOffers, entry.wants)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default function MemberHome() {
  const { user } = useCurrentUser();
  const { data, isError, refetch } = useQuery({ ...memberHomeQuery(user?.id ?? 0), enabled: user !== null });
  if (!user) return null;
  return (
    <section className="member-home" aria-labelledby="member-home-heading" aria-busy={!data && !isError}>
      <div className="container">
        <Heading as="h2" size="6" id="member-home-heading" className="member-home-heading">
          {m.home_member_heading()}
        </Heading>
        {data ? (
          <div className="member-home-grid">
            <Unread home={data} />
            <Offers home={data} />
            <Circles home={data} />
            <Listings home={data} />
          </div>
        ) : isError ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Text color="gray">{m.home_member_failed()}</Text>
            <Button variant="soft" onClick={() => void refetch()}>
              {m.common_try_again()}
            </Button>
          </Flex>
        ) : (
          <Text color="gray">{m.home_member_loading()}</Text>
        )}
      </div>
    </section>
  );
}
