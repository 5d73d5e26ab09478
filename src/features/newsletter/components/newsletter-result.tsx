import { CheckCircledIcon, CrossCircledIcon, EnvelopeClosedIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { usePageTitle } from '@/lib/use-page-title';
import { confirmQuery, useUnsubscribe } from '../api';

/** /newsletter/confirm?token=…: confirms the subscription on arrival and says how it went. */
export function NewsletterConfirm({ token }: { token: string | undefined }) {
  usePageTitle(m.newsletter_confirm_page_title());
  if (!token) return <MissingToken />;
  return <ConfirmToken token={token} />;
}

function ConfirmToken({ token }: { token: string }) {
  const { data, error, isPending } = useQuery(confirmQuery(token));
  if (isPending) return <ResultCard tone="loading" title={m.newsletter_confirming()} message={m.newsletter_moment()} />;
  if (data) return <ResultCard tone="success" title={m.newsletter_confirmed()} message={data.message} />;
  return (
    <ResultCard
      tone="error"
      title={m.newsletter_confirm_failed()}
      message={messageOf(error, m.newsletter_confirm_invalid())}
    >
      <Button asChild variant="soft" highContrast>
        <Link to="/community" hash="newsletter">
          {m.newsletter_subscribe_again()}
        </Link>
      </Button>
    </ResultCard>
  );
}

/**
 * /newsletter/unsubscribe?token=…: one button, so a mail scanner that opens links cannot
 * unsubscribe anyone; the call is idempotent, so pressing it twice is harmless.
 */
export function NewsletterUnsubscribe({ token }: { token: string | undefined }) {
  usePageTitle(m.newsletter_unsubscribe());
  const unsubscribe = useUnsubscribe();
  if (!token) return <MissingToken />;
  if (unsubscribe.isSuccess) {
    return (
      <ResultCard tone="success" title={m.newsletter_unsubscribed()} message={unsubscribe.data.message}>
        <Text as="p" size="2" color="gray">
          {m.newsletter_changed_mind()}
        </Text>
      </ResultCard>
    );
  }
  if (unsubscribe.isError)
    return (
      <ResultCard
        tone="error"
        title={m.newsletter_unsubscribe_failed()}
        message={messageOf(unsubscribe.error, m.newsletter_unsubscribe_invalid())}
      />
    );
  return (
    <ResultCard tone="ask" title={m.newsletter_unsubscribe_title()} message={m.newsletter_unsubscribe_text()}>
      <Button size="3" color="red" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {m.newsletter_unsubscribe()}
      </Button>
    </ResultCard>
  );
}

/** A link without its token: it was cut short on its way from the email. */
function MissingToken() {
  return <ResultCard tone="missing" title={m.newsletter_invalid_link()} message={m.newsletter_missing_token()} />;
}

type Tone = 'loading' | 'success' | 'error' | 'missing' | 'ask';

const ICONS: Record<Tone, ReactNode> = {
  loading: <Spinner size="3" />,
  success: <CheckCircledIcon width="32" height="32" color="var(--green-11)" />,
  error: <CrossCircledIcon width="32" height="32" color="var(--red-11)" />,
  missing: <QuestionMarkCircledIcon width="32" height="32" color="var(--amber-11)" />,
  ask: <EnvelopeClosedIcon width="32" height="32" color="var(--accent-11)" />,
};

function ResultCard({
  tone,
  title,
  message,
  children,
}: {
  tone: Tone;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '3', sm: '4' }} style={{ width: '100%', maxWidth: 480 }}>
        <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
          <span aria-hidden="true" style={{ display: 'inline-flex' }}>
            {ICONS[tone]}
          </span>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text as="p" color="gray" role={tone === 'error' || tone === 'missing' ? 'alert' : 'status'}>
            {message}
          </Text>
          {children}
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild variant={tone === 'ask' ? 'soft' : 'solid'} color={tone === 'ask' ? 'gray' : undefined}>
              <Link to="/community">{tone === 'ask' ? m.newsletter_keep() : m.newsletter_go_community()}</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
