import { Box, Flex, Heading, Spinner, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import * as m from '@/lib/messages';
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
  usePageTitle(m.admin_dashboard());
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState('analytics');

  if (isLoading) {
    return (
      <Flex justify="center" className="page" role="status" aria-label={m.admin_loading()}>
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user || !user.isAdmin) return <AccessMessage signedIn={Boolean(user)} />;

  return (
    <div className="container page">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          {m.admin_dashboard()}
        </Heading>
        <Text as="p" color="gray">
          {m.admin_dashboard_intro()}
        </Text>
      </Flex>
      <ModerationLinks />
      <EmailStatusNotice />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={m.admin_sections()}>
          <Tabs.Trigger value="analytics">{m.admin_tab_analytics()}</Tabs.Trigger>
          <Tabs.Trigger value="users">{m.admin_tab_users()}</Tabs.Trigger>
          <Tabs.Trigger value="listings">{m.admin_tab_listings()}</Tabs.Trigger>
          <Tabs.Trigger value="settings">{m.admin_tab_settings()}</Tabs.Trigger>
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
