import { CheckCircledIcon, CrossCircledIcon, EnvelopeClosedIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { confirmQuery, useUnsubscribe } from '../api';

const MISSING_TOKEN = 'This link has no token. Please open the link from your email again.';

/** /newsletter/confirm?token=…: confirms the subscription on arrival and says how it went. */
export function NewsletterConfirm({ token }: { token: string | undefined }) {
  usePageTitle('Confirm Newsletter');
  if (!token) return <ResultCard tone="missing" title="Invalid Link" message={MISSING_TOKEN} />;
  return <ConfirmToken token={token} />;
}

function ConfirmToken({ token }: { token: string }) {
  const { data, error, isPending } = useQuery(confirmQuery(token));
  if (isPending) return <ResultCard tone="loading" title="Confirming your subscription" message="Just a moment…" />;
  if (data) return <ResultCard tone="success" title="Subscription confirmed" message={data.message} />;
  return (
    <ResultCard
      tone="error"
      title="Confirmation failed"
      message={messageOf(error, 'This confirmation link is invalid or has expired.')}
    >
      <Button asChild variant="soft" highContrast>
        <Link to="/community" hash="newsletter">
          Subscribe again
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
  usePageTitle('Unsubscribe');
  const unsubscribe = useUnsubscribe();
  if (!token) return <ResultCard tone="missing" title="Invalid Link" message={MISSING_TOKEN} />;
  if (unsubscribe.isSuccess) {
    return (
      <ResultCard tone="success" title="You have been unsubscribed" message={unsubscribe.data.message}>
        <Text as="p" size="2" color="gray">
          Changed your mind? You can subscribe again from the community page.
        </Text>
      </ResultCard>
    );
  }
  if (unsubscribe.isError)
    return (
      <ResultCard
        tone="error"
        title="Unsubscribe failed"
        message={messageOf(unsubscribe.error, 'This unsubscribe link is invalid.')}
      />
    );
  return (
    <ResultCard
      tone="ask"
      title="Unsubscribe from the newsletter"
      message="You will stop receiving the Barter Market community newsletter at this address."
    >
      <Button size="3" color="red" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        Unsubscribe
      </Button>
    </ResultCard>
  );
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
              <Link to="/community">{tone === 'ask' ? 'Keep my subscription' : 'Go to the community page'}</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
