import { ChatBubbleIcon, ClockIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Box, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StaticPage } from '@/features/static-pages';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <StaticPage
      title="Contact Us"
      lead="Questions, ideas for an event, or a problem with an exchange? Send us a message."
    >
      <Grid columns={{ initial: '1', md: '3' }} gap="5">
        <Box gridColumn={{ initial: 'auto', md: 'span 2' }}>
          <Card size={{ initial: '2', sm: '3' }}>
            <Heading as="h2" size="5" mb="4">
              Send a message
            </Heading>
            <ContactForm />
          </Card>
        </Box>
        <Flex direction="column" gap="3" asChild>
          <aside aria-label="Other ways to get help">
            <InfoCard icon={<ClockIcon />} title="Reply within 24 hours">
              Our volunteers read every message and reply to the email address you give.
            </InfoCard>
            <InfoCard icon={<QuestionMarkCircledIcon />} title="Quick answers">
              Many questions are answered in the{' '}
              <RadixLink asChild underline="always">
                <Link to="/help">Help Center</Link>
              </RadixLink>
              .
            </InfoCard>
            <InfoCard icon={<ChatBubbleIcon />} title="Reporting a member">
              Include their username, the listing and what happened. Reports are confidential; see our{' '}
              <RadixLink asChild underline="always">
                <Link to="/community-standards">Community Standards</Link>
              </RadixLink>
              .
            </InfoCard>
          </aside>
        </Flex>
      </Grid>
    </StaticPage>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Flex gap="3" align="start">
        <span aria-hidden="true" style={{ display: 'inline-flex', color: 'var(--accent-11)', marginTop: 2 }}>
          {icon}
        </span>
        <div>
          <Heading as="h2" size="3" mb="1">
            {title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {children}
          </Text>
        </div>
      </Flex>
    </Card>
  );
}
