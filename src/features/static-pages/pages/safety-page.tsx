import { Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { P, Section, StaticPage } from '../components/static-page';
import { bold, richText } from '@/lib/rich-text';

const TIPS = [
  { title: m.static_pages_safety_tip_1, text: m.static_pages_safety_tip_1_text },
  { title: m.static_pages_safety_tip_2, text: m.static_pages_safety_tip_2_text },
  { title: m.static_pages_safety_tip_3, text: m.static_pages_safety_tip_3_text },
  { title: m.static_pages_safety_tip_4, text: m.static_pages_safety_tip_4_text },
  { title: m.static_pages_safety_tip_5, text: m.static_pages_safety_tip_5_text },
  { title: m.static_pages_safety_tip_6, text: m.static_pages_safety_tip_6_text },
  { title: m.static_pages_safety_tip_7, text: m.static_pages_safety_tip_7_text },
  {
    title: m.static_pages_safety_tip_8,
    text: m.static_pages_safety_tip_8_text,
    more: { href: '#report-and-block', label: m.static_pages_safety_tip_8_more },
  },
];

export function SafetyPage() {
  return (
    <StaticPage title={m.static_pages_safety_title()} lead={m.static_pages_safety_lead()}>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4" asChild>
        <ul
          className="static-card-list"
          aria-label={m.static_pages_safety_list()}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {TIPS.map((tip, i) => (
            <li key={i}>
              <Card size="2" style={{ height: '100%' }}>
                <Heading as="h2" size="3" mb="1">
                  {tip.title()}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {tip.text()}
                </Text>
                {tip.more && (
                  <RadixLink
                    href={tip.more.href}
                    size="2"
                    underline="always"
                    mt="2"
                    style={{ display: 'inline-block' }}
                  >
                    {tip.more.label()}
                  </RadixLink>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </Grid>

      <Section title={m.static_pages_safety_emergency()}>
        <P>{m.static_pages_safety_emergency_text()}</P>
      </Section>

      <Section title={m.static_pages_safety_reporting()} id="report-and-block">
        <P>
          {richText(m.static_pages_safety_reporting_1(), {
            b: bold,
            link: (words) => (
              <RadixLink asChild underline="always">
                <Link to="/settings/reports">{words}</Link>
              </RadixLink>
            ),
          })}
        </P>
        <P>
          {richText(m.static_pages_safety_reporting_2(), {
            b: bold,
            link: (words) => (
              <RadixLink asChild underline="always">
                <Link to="/settings/blocked">{words}</Link>
              </RadixLink>
            ),
          })}
        </P>
        <P>{m.static_pages_safety_reporting_3()}</P>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <Link to="/settings/reports">{m.static_pages_your_reports()}</Link>
          </Button>
          <Button asChild variant="soft" highContrast>
            <Link to="/contact">{m.static_pages_safety_report_problem()}</Link>
          </Button>
          <Button asChild variant="soft" highContrast>
            <Link to="/safety-guidelines">{m.static_pages_safety_full_guidelines()}</Link>
          </Button>
        </Flex>
      </Section>
    </StaticPage>
  );
}
