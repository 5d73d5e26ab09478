// Development only: the emails this instance "sent" (GET /api/dev/outbox answers 404 elsewhere).
import { Badge, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/api-client';
import { devRoutes } from '@/shared/contract/dev';
import { usePageTitle } from '@/lib/use-page-title';
import { devKeys } from '@/lib/query-keys';
import { fmt } from '@/lib/intl';

export function OutboxPage() {
  usePageTitle('Dev Outbox');
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
        Dev Outbox
      </Heading>
      <Text as="p" color="gray" mb="4">
        Emails this local instance would have sent, newest first. Links in them work against this server.
      </Text>
      <TextField.Root
        type="search"
        aria-label="Filter by recipient"
        placeholder="Filter by recipient email"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        mb="4"
      />
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {error instanceof ApiError && error.status === 404
              ? 'The outbox is only available in local development.'
              : error.message}
          </Callout.Text>
        </Callout.Root>
      )}
      {data?.length === 0 && <Text color="gray">No emails yet.</Text>}
      <Flex direction="column" gap="3">
        {data?.map((email, index) => (
          <Card key={`${email.createdAt}-${index}`}>
            <Flex justify="between" gap="3" wrap="wrap">
              <Heading as="h2" size="3">
                {email.subject}
              </Heading>
              <Badge highContrast color={email.status === 'failed' ? 'red' : 'gray'}>
                {email.status}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray">
              To {email.to} · {fmt.date(email.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
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
