import { ReloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { dashboardQuery } from '@/features/community';
import { formatCount, formatMoney } from '@/features/community';

export function AnalyticsTab() {
  // Refetched every 30 s (dashboardQuery) and on Refresh.
  const { data, error, isFetching, dataUpdatedAt, refetch } = useQuery(dashboardQuery);
  // `id` names the figure for tests and keys whatever the language.
  const stats = [
    {
      id: 'Total Users',
      label: m.admin_stat_users(),
      value: data && formatCount(data.totalUsers),
      note: m.admin_stat_users_note(),
    },
    {
      id: 'Open Listings',
      label: m.admin_stat_listings(),
      value: data && formatCount(data.totalSkills),
      note: m.admin_stat_listings_note(),
    },
    {
      id: 'Completed Barters',
      label: m.admin_stat_barters(),
      value: data && formatCount(data.completedBarters),
      note: m.admin_stat_barters_note(),
    },
    {
      id: 'Estimated Savings',
      label: m.admin_stat_savings(),
      value: data && formatMoney(data.totalSavings),
      note: m.admin_stat_savings_note(),
    },
  ];
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {m.admin_analytics_heading()}
          </Heading>
          <Text as="p" size="2" color="gray" aria-live="polite">
            {dataUpdatedAt
              ? m.admin_analytics_updated({ time: fmt.date(dataUpdatedAt, { timeStyle: 'medium' }) })
              : m.admin_loading_ellipsis()}
          </Text>
        </div>
        <Button variant="soft" highContrast onClick={() => void refetch()} loading={isFetching}>
          <ReloadIcon aria-hidden="true" /> {m.admin_refresh()}
        </Button>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {m.admin_analytics_failed({ error: messageOf(error, m.admin_try_again_lower()) })}
          </Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '2', md: '4' }} gap={{ initial: '3', sm: '4' }}>
        {stats.map((stat) => (
          <Card key={stat.id} data-testid={`admin-stat-${stat.id}`}>
            <Flex direction="column" gap="1">
              <Text size="2" color="gray" weight="medium">
                {stat.label}
              </Text>
              <Skeleton loading={!data}>
                <Text size="7" weight="bold" className="admin-stat-value">
                  {stat.value ?? '0'}
                </Text>
              </Skeleton>
              <Text size="1" color="gray">
                {stat.note}
              </Text>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}
