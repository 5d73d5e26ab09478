import { Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useCommunityFeed } from '@/features/community';
import { countQuery } from '../api';
import { HomeSection } from './section';
import { type CounterKind } from '@/lib/query-keys';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

// Each label agrees with its figure: "1 successful barter", "2 successful barters".
const COUNTERS: { kind: CounterKind; one: () => string; many: () => string }[] = [
  { kind: 'barters', one: m.home_counter_barters_one, many: m.home_counter_barters_other },
  { kind: 'users', one: m.home_counter_users_one, many: m.home_counter_users_other },
  { kind: 'skills', one: m.home_counter_skills_one, many: m.home_counter_skills_other },
];

export function CommunityImpact() {
  return (
    <HomeSection slug="community-impact" title={m.home_impact_title()} lead={m.home_impact_lead()}>
      <ul className="home-counters">
        {COUNTERS.map((counter) => (
          <li key={counter.kind}>
            <Counter {...counter} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/**
 * The figures come with the community feed socket's frames (decision 045); the count routes are
 * read only when the socket is down or slow.
 */
function Counter({ kind, one, many }: { kind: CounterKind; one: () => string; many: () => string }) {
  const feed = useCommunityFeed();
  const { data, isError } = useQuery({ ...countQuery(kind), enabled: feed.ready });
  return (
    <Card size="3" data-testid={`counter-${kind}`}>
      <Flex direction="column" gap="1" align="center">
        <Text as="div" size="8" weight="bold" className="home-counter-value">
          {data !== undefined ? fmt.number(data) : isError ? '–' : <Skeleton width="64px" height="40px" />}
        </Text>
        <Text as="div" size="3" color="gray">
          {data !== undefined && fmt.one(data) ? one() : many()}
        </Text>
      </Flex>
    </Card>
  );
}
