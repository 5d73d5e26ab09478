import { Badge, Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { activityQuery, ACTIVITY_REFRESH_MS, dashboardQuery, DASHBOARD_REFRESH_MS } from '../api';
import { useCommunityFeed } from '../use-community-feed';
import { activityLevel, capitalize, formatCount, formatMoney, growthLabels } from '../activity';

interface Tile {
  label: string;
  value: string | undefined;
  caption: string;
  badge?: string;
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
      label: 'Active Members',
      value: d && formatCount(d.totalUsers),
      caption: 'neighbours signed up',
      badge: activity.data && growth.members,
      testId: 'members',
    },
    {
      label: 'Successful Exchanges',
      value: d && formatCount(d.completedBarters),
      caption: 'barters confirmed by both sides',
      badge: activity.data && growth.exchanges,
      testId: 'exchanges',
    },
    {
      label: 'Money Saved',
      value: d && formatMoney(d.totalSavings),
      caption: 'estimated, from completed exchanges',
      testId: 'savings',
    },
    {
      label: `Community ${capitalize(level)}`,
      value: activity.data && formatCount(activity.data.listings),
      caption: 'listings open for exchange',
      badge: activity.data && growth.listings,
      testId: 'level',
    },
  ];

  return (
    <Grid columns={{ initial: '2', md: '4' }} gap={{ initial: '3', sm: '4' }} asChild>
      <ul className="community-tiles" aria-label="Community at a glance">
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
                    <Badge
                      highContrast
                      color={
                        tile.badge === 'Starting' || tile.badge === 'Getting Started' || tile.badge === 'Launching'
                          ? 'gray'
                          : 'teal'
                      }
                      mt="1"
                    >
                      {tile.badge}
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
