import { Box, Flex, Heading, Spinner, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { AccessMessage } from './access-message';
import './admin.css';
import { AnalyticsTab } from './analytics-tab';
import { EmailStatusNotice } from './email-status-notice';
import { ListingsTab } from './listings-tab';
import { ModerationLinks } from './moderation-links';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';
import { useCurrentUser } from '@/lib/current-user';

export function AdminDashboard() {
  usePageTitle('Admin Dashboard');
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState('analytics');

  if (isLoading) {
    return (
      <Flex justify="center" className="page" role="status" aria-label="Loading">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user || !user.isAdmin) return <AccessMessage signedIn={Boolean(user)} />;

  return (
    <div className="container page">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Admin Dashboard
        </Heading>
        <Text as="p" color="gray">
          Community figures, members and listings at a glance.
        </Text>
      </Flex>
      <ModerationLinks />
      <EmailStatusNotice />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Admin sections">
          <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
          <Tabs.Trigger value="users">Users</Tabs.Trigger>
          <Tabs.Trigger value="listings">Listings</Tabs.Trigger>
          <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
        </Tabs.List>
        <Box pt="5">
          <Tabs.Content value="analytics">
            <AnalyticsTab />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab />
          </Tabs.Content>
          <Tabs.Content value="listings">
            <ListingsTab />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </div>
  );
}
