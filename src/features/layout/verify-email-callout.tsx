import { Cross2Icon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, IconButton } from '@radix-ui/themes';
import { useResendVerification } from '@/features/auth';
import * as m from '@/lib/messages';

/** The banner's body (verify-email-banner.tsx loads it only for a member who needs it). */
export default function VerifyEmailCallout({ onDismiss }: { onDismiss: () => void }) {
  const resend = useResendVerification();
  return (
    <Callout.Root color="amber" variant="surface" highContrast className="verify-banner" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Callout.Text>{m.layout_verify_email()}</Callout.Text>
        <Flex gap="2" align="center">
          <Button size="1" variant="soft" highContrast onClick={() => resend.mutate()} loading={resend.isPending}>
            {m.layout_resend()}
          </Button>
          <IconButton size="1" variant="ghost" aria-label={m.common_dismiss()} onClick={onDismiss}>
            <Cross2Icon />
          </IconButton>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
