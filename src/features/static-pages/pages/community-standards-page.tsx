import { Badge, Table } from '@radix-ui/themes';
import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { bold, linkTo, richText } from '@/lib/rich-text';

// The enforcement tiers: minor → warning, moderate → temporary suspension, serious → permanent
// suspension.
const TIERS = [
  {
    level: m.static_pages_standards_minor,
    color: 'amber' as const,
    examples: m.static_pages_standards_minor_examples,
    action: m.static_pages_standards_warning,
  },
  {
    level: m.static_pages_standards_moderate,
    color: 'orange' as const,
    examples: m.static_pages_standards_moderate_examples,
    action: m.static_pages_standards_temporary,
  },
  {
    level: m.static_pages_standards_serious,
    color: 'red' as const,
    examples: m.static_pages_standards_serious_examples,
    action: m.static_pages_standards_permanent,
  },
];

const PRINCIPLES = [
  m.static_pages_standards_principle_1,
  m.static_pages_standards_principle_2,
  m.static_pages_standards_principle_3,
  m.static_pages_standards_principle_4,
  m.static_pages_standards_principle_5,
];

export function CommunityStandardsPage() {
  return (
    <StaticPage title={m.static_pages_standards_title()} lead={m.static_pages_standards_lead()}>
      <Section title={m.static_pages_standards_principles()}>
        <List items={PRINCIPLES.map((principle) => richText(principle(), { b: bold }))} />
      </Section>

      <Section title={m.static_pages_standards_communication()}>
        <P>{m.static_pages_standards_communication_text()}</P>
      </Section>

      <Section title={m.static_pages_standards_not_allowed()}>
        <List
          items={[
            m.static_pages_standards_not_allowed_1(),
            m.static_pages_standards_not_allowed_2(),
            m.static_pages_standards_not_allowed_3(),
            m.static_pages_standards_not_allowed_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_standards_reviews()}>
        <P>{m.static_pages_standards_reviews_text()}</P>
      </Section>

      <Section title={m.static_pages_standards_reporting()}>
        <P>{richText(m.static_pages_standards_reporting_1(), { link: linkTo('/settings/reports') })}</P>
        <P>{richText(m.static_pages_standards_reporting_2(), { link: linkTo('/contact') })}</P>
      </Section>

      <Section title={m.static_pages_standards_enforcement()}>
        <P>{m.static_pages_standards_enforcement_intro()}</P>
        <div className="static-table-scroll" role="region" aria-label={m.static_pages_standards_tiers()} tabIndex={0}>
          <Table.Root variant="surface" style={{ minWidth: 520 }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{m.static_pages_standards_violation()}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{m.static_pages_standards_consequence()}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{m.static_pages_standards_examples()}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {TIERS.map((tier) => (
                <Table.Row key={tier.color}>
                  <Table.RowHeaderCell>
                    <Badge highContrast color={tier.color} size="2">
                      {tier.level()}
                    </Badge>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <strong>{tier.action()}</strong>
                  </Table.Cell>
                  <Table.Cell>{tier.examples()}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        <P>{m.static_pages_standards_enforcement_after()}</P>
      </Section>

      <Section title={m.static_pages_standards_appeals()}>
        <P>{m.static_pages_standards_appeals_text()}</P>
      </Section>
    </StaticPage>
  );
}
