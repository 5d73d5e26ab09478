import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { FaqBrowser } from '../components/faq-browser';
import { StaticPage } from '../components/static-page';

const GUIDES = [
  { to: '/safety' as const, title: m.static_pages_help_guide_safety, text: m.static_pages_help_guide_safety_text },
  { to: '/value-guide' as const, title: m.static_pages_help_guide_value, text: m.static_pages_help_guide_value_text },
  {
    to: '/community-standards' as const,
    title: m.static_pages_help_guide_standards,
    text: m.static_pages_help_guide_standards_text,
  },
];

export function HelpPage() {
  return (
    <StaticPage title={m.static_pages_help_title()} lead={m.static_pages_help_lead()}>
      <FaqBrowser />
      <section aria-labelledby="help-guides">
        <Heading as="h2" size="5" mb="3" id="help-guides">
          {m.static_pages_help_guides()}
        </Heading>
        <Grid columns={{ initial: '1', sm: '3' }} gap="3">
          {GUIDES.map((guide) => (
            <Card key={guide.to} asChild size="2">
              <Link to={guide.to}>
                <Text as="div" weight="bold" size="3">
                  {guide.title()}
                </Text>
                <Text as="div" size="2" color="gray">
                  {guide.text()}
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
              {m.static_pages_help_still()}
            </Heading>
            <Text as="p" size="2" color="gray">
              {m.static_pages_help_still_text()}
            </Text>
          </div>
          <Button asChild size="3">
            <Link to="/contact">{m.static_pages_contact_us()}</Link>
          </Button>
        </Flex>
      </Card>
    </StaticPage>
  );
}
