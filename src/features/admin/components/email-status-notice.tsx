// The admin dashboard's notice when members are not getting email: no provider or a missing
// setting (production), the dev outbox (local development), today's cap reached, or the provider
// refusing mail. Nothing shows while email flows. See docs/operations.md "Email".
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Link } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EmailStatus } from '@/shared/contract/admin';
import { emailStatusQuery } from '../api';
import { fmt } from '@/lib/intl';

const emails = (count: number) => `${fmt.number(count)} ${count === 1 ? 'email is' : 'emails are'}`;

function Notice({ color, children }: { color: 'red' | 'amber' | 'blue'; children: ReactNode }) {
  return (
    <Callout.Root
      color={color}
      variant="surface"
      highContrast
      role={color === 'red' ? 'alert' : 'status'}
      mb="5"
      data-testid="email-status-notice"
    >
      <Callout.Icon>{color === 'blue' ? <InfoCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

export function EmailStatusNotice() {
  const { data } = useQuery(emailStatusQuery);
  return data ? <EmailStatusMessage status={data} /> : null;
}

export function EmailStatusMessage({ status }: { status: EmailStatus }) {
  const waiting = `${emails(status.pendingCount)} waiting in the outbox.`;
  if (!status.configured && status.development) {
    return (
      <Notice color="blue">
        Email is not delivered in local development: emails stay in the{' '}
        <Link asChild underline="always">
          <RouterLink to="/dev/outbox">dev outbox</RouterLink>
        </Link>
        . {emails(status.pendingCount)} waiting there.
      </Notice>
    );
  }
  if (!status.configured) {
    return (
      <Notice color="red">
        Email is not being delivered: {status.problem}. {waiting} Members get no verification, password reset or notice
        emails until it is set up (see "Email" in docs/operations.md).
      </Notice>
    );
  }
  if (status.dailyLimit === 0) {
    return <Notice color="amber">Email delivery is paused: EMAIL_DAILY_LIMIT is 0. {waiting}</Notice>;
  }
  if (status.dailyLimit !== null && status.sentToday >= status.dailyLimit && status.pendingCount > 0) {
    return (
      <Notice color="amber">
        Today's email limit is reached ({fmt.number(status.sentToday)} of {fmt.number(status.dailyLimit)} sent).{' '}
        {waiting} They go out after 00:00 UTC, account emails first.
      </Notice>
    );
  }
  if (status.lastError && status.pendingCount > 0) {
    return (
      <Notice color="amber">
        The email provider did not take every email: {status.lastError.replace(/\.$/, '')}. {waiting}
      </Notice>
    );
  }
  return null;
}
