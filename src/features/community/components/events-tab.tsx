import { CalendarIcon, ClockIcon, PersonIcon, SewingPinIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import type { CommunityEvent } from '@/shared/contract/community';
import { formatCount } from '../activity';
import { eventsQuery } from '../api';
import { EmptyState } from './empty-state';
import { LoadingCards } from './success-stories-tab';
import { fmt } from '@/lib/intl';

// Event dates are calendar days (YYYY-MM-DD): format them as such, never shifted by a time zone.
const formatEventDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : fmt.date(parsed, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

export function EventsTab() {
  const { data, error, isPending } = useQuery(eventsQuery);
  if (isPending) return <LoadingCards />;
  if (error) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{m.community_events_failed({ reason: messageOf(error, m.community_try_later()) })}</Callout.Text>
      </Callout.Root>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState title={m.community_events_empty_title()} description={m.community_events_empty_text()}>
        <HostButton />
      </EmptyState>
    );
  }
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', md: '2' }} gap="4" asChild>
        <ul className="community-tiles" aria-label={m.community_events_list()}>
          {data.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </Grid>
      <Card size="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="2" color="gray">
            {m.community_events_host_prompt()}
          </Text>
          <HostButton />
        </Flex>
      </Card>
    </Flex>
  );
}

function HostButton() {
  return (
    <Button asChild variant="soft" highContrast>
      <Link to="/contact">{m.community_events_host()}</Link>
    </Button>
  );
}

function EventCard({ event }: { event: CommunityEvent }) {
  const full = event.maxAttendees != null && event.attendeeCount >= event.maxAttendees;
  return (
    <Card size="2" style={{ height: '100%' }} asChild>
      <article>
        <Flex direction="column" gap="2">
          <Flex justify="between" align="start" gap="2">
            <Heading as="h3" size="4">
              {event.title}
            </Heading>
            {full && (
              <Badge highContrast color="amber">
                {m.community_event_full()}
              </Badge>
            )}
          </Flex>
          <Text as="p" size="2" color="gray">
            {event.description}
          </Text>
          <Flex direction="column" gap="1" mt="1">
            <Detail icon={<CalendarIcon />}>{formatEventDate(event.date)}</Detail>
            <Detail icon={<ClockIcon />}>{event.time}</Detail>
            <Detail icon={<SewingPinIcon />}>{event.location}</Detail>
            <Detail icon={<PersonIcon />}>
              {event.maxAttendees != null
                ? m.community_event_places_taken({
                    count: formatCount(event.attendeeCount),
                    max: formatCount(event.maxAttendees),
                  })
                : m.community_event_attending({ count: formatCount(event.attendeeCount) })}
              {event.organizer && ` · ${m.community_event_organised_by({ name: event.organizer.displayName })}`}
            </Detail>
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" gap="2">
      <span aria-hidden="true" style={{ display: 'inline-flex', color: 'var(--gray-11)' }}>
        {icon}
      </span>
      <Text size="2">{children}</Text>
    </Flex>
  );
}
