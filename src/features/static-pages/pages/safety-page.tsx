import { Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { P, Section, StaticPage } from '../components/static-page';

const TIPS = [
  {
    title: 'Meet in public',
    text: 'For first exchanges choose a busy public place in daylight: a library, café or supermarket car park. Many police stations have a safe exchange spot.',
  },
  {
    title: 'Tell someone',
    text: 'Let a friend or family member know where you are going, who you are meeting and when you expect to be back.',
  },
  {
    title: 'Check the profile',
    text: 'Read the member’s reviews and rating, and see how long they have been a member. Ask questions in Messages before you agree.',
  },
  {
    title: 'Keep it on Barter Market',
    text: 'Keep conversations in Messages until you are comfortable. It keeps a record if something goes wrong.',
  },
  {
    title: 'Inspect before you swap',
    text: 'Look at items carefully and test electronics before handing anything over. It is fine to walk away if it is not as described.',
  },
  {
    title: 'Never send money',
    text: 'Barter Market is money-free. Anyone asking for a deposit, shipping fee, gift card or bank details is running a scam.',
  },
  {
    title: 'Protect your details',
    text: 'Share your home address only when you need to, for example for a service at your home, and never share passwords or ID documents.',
  },
  {
    title: 'Trust your instincts',
    text: 'If something feels wrong, leave. You never owe anyone an exchange. Report members who make you uncomfortable.',
    more: { href: '#report-and-block', label: 'How to report or block a member' },
  },
];

export function SafetyPage() {
  return (
    <StaticPage title="Safety Tips" lead="Simple habits that keep exchanges safe and pleasant for everyone.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4" asChild>
        <ul className="static-card-list" aria-label="Safety tips" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {TIPS.map((tip) => (
            <li key={tip.title}>
              <Card size="2" style={{ height: '100%' }}>
                <Heading as="h2" size="3" mb="1">
                  {tip.title}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {tip.text}
                </Text>
                {'more' in tip && tip.more && (
                  <RadixLink
                    href={tip.more.href}
                    size="2"
                    underline="always"
                    mt="2"
                    style={{ display: 'inline-block' }}
                  >
                    {tip.more.label}
                  </RadixLink>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </Grid>

      <Section title="In an emergency">
        <P>
          If you are in danger, leave and call your local emergency number first. Then tell us what happened so we can
          act on the account.
        </P>
      </Section>

      <Section title="Reporting a problem" id="report-and-block">
        <P>
          Every listing, profile, message, offer and trade-circle chat line has a <strong>Report</strong> control.
          Choose what is wrong and add details if you like: an admin reviews it, usually within 24–48 hours, and the
          member is never told who reported them. You can follow each report and what came of it under{' '}
          <RadixLink asChild underline="always">
            <Link to="/settings/reports">Your reports</Link>
          </RadixLink>
          .
        </P>
        <P>
          To stop someone contacting you, <strong>block</strong> them from their profile or from your conversation (the
          ⋯ menu beside their name). Neither of you can then message the other or see each other’s listings, and they
          are not told. You can unblock them under{' '}
          <RadixLink asChild underline="always">
            <Link to="/settings/blocked">Blocked members</Link>
          </RadixLink>
          .
        </P>
        <P>
          For anything a report cannot show, such as what happened at a meet-up, use the contact form. Include the
          member’s username, the listing title and what happened. We reply within 24 hours and treat every report
          confidentially.
        </P>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <Link to="/settings/reports">Your reports</Link>
          </Button>
          <Button asChild variant="soft" highContrast>
            <Link to="/contact">Report a problem</Link>
          </Button>
          <Button asChild variant="soft" highContrast>
            <Link to="/safety-guidelines">Read the full safety guidelines</Link>
          </Button>
        </Flex>
      </Section>
    </StaticPage>
  );
}
