import { ChatBubbleIcon, HandIcon, MagnifyingGlassIcon, StarIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { HomeSection } from './section';
import * as m from '@/lib/messages';

const STEPS = [
  {
    icon: HandIcon,
    title: m.home_step1_title,
    text: m.home_step1_text,
  },
  {
    icon: MagnifyingGlassIcon,
    title: m.home_step2_title,
    text: m.home_step2_text,
  },
  {
    icon: ChatBubbleIcon,
    title: m.home_step3_title,
    text: m.home_step3_text,
  },
  {
    icon: StarIcon,
    title: m.home_step4_title,
    text: m.home_step4_text,
  },
];

export function HowItWorks() {
  return (
    <HomeSection id="how-it-works" title={m.home_how_it_works()} lead={m.home_steps_lead()} tone="muted">
      <ol className="home-steps">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={index}>
            <Card size="3" style={{ height: '100%' }}>
              <Flex direction="column" gap="2">
                <Flex align="center" gap="3">
                  <span className="home-step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Icon width="22" height="22" aria-hidden="true" />
                </Flex>
                <Heading as="h3" size="4">
                  <VisuallyHidden>{m.home_step_label({ number: index + 1 })} </VisuallyHidden>
                  {title()}
                </Heading>
                <Text color="gray">{text()}</Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
