import { Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

const EXAMPLES = [
  {
    title: 'Bike tune-up ↔ home-cooked meals',
    text: 'A tune-up takes about 2 hours of skilled work plus a few parts. Five family dinners take about the same time to shop for and cook, plus ingredients. A fair match.',
  },
  {
    title: 'Piano lessons ↔ fresh vegetables',
    text: 'Four 45-minute lessons are 3 hours of teaching. A weekly vegetable basket through the summer is several hours of growing and picking. Agree how many weeks before you start.',
  },
  {
    title: 'Used lawn mower ↔ website',
    text: 'A serviced mower sells second-hand for a modest amount; a small website is many hours of skilled work. Balance it by adding more on the mower side, or agree a simpler one-page site.',
  },
];

export function ValueGuidePage() {
  return (
    <StaticPage
      title="Value Guide"
      pageTitle="Valuing Goods and Skills"
      lead="How to put a fair value on what you offer and what you ask for, so both sides walk away happy."
    >
      <Section title="The golden rule: both sides feel good">
        <P>
          There is no official price list on Barter Market, and that is the point. A trade is fair when both of you
          would happily do it again. The methods below simply give you a shared starting point for the conversation.
        </P>
      </Section>

      <Section title="Valuing goods">
        <List
          items={[
            <>
              <strong>Start from the second-hand price,</strong> not the new price. Look at what similar items sell for
              locally in similar condition.
            </>,
            <>
              <strong>Adjust for condition:</strong> as new, good, worn, or needs repair. Be honest about defects; it
              saves arguments later.
            </>,
            <>
              <strong>Consider demand.</strong> Things people need right now, such as a winter coat in October, are
              worth more to them than something that will sit in a cupboard.
            </>,
            <>
              <strong>Include the extras:</strong> accessories, manuals, original packaging, or delivery if you offer
              it.
            </>,
          ]}
        />
      </Section>

      <Section title="Valuing skills and time">
        <List
          items={[
            <>
              <strong>Count the hours,</strong> including preparation and travel. An hour of your time is a good unit
              for swapping services.
            </>,
            <>
              <strong>Weigh skill and risk.</strong> Work that needs training, certification or specialist tools, or
              that carries risk, can fairly count for more per hour.
            </>,
            <>
              <strong>Add materials separately.</strong> Ingredients, paint or parts are goods; agree who provides them.
            </>,
            <>
              <strong>Do not undersell yourself.</strong> Everyday skills such as cooking, childcare, driving or tidying
              are valuable to someone who needs them.
            </>,
          ]}
        />
      </Section>

      <Section title="Worked examples">
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          {EXAMPLES.map((example) => (
            <Card key={example.title} size="2">
              <Flex direction="column" gap="2">
                <Heading as="h3" size="3">
                  {example.title}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {example.text}
                </Text>
              </Flex>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title="When the values do not match">
        <List
          items={[
            'Add something small to the lighter side: a second item, an extra hour, or delivery.',
            'Split a large service into sessions and trade them over time.',
            'Combine several listings, or bring in a third neighbour for a three-way swap.',
            'Agree a future favour, and write it down in Messages so neither of you forgets.',
          ]}
        />
      </Section>

      <Section title="Agree before you exchange">
        <P>
          Write the final deal in Messages: what each of you gives, when and where. Mention the condition of items and
          the length of any service. After the exchange, record the barter and leave a review. For meeting safely, see
          the{' '}
          <RadixLink asChild underline="always">
            <Link to="/safety-guidelines">safety guidelines</Link>
          </RadixLink>
          .
        </P>
      </Section>
    </StaticPage>
  );
}
