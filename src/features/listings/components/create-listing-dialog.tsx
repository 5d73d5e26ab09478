import { Dialog, Flex, Skeleton } from '@radix-ui/themes';
import { lazy, Suspense, useRef } from 'react';
import * as m from '@/lib/messages';

// The header is on every page, so the form (fields, image handling) loads only when opened.
const CreateListingForm = lazy(() => import('./create-listing-form'));

/**
 * Create Listing (docs/api/listings.md, "Writing listings"). Opened from the header for signed-in
 * members.
 */
export function CreateListingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const openers = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="640px"
        onCloseAutoFocus={(event) => {
          // Back to what opened it (WCAG 2.4.3, issue 25 item 13); on a phone that was an entry of
          // the menu, which has closed since, so the menu's button.
          const target = openers.current.find((element) => element?.isConnected && element.getClientRects().length > 0);
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <Dialog.Title>{m.listings_create_title()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.listings_create_lead()}
        </Dialog.Description>
        <Suspense
          fallback={
            <Flex direction="column" gap="3">
              <Skeleton height="36px" />
              <Skeleton height="96px" />
              <Skeleton height="36px" />
            </Flex>
          }
        >
          <CreateListingForm onDone={() => onOpenChange(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * What had focus as the dialog opened, then the button of the dialog that held it (the phone
 * menu's, whose entry opened this one and is gone when it closes). Read while rendering the
 * opening, before the dialog moves focus inside itself.
 */
function useReturnFocus(open: boolean) {
  const openers = useRef<(HTMLElement | null)[]>([]);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const menuButton = active?.closest('[role="dialog"]')
      ? document.querySelector<HTMLElement>('[aria-haspopup="dialog"][aria-expanded="true"]')
      : null;
    openers.current = [active, menuButton];
  }
  wasOpen.current = open;
  return openers;
}
