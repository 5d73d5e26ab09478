import { Button, Dialog, Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from '@tanstack/react-router';
import { toast } from '@/lib/toast';
import type { MenuDialogProps } from './mobile-menu-dialog';
import * as m from '@/lib/messages';
import { bold, richText } from '@/lib/rich-text';

/** 'Support This Project': how a member can help. */
export function SupportDialogContent({ open, onOpenChange: setOpen, trigger }: MenuDialogProps) {
  const share = async () => {
    const data = {
      title: 'Barter Market',
      text: m.layout_support_share_text(),
      url: window.location.origin,
    };
    try {
      if (navigator.share) await navigator.share(data);
      else {
        await navigator.clipboard.writeText(data.url);
        toast({ title: m.layout_support_link_copied(), description: m.layout_support_link_copied_text() });
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
        <Dialog.Title>{m.layout_support_title()}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {m.layout_support_lead()}
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <Text as="p" size="2">
            {richText(m.layout_support_volunteer(), {
              b: bold,
              link: (words) => (
                <Link asChild>
                  <RouterLink to="/contact" onClick={() => setOpen(false)}>
                    {words}
                  </RouterLink>
                </Link>
              ),
            })}
          </Text>
          <Text as="p" size="2">
            {richText(m.layout_support_spread(), { b: bold })}
          </Text>
          <Text as="p" size="2">
            {richText(m.layout_support_review(), { b: bold })}
          </Text>
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Button variant="soft" onClick={share}>
            {m.layout_support_share()}
          </Button>
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {m.layout_support_close()}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
