import { Cross2Icon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, IconButton } from '@radix-ui/themes';
import { useState } from 'react';
import { useResendVerification } from '@/features/auth';
import { useCurrentUser } from '@/lib/current-user';

const DISMISSED_KEY = 'verify-banner-dismissed';

/** For signed-in members whose email is unverified, until they dismiss it. */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const resend = useResendVerification();
  if (!user || user.emailVerified || dismissed) return null;
  return (
    <Callout.Root color="amber" variant="surface" highContrast className="verify-banner" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Callout.Text>Please verify your email address</Callout.Text>
        <Flex gap="2" align="center">
          <Button size="1" variant="soft" highContrast onClick={() => resend.mutate()} loading={resend.isPending}>
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
