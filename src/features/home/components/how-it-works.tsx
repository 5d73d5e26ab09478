import { ChatBubbleIcon, HandIcon, MagnifyingGlassIcon, StarIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { HomeSection } from './section';

const STEPS = [
  {
    icon: HandIcon,
    title: 'List what you offer',
    text: 'Post goods or skills you can share, and say what you would like in return.',
  },
  {
    icon: MagnifyingGlassIcon,
    title: 'Find a match',
    text: 'Browse and search listings near you by category, keyword and distance.',
  },
  {
    icon: ChatBubbleIcon,
    title: 'Agree on the swap',
    text: 'Message the owner, make an offer, and settle the details together.',
  },
  {
    icon: StarIcon,
    title: 'Exchange and review',
    text: 'Meet up, make the trade, record it, and leave each other a review.',
  },
];

export function HowItWorks() {
  return (
    <HomeSection
      id="how-it-works"
      title="How It Works"
      lead="Four steps from a cluttered garage to a happy neighbour."
      tone="muted"
    >
      <ol className="home-steps">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title}>
            <Card size="3" style={{ height: '100%' }}>
              <Flex direction="column" gap="2">
                <Flex align="center" gap="3">
                  <span className="home-step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Icon width="22" height="22" aria-hidden="true" />
                </Flex>
                <Heading as="h3" size="4">
                  <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
                  {title}
                </Heading>
                <Text color="gray">{text}</Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
