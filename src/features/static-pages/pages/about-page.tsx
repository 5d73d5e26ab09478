import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { bold, richText } from '@/lib/rich-text';

const STEPS = [
  { title: m.static_pages_about_step_1, text: m.static_pages_about_step_1_text },
  { title: m.static_pages_about_step_2, text: m.static_pages_about_step_2_text },
  { title: m.static_pages_about_step_3, text: m.static_pages_about_step_3_text },
];

const BELIEFS = [
  m.static_pages_about_believe_1,
  m.static_pages_about_believe_2,
  m.static_pages_about_believe_3,
  m.static_pages_about_believe_4,
];

export function AboutPage() {
  return (
    <StaticPage
      title={m.static_pages_about_title()}
      pageTitle={m.static_pages_about_page_title()}
      lead={m.static_pages_about_lead()}
    >
      <Section title={m.static_pages_about_why()}>
        <P>{m.static_pages_about_why_1()}</P>
        <P>{m.static_pages_about_why_2()}</P>
      </Section>

      <Section title={m.static_pages_about_how()}>
        <Grid columns={{ initial: '1', sm: '3' }} gap="4">
          {STEPS.map((step) => (
            <Card key={step.title()} size="2">
              <Heading as="h3" size="3" mb="2">
                {step.title()}
              </Heading>
              <Text as="p" size="2" color="gray">
                {step.text()}
              </Text>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={m.static_pages_about_believe()}>
        <List items={BELIEFS.map((belief) => richText(belief(), { b: bold }))} />
      </Section>

      <Section title={m.static_pages_about_who()}>
        <P>{m.static_pages_about_who_text()}</P>
      </Section>

      <Section title={m.static_pages_about_credits()}>
        <P>
          {richText(m.static_pages_about_credits_text(), {
            geonames: (words) => (
              <a href="https://www.geonames.org/" rel="noreferrer">
                {words}
              </a>
            ),
            licence: (words) => (
              <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer">
                {words}
              </a>
            ),
          })}
        </P>
      </Section>

      <Section title={m.static_pages_about_involved()}>
        <P>{m.static_pages_about_involved_text()}</P>
        <Flex gap="3" wrap="wrap">
          <Button asChild size="3">
            <Link to="/browse">{m.static_pages_browse_listings()}</Link>
          </Button>
          <Button asChild size="3" variant="soft" highContrast>
            <Link to="/community">{m.static_pages_about_visit_community()}</Link>
          </Button>
          <Button asChild size="3" variant="soft" highContrast color="gray">
            <Link to="/contact">{m.static_pages_contact_us()}</Link>
          </Button>
        </Flex>
      </Section>
    </StaticPage>
  );
}
