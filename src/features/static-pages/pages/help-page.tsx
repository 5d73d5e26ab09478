import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { FaqBrowser } from '../components/faq-browser';
import { StaticPage } from '../components/static-page';

const GUIDES = [
  { to: '/safety' as const, title: 'Safety Tips', text: 'Quick habits for safe exchanges.' },
  { to: '/value-guide' as const, title: 'Value Guide', text: 'How to agree a fair trade.' },
  { to: '/community-standards' as const, title: 'Community Standards', text: 'The rules and how we enforce them.' },
];

export function HelpPage() {
  return (
    <StaticPage title="Help Center" lead="Answers to common questions about Barter Market. Search, or browse by topic.">
      <FaqBrowser />
      <section aria-labelledby="help-guides">
        <Heading as="h2" size="5" mb="3" id="help-guides">
          Guides
        </Heading>
        <Grid columns={{ initial: '1', sm: '3' }} gap="3">
          {GUIDES.map((guide) => (
            <Card key={guide.to} asChild size="2">
              <Link to={guide.to}>
                <Text as="div" weight="bold" size="3">
                  {guide.title}
                </Text>
                <Text as="div" size="2" color="gray">
                  {guide.text}
                </Text>
              </Link>
            </Card>
          ))}
        </Grid>
      </section>
      <Card size="3">
        <Flex
          direction={{ initial: 'column', sm: 'row' }}
          gap="3"
          justify="between"
          align={{ initial: 'start', sm: 'center' }}
        >
          <div>
            <Heading as="h2" size="4">
              Still need help?
            </Heading>
            <Text as="p" size="2" color="gray">
              Send us a message and we will reply within 24 hours.
            </Text>
          </div>
          <Button asChild size="3">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </Flex>
      </Card>
    </StaticPage>
  );
}
