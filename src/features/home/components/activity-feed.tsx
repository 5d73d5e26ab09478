import { Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@/shared/contract/community';
import { activityLevel } from '@/features/community';
import { activityQuery, ACTIVITY_REFRESH_MS } from '@/features/community';
import { useCommunityFeed } from '@/features/community';
import { HomeSection } from './section';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

const LINES: { key: keyof Activity; one: () => string; many: () => string }[] = [
  { key: 'users', one: m.home_feed_users_one, many: m.home_feed_users_other },
  { key: 'listings', one: m.home_feed_listings_one, many: m.home_feed_listings_other },
  { key: 'barters', one: m.home_feed_barters_one, many: m.home_feed_barters_other },
  { key: 'testimonials', one: m.home_feed_testimonials_one, many: m.home_feed_testimonials_other },
  { key: 'events', one: m.home_feed_events_one, many: m.home_feed_events_other },
];

const LEVELS = {
  starting: m.community_level_starting,
  launching: m.community_level_launching,
  growing: m.community_level_growing,
  active: m.community_level_active,
  thriving: m.community_level_thriving,
};

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
    <HomeSection slug="live-activity-feed" title={m.home_feed_title()} lead={m.home_feed_lead()}>
      <Card size="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
          <Flex align="center" gap="2">
            <span className="live-dot" aria-hidden="true" />
            <Text size="2" weight="medium">
              {m.home_feed_live()}
            </Text>
          </Flex>
          {data && (
            <Text size="2" color="gray">
              {m.home_feed_level()} <Text weight="bold">{LEVELS[activityLevel(data)]()}</Text>
              {dataUpdatedAt > 0 && (
                <>
                  {' '}
                  {m.home_feed_updated({
                    time: fmt.date(dataUpdatedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
                  })}
                </>
              )}
            </Text>
          )}
        </Flex>
        {isError && !data ? (
          <Text color="red" role="alert">
            {m.home_feed_failed()}
          </Text>
        ) : !data ? (
          <Skeleton height="120px" />
        ) : (
          <ul className="activity-list">
            {LINES.map(({ key, one, many }) => (
              <li key={key}>
                <Text weight="bold" size="4" className="activity-count">
                  {fmt.number(data[key])}
                </Text>{' '}
                <Text>{fmt.one(data[key]) ? one() : many()}</Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </HomeSection>
  );
}
