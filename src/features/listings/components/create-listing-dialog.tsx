import { Dialog, Flex, Skeleton } from '@radix-ui/themes';
import { lazy, Suspense } from 'react';

// The header is on every page, so the form (fields, image handling) loads only when opened.
const CreateListingForm = lazy(() => import('./create-listing-form'));

/**
 * Create Listing (docs/api/listings.md, "Writing listings"). Opened from the header for signed-in
 * members.
 */
export function CreateListingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>Create Listing</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Offer goods or skills and say what you would like in return.
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
