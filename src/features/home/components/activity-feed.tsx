import { Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@/shared/contract/community';
import { activityLevel, capitalize } from '@/features/community';
import { activityQuery, ACTIVITY_REFRESH_MS } from '@/features/community';
import { useCommunityFeed } from '@/features/community';
import { HomeSection } from './section';

const number = new Intl.NumberFormat('en-US');

const LINES: { key: keyof Activity; one: string; many: string }[] = [
  { key: 'users', one: 'member has joined the community', many: 'members have joined the community' },
  { key: 'listings', one: 'listing is open for exchange', many: 'listings are open for exchange' },
  { key: 'barters', one: 'barter has been completed', many: 'barters have been completed' },
  { key: 'testimonials', one: 'success story has been shared', many: 'success stories have been shared' },
  { key: 'events', one: 'community event is coming up', many: 'community events are coming up' },
];

/**
 * Live figures, refreshed every 15 seconds (docs/api/users-and-community.md, "Live updates"):
 * pushed over the community feed socket, or read from /api/analytics/activity while the socket is
 * down.
 */
export function ActivityFeed() {
  const feed = useCommunityFeed();
  const { data, isError, dataUpdatedAt } = useQuery({
    ...activityQuery,
    enabled: feed.ready,
    refetchInterval: feed.live || feed.idle ? false : ACTIVITY_REFRESH_MS,
  });
  return (
    <HomeSection title="Live Activity Feed" lead="What is happening in the community right now.">
      <Card size="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
          <Flex align="center" gap="2">
            <span className="live-dot" aria-hidden="true" />
            <Text size="2" weight="medium">
              Live · updates every 15 seconds
            </Text>
          </Flex>
          {data && (
            <Text size="2" color="gray">
              Community activity: <Text weight="bold">{capitalize(activityLevel(data))}</Text>
              {dataUpdatedAt > 0 && (
                <>
                  {' '}
                  · updated{' '}
                  {new Date(dataUpdatedAt).toLocaleTimeString([], {
                    hour: '2-digit',
                    minute: '2-digit',
                    second: '2-digit',
                  })}
                </>
              )}
            </Text>
          )}
        </Flex>
        {isError && !data ? (
          <Text color="red" role="alert">
            Failed to load activity. Please try again later.
          </Text>
        ) : !data ? (
          <Skeleton height="120px" />
        ) : (
          <ul className="activity-list">
            {LINES.map(({ key, one, many }) => (
              <li key={key}>
                <Text weight="bold" size="4" className="activity-count">
                  {number.format(data[key])}
                </Text>{' '}
                <Text>{data[key] === 1 ? one : many}</Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </HomeSection>
  );
}
