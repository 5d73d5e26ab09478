import { ChatBubbleIcon, ClockIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Box, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as m from '@/lib/messages';
import { StaticPage } from '@/features/static-pages';
import { richText } from '@/lib/rich-text';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <StaticPage title={m.contact_title()} lead={m.contact_lead()}>
      <Grid columns={{ initial: '1', md: '3' }} gap="5">
        <Box gridColumn={{ initial: 'auto', md: 'span 2' }}>
          <Card size={{ initial: '2', sm: '3' }}>
            <Heading as="h2" size="5" mb="4">
              {m.contact_send_title()}
            </Heading>
            <ContactForm />
          </Card>
        </Box>
        <Flex direction="column" gap="3" asChild>
          <aside aria-label={m.contact_other_ways()}>
            <InfoCard icon={<ClockIcon />} title={m.contact_reply_title()}>
              {m.contact_reply_text()}
            </InfoCard>
            <InfoCard icon={<QuestionMarkCircledIcon />} title={m.contact_quick_title()}>
              {richText(m.contact_quick_text(), {
                link: (words) => (
                  <RadixLink asChild underline="always">
                    <Link to="/help">{words}</Link>
                  </RadixLink>
                ),
              })}
            </InfoCard>
            <InfoCard icon={<ChatBubbleIcon />} title={m.contact_report_title()}>
              {richText(m.contact_report_text(), {
                link: (words) => (
                  <RadixLink asChild underline="always">
                    <Link to="/community-standards">{words}</Link>
                  </RadixLink>
                ),
              })}
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
