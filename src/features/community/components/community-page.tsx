import { Box, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import * as m from '@/lib/messages';
import { usePageTitle } from '@/lib/use-page-title';
import { NewsletterSignup } from '@/features/newsletter';
import './community.css';
import { EventsTab } from './events-tab';
import { ResourcesTab } from './resources-tab';
import { StatsTiles } from './stats-tiles';
import { SuccessStoriesTab } from './success-stories-tab';

export function CommunityPage() {
  usePageTitle(m.community_page_title());
  return (
    <>
      <div className="community-hero">
        <div className="container">
          <Flex direction="column" gap="2" py={{ initial: '6', sm: '8' }}>
            <Heading as="h1" size={{ initial: '7', sm: '8' }}>
              {m.community_title()}
            </Heading>
            <Text as="p" size={{ initial: '3', sm: '4' }} color="gray" style={{ maxWidth: 640 }}>
              {m.community_lead()}
            </Text>
          </Flex>
        </div>
      </div>
      <div className="container page">
        <Flex direction="column" gap="6">
          <section aria-labelledby="community-stats-title">
            <Heading as="h2" size="5" mb="3" id="community-stats-title">
              {m.community_stats_title()}
            </Heading>
            <StatsTiles />
          </section>
          <Tabs.Root defaultValue="stories">
            <Tabs.List aria-label={m.community_sections()}>
              <Tabs.Trigger value="stories">{m.community_tab_stories()}</Tabs.Trigger>
              <Tabs.Trigger value="events">{m.community_tab_events()}</Tabs.Trigger>
              <Tabs.Trigger value="resources">{m.community_tab_resources()}</Tabs.Trigger>
            </Tabs.List>
            <Box pt="4">
              <Tabs.Content value="stories">
                <SuccessStoriesTab />
              </Tabs.Content>
              <Tabs.Content value="events">
                <EventsTab />
              </Tabs.Content>
              <Tabs.Content value="resources">
                <ResourcesTab />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
          <NewsletterSignup />
        </Flex>
      </div>
    </>
  );
}
