import { ReloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '@/lib/api';
import { dashboardQuery } from '@/features/community';
import { formatCount, formatMoney } from '@/features/community';
import { fmt } from '@/lib/intl';

export function AnalyticsTab() {
  // Refetched every 30 s (dashboardQuery) and on Refresh.
  const { data, error, isFetching, dataUpdatedAt, refetch } = useQuery(dashboardQuery);
  const stats = [
    { label: 'Total Users', value: data && formatCount(data.totalUsers), note: 'Registered members' },
    {
      label: 'Open Listings',
      value: data && formatCount(data.totalSkills),
      note: 'Active or pending, as Browse shows them',
    },
    {
      label: 'Completed Barters',
      value: data && formatCount(data.completedBarters),
      note: 'Confirmed by both members',
    },
    {
      label: 'Estimated Savings',
      value: data && formatMoney(data.totalSavings),
      note: 'What members did not have to spend',
    },
  ];
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            Community analytics
          </Heading>
          <Text as="p" size="2" color="gray" aria-live="polite">
            {dataUpdatedAt
              ? `Updated ${fmt.date(dataUpdatedAt, { timeStyle: 'medium' })}. Refreshes every 30 seconds.`
              : 'Loading…'}
          </Text>
        </div>
        <Button variant="soft" highContrast onClick={() => void refetch()} loading={isFetching}>
          <ReloadIcon aria-hidden="true" /> Refresh
        </Button>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load analytics: {messageOf(error, 'please try again.')}</Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '2', md: '4' }} gap={{ initial: '3', sm: '4' }}>
        {stats.map((stat) => (
          <Card key={stat.label} data-testid={`admin-stat-${stat.label}`}>
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
