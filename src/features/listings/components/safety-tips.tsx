import { LockClosedIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';

const TIPS = [
  m.listings_safety_tip_public,
  m.listings_safety_tip_check,
  m.listings_safety_tip_messages,
  m.listings_safety_tip_instincts,
];

export function SafetyTips() {
  return (
    <Card size="2">
      <Flex align="center" gap="2" mb="2">
        <LockClosedIcon aria-hidden="true" />
        <Heading as="h2" size="3">
          {m.listings_safety_tips()}
        </Heading>
      </Flex>
      <ul style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
        {TIPS.map((tip, index) => (
          <li key={index}>
            <Text size="2">{tip()}</Text>
          </li>
        ))}
      </ul>
      <Text as="p" size="2" mt="2">
        <ThemeLink asChild>
          <Link to="/safety">{m.listings_safety_read_all()}</Link>
        </ThemeLink>
      </Text>
    </Card>
  );
}
