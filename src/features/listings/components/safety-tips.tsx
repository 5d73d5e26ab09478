import { LockClosedIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';

const TIPS = [
  'Meet in a public place during the day.',
  'Check the item or agree on the skill before you exchange.',
  'Keep your conversation in Barter Market messages.',
  'Trust your instincts: if something feels wrong, walk away.',
];

export function SafetyTips() {
  return (
    <Card size="2">
      <Flex align="center" gap="2" mb="2">
        <LockClosedIcon aria-hidden="true" />
        <Heading as="h2" size="3">
          Safety tips
        </Heading>
      </Flex>
      <ul style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
        {TIPS.map((tip) => (
          <li key={tip}>
            <Text size="2">{tip}</Text>
          </li>
        ))}
      </ul>
      <Text as="p" size="2" mt="2">
        <ThemeLink asChild>
          <Link to="/safety">Read all safety tips</Link>
        </ThemeLink>
      </Text>
    </Card>
  );
}
