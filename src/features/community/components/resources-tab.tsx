import { ChatBubbleIcon, FileTextIcon, HeartIcon, QuestionMarkCircledIcon, TokensIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as m from '@/lib/messages';

const RESOURCES: {
  to: '/safety-guidelines' | '/value-guide' | '/community-standards' | '/faq';
  title: () => string;
  description: () => string;
  linkText: () => string;
  icon: ReactNode;
}[] = [
  {
    to: '/safety-guidelines',
    title: m.community_resource_safety_title,
    linkText: m.community_resource_safety_link,
    description: m.community_resource_safety_text,
    icon: <HeartIcon width="20" height="20" />,
  },
  {
    to: '/value-guide',
    title: m.community_resource_value_title,
    linkText: m.community_resource_value_link,
    description: m.community_resource_value_text,
    icon: <TokensIcon width="20" height="20" />,
  },
  {
    to: '/community-standards',
    title: m.community_resource_standards_title,
    linkText: m.community_resource_standards_link,
    description: m.community_resource_standards_text,
    icon: <FileTextIcon width="20" height="20" />,
  },
  {
    to: '/faq',
    title: m.community_resource_faq_title,
    linkText: m.community_resource_faq_link,
    description: m.community_resource_faq_text,
    icon: <QuestionMarkCircledIcon width="20" height="20" />,
  },
];

export function ResourcesTab() {
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4" asChild>
        <ul className="community-tiles" aria-label={m.community_guides()}>
          {RESOURCES.map((resource) => (
            <li key={resource.to}>
              <Card size="2" style={{ height: '100%' }}>
                <Flex direction="column" gap="2">
                  <Flex align="center" gap="2">
                    <span aria-hidden="true" style={{ display: 'inline-flex', color: 'var(--accent-11)' }}>
                      {resource.icon}
                    </span>
                    <Heading as="h3" size="3">
                      {resource.title()}
                    </Heading>
                  </Flex>
                  <Text as="p" size="2" color="gray">
                    {resource.description()}
                  </Text>
                  <RadixLink asChild underline="always" size="2" weight="medium">
                    <Link to={resource.to}>{resource.linkText()}</Link>
                  </RadixLink>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
      <Card size="3">
        <Flex
          direction={{ initial: 'column', sm: 'row' }}
          gap="4"
          justify="between"
          align={{ initial: 'start', sm: 'center' }}
        >
          <Flex direction="column" gap="2">
            <Flex align="center" gap="2">
              <ChatBubbleIcon width="20" height="20" aria-hidden="true" />
              <Heading as="h3" size="4">
                {m.community_forum_title()}
              </Heading>
              <Badge highContrast color="amber">
                {m.community_coming_soon()}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray" style={{ maxWidth: 560 }}>
              {m.community_forum_text()}
            </Text>
          </Flex>
          <Button asChild variant="soft" highContrast>
            <Link to="/contact">{m.community_suggest_topic()}</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
