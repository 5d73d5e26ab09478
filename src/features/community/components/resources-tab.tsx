import { ChatBubbleIcon, FileTextIcon, HeartIcon, QuestionMarkCircledIcon, TokensIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const RESOURCES: {
  to: '/safety-guidelines' | '/value-guide' | '/community-standards' | '/faq';
  title: string;
  description: string;
  linkText: string;
  icon: ReactNode;
}[] = [
  {
    to: '/safety-guidelines',
    title: 'Safety Guidelines',
    linkText: 'Read the safety guidelines',
    description: 'Meeting in public, checking items, and trading services safely in someone’s home.',
    icon: <HeartIcon width="20" height="20" />,
  },
  {
    to: '/value-guide',
    title: 'Valuing Your Skills',
    linkText: 'Open the value guide',
    description: 'How to put a fair value on goods and on an hour of your time, so both sides feel good.',
    icon: <TokensIcon width="20" height="20" />,
  },
  {
    to: '/community-standards',
    title: 'Community Standards',
    linkText: 'Read the community standards',
    description: 'What we expect from each other, how to report a problem and what happens next.',
    icon: <FileTextIcon width="20" height="20" />,
  },
  {
    to: '/faq',
    title: 'FAQ',
    linkText: 'Read the FAQ',
    description: 'Answers to common questions about listings, exchanges, reviews and your account.',
    icon: <QuestionMarkCircledIcon width="20" height="20" />,
  },
];

export function ResourcesTab() {
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4" asChild>
        <ul className="community-tiles" aria-label="Guides">
          {RESOURCES.map((resource) => (
            <li key={resource.to}>
              <Card size="2" style={{ height: '100%' }}>
                <Flex direction="column" gap="2">
                  <Flex align="center" gap="2">
                    <span aria-hidden="true" style={{ display: 'inline-flex', color: 'var(--accent-11)' }}>
                      {resource.icon}
                    </span>
                    <Heading as="h3" size="3">
                      {resource.title}
                    </Heading>
                  </Flex>
                  <Text as="p" size="2" color="gray">
                    {resource.description}
                  </Text>
                  <RadixLink asChild underline="always" size="2" weight="medium">
                    <Link to={resource.to}>{resource.linkText}</Link>
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
                Community Forum
              </Heading>
              <Badge highContrast color="amber">
                Coming soon
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray" style={{ maxWidth: 560 }}>
              A place to swap tips, ask for things you cannot find in the listings and plan events together. Until it
              opens, message members directly from their listings, or tell us what you would like to discuss.
            </Text>
          </Flex>
          <Button asChild variant="soft" highContrast>
            <Link to="/contact">Suggest a topic</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
