import { Badge, Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { activityQuery, ACTIVITY_REFRESH_MS, dashboardQuery, DASHBOARD_REFRESH_MS } from '../api';
import { useCommunityFeed } from '../use-community-feed';
import * as m from '@/lib/messages';
import {
  activityLevel,
  formatCount,
  formatMoney,
  growthLabels,
  type ActivityLevel,
  type GrowthLabels,
} from '../activity';

type Growth = GrowthLabels[keyof GrowthLabels];

/** The level's tile label, "Community Starting" … "Community Thriving", in the member's language. */
const LEVEL_LABELS: Record<ActivityLevel, () => string> = {
  starting: m.community_tile_level_starting,
  launching: m.community_tile_level_launching,
  growing: m.community_tile_level_growing,
  active: m.community_tile_level_active,
  thriving: m.community_tile_level_thriving,
};

const GROWTH_LABELS: Record<Growth, () => string> = {
  Growing: m.community_badge_growing,
  Starting: m.community_badge_starting,
  Active: m.community_badge_active,
  'Getting Started': m.community_badge_getting_started,
  Proven: m.community_badge_proven,
  Launching: m.community_badge_launching,
};

/** The growth words of a community that has yet to start: a grey badge. */
const NOT_YET: ReadonlySet<Growth> = new Set(['Starting', 'Getting Started', 'Launching']);

interface Tile {
  label: string;
  value: string | undefined;
  caption: string;
  badge?: Growth;
  testId: string;
}

/**
 * The four community tiles with live figures. The fourth names the activity level: "Community
 * Starting" until there is data, then Launching … Thriving.
 */
export function StatsTiles() {
  // Pushed over the community feed socket; polled only while it is down.
  const feed = useCommunityFeed();
  const dashboard = useQuery({
    ...dashboardQuery,
    enabled: feed.ready,
    refetchInterval: feed.live || feed.idle ? false : DASHBOARD_REFRESH_MS,
  });
  const activity = useQuery({
    ...activityQuery,
    enabled: feed.ready,
    refetchInterval: feed.live || feed.idle ? false : ACTIVITY_REFRESH_MS,
  });
  const level = activityLevel(activity.data);
  const growth = growthLabels(activity.data);
  const d = dashboard.data;

  const tiles: Tile[] = [
    {
      label: m.community_stat_members(),
      value: d && formatCount(d.totalUsers),
      caption: m.community_stat_members_caption(),
      badge: activity.data && growth.members,
      testId: 'members',
    },
    {
      label: m.community_stat_exchanges(),
      value: d && formatCount(d.completedBarters),
      caption: m.community_stat_exchanges_caption(),
      badge: activity.data && growth.exchanges,
      testId: 'exchanges',
    },
    {
      label: m.community_stat_savings(),
      value: d && formatMoney(d.totalSavings),
      caption: m.community_stat_savings_caption(),
      testId: 'savings',
    },
    {
      label: LEVEL_LABELS[level](),
      value: activity.data && formatCount(activity.data.listings),
      caption: m.community_stat_listings_caption(),
      badge: activity.data && growth.listings,
      testId: 'level',
    },
  ];

  return (
    <Grid columns={{ initial: '2', md: '4' }} gap={{ initial: '3', sm: '4' }} asChild>
      <ul className="community-tiles" aria-label={m.community_stats_title()}>
        {tiles.map((tile) => (
          <li key={tile.testId}>
            <Card size="2" style={{ height: '100%' }} data-testid={`community-stat-${tile.testId}`}>
              <Flex direction="column" gap="1">
                <Skeleton loading={tile.value === undefined && !dashboard.isError && !activity.isError}>
                  <Text size={{ initial: '6', sm: '7' }} weight="bold" className="community-stat-value">
                    {tile.value ?? '—'}
                  </Text>
                </Skeleton>
                <Text size="2" weight="medium" data-testid="stat-label">
                  {tile.label}
                </Text>
                <Text size="1" color="gray">
                  {tile.caption}
                </Text>
                {tile.badge && (
                  <div>
                    <Badge highContrast color={NOT_YET.has(tile.badge) ? 'gray' : 'teal'} mt="1">
                      {GROWTH_LABELS[tile.badge]()}
                    </Badge>
                  </div>
                )}
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Grid>
  );
}
