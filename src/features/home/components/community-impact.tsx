import { Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useCommunityFeed } from '@/features/community';
import { countQuery } from '../api';
import { HomeSection } from './section';
import { type CounterKind } from '@/lib/query-keys';

const COUNTERS: { kind: CounterKind; label: string }[] = [
  { kind: 'barters', label: 'Successful barters' },
  { kind: 'users', label: 'Community members' },
  { kind: 'skills', label: 'Skills and goods offered' },
];

const number = new Intl.NumberFormat('en-US');

export function CommunityImpact() {
  return (
    <HomeSection title="Community Impact" lead="What our neighbours have achieved together so far.">
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
function Counter({ kind, label }: { kind: CounterKind; label: string }) {
  const feed = useCommunityFeed();
  const { data, isError } = useQuery({ ...countQuery(kind), enabled: feed.ready });
  return (
    <Card size="3" data-testid={`counter-${kind}`}>
      <Flex direction="column" gap="1" align="center">
        <Text as="div" size="8" weight="bold" className="home-counter-value">
          {data !== undefined ? number.format(data) : isError ? '–' : <Skeleton width="64px" height="40px" />}
        </Text>
        <Text as="div" size="3" color="gray">
          {label}
        </Text>
      </Flex>
    </Card>
  );
}
