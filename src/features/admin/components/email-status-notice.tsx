// The admin dashboard's notice when members are not getting email: no provider or a missing
// setting (production), the dev outbox (local development), today's cap reached, or the provider
// refusing mail. Nothing shows while email flows. See docs/operations.md "Email".
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Link } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { richText } from '@/lib/rich-text';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import type { EmailStatus } from '@/shared/contract/admin';
import { emailStatusQuery } from '../api';

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
  const pending = { count: fmt.number(status.pendingCount) };
  const waiting = (fmt.one(status.pendingCount) ? m.admin_email_waiting_one : m.admin_email_waiting_other)(pending);
  if (!status.configured && status.development) {
    const sentence = fmt.one(status.pendingCount) ? m.admin_email_dev_one : m.admin_email_dev_other;
    return (
      <Notice color="blue">
        {richText((inputs: { link: string }) => sentence({ ...inputs, ...pending }), {
          link: (
            <Link asChild underline="always">
              <RouterLink to="/dev/outbox">{m.admin_email_dev_outbox()}</RouterLink>
            </Link>
          ),
        })}
      </Notice>
    );
  }
  if (!status.configured) {
    // The problem is the server's own words (an operator's setting), as docs/operations.md names it.
    return <Notice color="red">{m.admin_email_not_configured({ problem: status.problem ?? '', waiting })}</Notice>;
  }
  if (status.dailyLimit === 0) {
    return <Notice color="amber">{m.admin_email_paused({ waiting })}</Notice>;
  }
  if (status.dailyLimit !== null && status.sentToday >= status.dailyLimit && status.pendingCount > 0) {
    return (
      <Notice color="amber">
        {m.admin_email_limit({
          sent: fmt.number(status.sentToday),
          limit: fmt.number(status.dailyLimit),
          waiting,
        })}
      </Notice>
    );
  }
  if (status.lastError && status.pendingCount > 0) {
    return (
      <Notice color="amber">
        {m.admin_email_provider_error({ error: status.lastError.replace(/\.$/, ''), waiting })}
      </Notice>
    );
  }
  return null;
}
