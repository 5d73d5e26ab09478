import { Button, Dialog, Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from '@tanstack/react-router';
import { toast } from '@/lib/toast';
import type { MenuDialogProps } from './mobile-menu-dialog';

/** 'Support This Project': how a member can help. */
export function SupportDialogContent({ open, onOpenChange: setOpen, trigger }: MenuDialogProps) {
  const share = async () => {
    const data = {
      title: 'Barter Market',
      text: 'Swap goods and skills with your neighbours.',
      url: window.location.origin,
    };
    try {
      if (navigator.share) await navigator.share(data);
      else {
        await navigator.clipboard.writeText(data.url);
        toast({ title: 'Link copied', description: 'Share it with your neighbours!' });
      }
    } catch {
      // The member closed the share sheet.
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Content
        maxWidth="480px"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <Dialog.Title>Support This Project</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Barter Market is run by and for its community. Here is how you can help it grow.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <Text as="p" size="2">
            <strong>Volunteer.</strong> Host a swap meet or a repair café, or help newcomers with their first exchange.{' '}
            <Link asChild>
              <RouterLink to="/contact" onClick={() => setOpen(false)}>
                Get in touch
              </RouterLink>
            </Link>
            .
          </Text>
          <Text as="p" size="2">
            <strong>Spread the word.</strong> Every new neighbour makes more exchanges possible.
          </Text>
          <Text as="p" size="2">
            <strong>Trade often and review honestly.</strong> Reviews build the trust the whole community relies on.
          </Text>
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Button variant="soft" onClick={share}>
            Share
          </Button>
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
