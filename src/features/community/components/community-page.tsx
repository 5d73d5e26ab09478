import { Box, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { usePageTitle } from '@/lib/use-page-title';
import { NewsletterSignup } from '@/features/newsletter';
import './community.css';
import { EventsTab } from './events-tab';
import { ResourcesTab } from './resources-tab';
import { StatsTiles } from './stats-tiles';
import { SuccessStoriesTab } from './success-stories-tab';

export function CommunityPage() {
  usePageTitle('Community');
  return (
    <>
      <div className="community-hero">
        <div className="container">
          <Flex direction="column" gap="2" py={{ initial: '6', sm: '8' }}>
            <Heading as="h1" size={{ initial: '7', sm: '8' }}>
              Our Community
            </Heading>
            <Text as="p" size={{ initial: '3', sm: '4' }} color="gray" style={{ maxWidth: 640 }}>
              Neighbours sharing skills, goods and time. See how the community is doing, meet people at local events and
              learn how to trade well.
            </Text>
          </Flex>
        </div>
      </div>
      <div className="container page">
        <Flex direction="column" gap="6">
          <section aria-labelledby="community-stats-title">
            <Heading as="h2" size="5" mb="3" id="community-stats-title">
              Community at a glance
            </Heading>
            <StatsTiles />
          </section>
          <Tabs.Root defaultValue="stories">
            <Tabs.List aria-label="Community sections">
              <Tabs.Trigger value="stories">Success Stories</Tabs.Trigger>
              <Tabs.Trigger value="events">Events</Tabs.Trigger>
              <Tabs.Trigger value="resources">Resources</Tabs.Trigger>
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
