import { Badge, Link as RadixLink, Table } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

// The enforcement tiers: minor → warning, moderate → temporary suspension, serious → permanent
// suspension.
const TIERS = [
  {
    level: 'Minor',
    color: 'amber' as const,
    examples:
      'Late replies without explanation, a listing in the wrong category, mildly rude messages, a first missed meeting.',
    action: 'Warning',
  },
  {
    level: 'Moderate',
    color: 'orange' as const,
    examples: 'Repeated no-shows, misleading listings, asking for money, spam, or continuing after a warning.',
    action: 'Temporary suspension',
  },
  {
    level: 'Serious',
    color: 'red' as const,
    examples:
      'Harassment, threats, hate speech, fraud, fake reviews, illegal items or services, or putting anyone’s safety at risk.',
    action: 'Permanent suspension',
  },
];

export function CommunityStandardsPage() {
  return (
    <StaticPage
      title="Community Standards"
      lead="Barter Market works because neighbours trust each other. These standards describe how we treat one another and what happens when someone does not."
    >
      <Section title="Our principles">
        <List
          items={[
            <>
              <strong>Be honest.</strong> Describe items and skills accurately, including flaws, and only offer what you
              can deliver.
            </>,
            <>
              <strong>Be respectful.</strong> Treat everyone with courtesy, whatever their background, and accept a “no,
              thank you” gracefully.
            </>,
            <>
              <strong>Be reliable.</strong> Turn up when you said you would, and let the other person know early if
              plans change.
            </>,
            <>
              <strong>Be fair.</strong> Agree trades both sides are happy with. Our value guide helps.
            </>,
            <>
              <strong>Be safe.</strong> Follow the safety guidelines and look out for other members.
            </>,
          ]}
        />
      </Section>

      <Section title="Communication">
        <P>
          Reply to messages within 24 to 48 hours, even if only to say you are no longer interested. Keep listings up to
          date: mark them pending while you are in discussion, paused when you are away, and completed once the exchange
          is done.
        </P>
      </Section>

      <Section title="Listings that are not allowed">
        <List
          items={[
            'Anything illegal, including stolen or counterfeit goods, and services that need a licence you do not hold.',
            'Weapons, drugs, alcohol, tobacco and vaping products, and medicines.',
            'Live animals, recalled products, and adult content or services.',
            'Requests for or offers of money, deposits or gift cards.',
          ]}
        />
      </Section>

      <Section title="Reviews">
        <P>
          Reviews can only be left after a barter both members confirmed. Write about the exchange itself, honestly and
          without personal attacks. Offering anything in return for a review, or reviewing yourself through another
          account, is not allowed.
        </P>
      </Section>

      <Section title="Reporting">
        <P>
          If a member breaks these standards, use Report on their listing, profile, message, offer or trade-circle chat
          line, and follow it under{' '}
          <RadixLink asChild underline="always">
            <Link to="/settings/reports">Your reports</Link>
          </RadixLink>
          . You can also block them: neither of you can then message the other or see each other’s listings.
        </P>
        <P>
          Or use the{' '}
          <RadixLink asChild underline="always">
            <Link to="/contact">contact form</Link>
          </RadixLink>{' '}
          with their username, the listing and what happened. Reports are confidential: we never tell the other member
          who reported them. We reply within 24 hours.
        </P>
      </Section>

      <Section title="Enforcement">
        <P>We look at every report and at the member’s history, and respond in proportion to what happened:</P>
        <div className="static-table-scroll" role="region" aria-label="Enforcement tiers" tabIndex={0}>
          <Table.Root variant="surface" style={{ minWidth: 520 }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Violation</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Consequence</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Examples</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {TIERS.map((tier) => (
                <Table.Row key={tier.level}>
                  <Table.RowHeaderCell>
                    <Badge highContrast color={tier.color} size="2">
                      {tier.level}
                    </Badge>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <strong>{tier.action}</strong>
                  </Table.Cell>
                  <Table.Cell>{tier.examples}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        <P>
          Listings or reviews that break the rules are removed whatever the tier. Where someone’s safety is at risk we
          may act at once and, where appropriate, involve the authorities.
        </P>
      </Section>

      <Section title="Appeals">
        <P>
          If you think we got a decision wrong, reply through the contact form within 30 days with anything we should
          know. A different volunteer reviews the appeal and we tell you the outcome.
        </P>
      </Section>
    </StaticPage>
  );
}
