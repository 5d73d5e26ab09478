// Development only: the emails this instance "sent" (GET /api/dev/outbox answers 404 elsewhere).
import { Badge, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/api-client';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { devRoutes, type OutboxMail } from '@/shared/contract/dev';

import { usePageTitle } from '@/lib/use-page-title';
import { devKeys } from '@/lib/query-keys';

const STATUS_LABELS: Record<OutboxMail['status'], () => string> = {
  pending: m.dev_status_pending,
  sent: m.dev_status_sent,
  failed: m.dev_status_failed,
  expired: m.dev_status_expired,
};

export function OutboxPage() {
  usePageTitle(m.dev_outbox());
  const [to, setTo] = useState('');
  const address = useDeferredValue(to.trim());
  const { data, error } = useQuery({
    queryKey: devKeys.outbox(address),
    queryFn: () => call(devRoutes.outbox, { query: { to: address } }),
    staleTime: 0,
  });
  return (
    <div className="container page">
      <Heading as="h1" size="7" mb="2">
        {m.dev_outbox()}
      </Heading>
      <Text as="p" color="gray" mb="4">
        {m.dev_outbox_intro()}
      </Text>
      <TextField.Root
        type="search"
        aria-label={m.dev_filter_label()}
        placeholder={m.dev_filter_placeholder()}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        mb="4"
      />
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {error instanceof ApiError && error.status === 404 ? m.dev_outbox_unavailable() : error.message}
          </Callout.Text>
        </Callout.Root>
      )}
      {data?.length === 0 && <Text color="gray">{m.dev_no_emails()}</Text>}
      <Flex direction="column" gap="3">
        {data?.map((email, index) => (
          <Card key={`${email.createdAt}-${index}`}>
            <Flex justify="between" gap="3" wrap="wrap">
              <Heading as="h2" size="3">
                {email.subject}
              </Heading>
              <Badge highContrast color={email.status === 'failed' ? 'red' : 'gray'}>
                {STATUS_LABELS[email.status]()}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray">
              {m.dev_email_to({
                to: email.to,
                date: fmt.date(email.createdAt, { dateStyle: 'medium', timeStyle: 'medium' }),
              })}
            </Text>
            <Text as="p" size="2" mt="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {email.text}
            </Text>
          </Card>
        ))}
      </Flex>
    </div>
  );
}
