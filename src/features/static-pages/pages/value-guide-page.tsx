import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { bold, linkTo, richText } from '@/lib/rich-text';

const EXAMPLES = [
  { title: m.static_pages_value_example_1, text: m.static_pages_value_example_1_text },
  { title: m.static_pages_value_example_2, text: m.static_pages_value_example_2_text },
  { title: m.static_pages_value_example_3, text: m.static_pages_value_example_3_text },
];

const GOODS = [
  m.static_pages_value_goods_1,
  m.static_pages_value_goods_2,
  m.static_pages_value_goods_3,
  m.static_pages_value_goods_4,
];

const SKILLS = [
  m.static_pages_value_skills_1,
  m.static_pages_value_skills_2,
  m.static_pages_value_skills_3,
  m.static_pages_value_skills_4,
];

export function ValueGuidePage() {
  return (
    <StaticPage
      title={m.static_pages_value_title()}
      pageTitle={m.static_pages_value_page_title()}
      lead={m.static_pages_value_lead()}
    >
      <Section title={m.static_pages_value_golden()}>
        <P>{m.static_pages_value_golden_text()}</P>
      </Section>

      <Section title={m.static_pages_value_goods()}>
        <List items={GOODS.map((item) => richText(item(), { b: bold }))} />
      </Section>

      <Section title={m.static_pages_value_skills()}>
        <List items={SKILLS.map((item) => richText(item(), { b: bold }))} />
      </Section>

      <Section title={m.static_pages_value_examples()}>
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          {EXAMPLES.map((example, i) => (
            <Card key={i} size="2">
              <Flex direction="column" gap="2">
                <Heading as="h3" size="3">
                  {example.title()}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {example.text()}
                </Text>
              </Flex>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={m.static_pages_value_mismatch()}>
        <List
          items={[
            m.static_pages_value_mismatch_1(),
            m.static_pages_value_mismatch_2(),
            m.static_pages_value_mismatch_3(),
            m.static_pages_value_mismatch_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_value_agree()}>
        <P>{richText(m.static_pages_value_agree_text(), { link: linkTo('/safety-guidelines') })}</P>
      </Section>
    </StaticPage>
  );
}
