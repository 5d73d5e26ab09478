import { Cross2Icon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, IconButton } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../features/auth/api';
import { api, messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';

const DISMISSED_KEY = 'verify-banner-dismissed';

/** For signed-in members whose email is unverified, until they dismiss it (spec section 2). */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const resend = useMutation({
    mutationFn: () => api<{ message: string }>('POST', '/api/auth/resend-verification'),
    onSuccess: (reply) => toast({ title: 'Email Sent', description: reply.message || 'Verification email sent' }),
    onError: (error) => toast({ title: 'Failed to Send Email', description: messageOf(error, 'Failed to send email'), variant: 'destructive' }),
  });
  if (!user || user.emailVerified || dismissed) return null;
  return (
    <Callout.Root color="amber" variant="surface" className="verify-banner" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Callout.Text>Please verify your email address</Callout.Text>
        <Flex gap="2" align="center">
          <Button size="1" variant="soft" onClick={() => resend.mutate()} loading={resend.isPending}>
            Resend
          </Button>
          <IconButton
            size="1"
            variant="ghost"
            aria-label="Dismiss"
            onClick={() => {
              sessionStorage.setItem(DISMISSED_KEY, '1');
              setDismissed(true);
            }}
          >
            <Cross2Icon />
          </IconButton>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
