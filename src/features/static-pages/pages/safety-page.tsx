import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { P, Section, StaticPage } from '../components/static-page';

const TIPS = [
  { title: 'Meet in public', text: 'For first exchanges choose a busy public place in daylight: a library, café or supermarket car park. Many police stations have a safe exchange spot.' },
  { title: 'Tell someone', text: 'Let a friend or family member know where you are going, who you are meeting and when you expect to be back.' },
  { title: 'Check the profile', text: 'Read the member’s reviews and rating, and see how long they have been a member. Ask questions in Messages before you agree.' },
  { title: 'Keep it on Barter Market', text: 'Keep conversations in Messages until you are comfortable. It keeps a record if something goes wrong.' },
  { title: 'Inspect before you swap', text: 'Look at items carefully and test electronics before handing anything over. It is fine to walk away if it is not as described.' },
  { title: 'Never send money', text: 'Barter Market is money-free. Anyone asking for a deposit, shipping fee, gift card or bank details is running a scam.' },
  { title: 'Protect your details', text: 'Share your home address only when you need to, for example for a service at your home, and never share passwords or ID documents.' },
  { title: 'Trust your instincts', text: 'If something feels wrong, leave. You never owe anyone an exchange. Report members who make you uncomfortable.' },
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
              </Card>
            </li>
          ))}
        </ul>
      </Grid>

      <Section title="In an emergency">
        <P>If you are in danger, leave and call your local emergency number first. Then tell us what happened so we can act on the account.</P>
      </Section>

      <Section title="Reporting a problem">
        <P>
          Use the contact form to report a member, a listing or a message. Include the member’s username, the listing title and what happened. We reply within
          24 hours and treat every report confidentially.
        </P>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
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
