// The signed-in member's part of the home page (issue 25 item 8, decision 065): what waits on them
// (unread conversations, open offers, matches and circles, their listings' activity) above the
// marketplace. Loaded lazily, for members only, so a guest's home loads none of it. The count is a
// plain span (home.css): Radix's Badge here split it out of the home page's chunk into a file of its own.
import { Button, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MemberHome as Home } from '@/shared/contract/home';
import { countOf, MEMBER_HOME_HEADING } from '@/shared/member-home-text';
import { useCurrentUser } from '@/lib/current-user';
import { matchesQuery } from '@/features/wants';
import { memberHomeQuery } from '../member-home-api';

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
    <Panel id="member-home-unread" title="Unread messages">
      {entries.length === 0 ? (
        <Text color="gray">No unread messages.</Text>
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
                <span className="visually-hidden">({countOf(entry.unreadCount, 'unread message')})</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <RadixLink asChild size="2">
        <Link to="/messages">All messages</Link>
      </RadixLink>
    </Panel>
  );
}

function Offers({ home }: { home: Home }) {
  const { toAnswer, waiting } = home.openOffers;
  return (
    <Panel id="member-home-offers" title="Open offers">
      <Text as="p">
        {toAnswer === 0 ? 'No offers waiting for your answer.' : `${countOf(toAnswer, 'offer')} to answer`}
      </Text>
      <Text as="p" color="gray">
        {waiting === 0 ? 'None of yours waiting on others.' : `${countOf(waiting, 'offer')} of yours waiting on others`}
      </Text>
      <RadixLink asChild size="2">
        <Link to="/messages">Go to your conversations</Link>
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
  if (isError) return <Text color="gray">Your matches could not be loaded.</Text>;
  if (!data) return <Text color="gray">Finding your matches…</Text>;
  if (data.length === 0) return <Text color="gray">No two-way matches yet.</Text>;
  return (
    <>
      <Text as="p">{countOf(data.length, 'two-way match', 'two-way matches')}</Text>
      <ul className="member-home-list" data-testid="member-home-matches">
        {data.slice(0, 3).map((m) => (
          <li key={`${m.theirListing.id}-${m.myListing.id}`}>
            <RadixLink asChild>
              <Link to="/listing/$id" params={{ id: String(m.theirListing.id) }}>
                {m.member.displayName}: {m.theirListing.title}
              </Link>
            </RadixLink>
            <Text as="div" size="2" color="gray">
              for your {m.myListing.title}
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
    <Panel id="member-home-circles" title="Matches and circles">
      <Matches />
      <Text as="p">
        {deciding === 0 ? 'No trade circles to decide.' : `${countOf(deciding, 'trade circle')} to decide`}
        {agreed > 0 ? ` · ${countOf(agreed, 'agreed circle')}` : ''}
      </Text>
      <Flex gap="3" wrap="wrap">
        <RadixLink asChild size="2">
          <Link to="/matches">See your matches</Link>
        </RadixLink>
        <RadixLink asChild size="2">
          <Link to="/trade-circles">Your trade circles</Link>
        </RadixLink>
      </Flex>
    </Panel>
  );
}

function Listings({ home }: { home: Home }) {
  const entries = home.listingActivity;
  return (
    <Panel id="member-home-listings" title="Your listings">
      {entries.length === 0 ? (
        <Text color="gray">No open offers or wants on your listings yet.</Text>
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
                {countOf(entry.openOffers, 'open offer')} · {countOf(entry.wants, 'want')}
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
          {MEMBER_HOME_HEADING}
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
            <Text color="gray">{MEMBER_HOME_HEADING} could not be loaded.</Text>
            <Button variant="soft" onClick={() => void refetch()}>
              Try again
            </Button>
          </Flex>
        ) : (
          <Text color="gray">Loading…</Text>
        )}
      </div>
    </section>
  );
}
