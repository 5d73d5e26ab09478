import { Dialog, Flex, Skeleton } from '@radix-ui/themes';
import { lazy, Suspense } from 'react';
import type { Listing } from '@/shared/contract/listings';
import * as m from '@/lib/messages';

const EditListingForm = lazy(() => import('./edit-listing-form'));

/**
 * Edit Listing (docs/api/listings.md, "Writing listings"): the owner's fields, status, and deleting
 * the listing.
 */
export function EditListingDialog({
  listing,
  open,
  onOpenChange,
}: {
  listing: Listing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{m.listings_edit()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.listings_edit_lead()}
        </Dialog.Description>
        <Suspense
          fallback={
            <Flex direction="column" gap="3">
              <Skeleton height="36px" />
              <Skeleton height="96px" />
            </Flex>
          }
        >
          <EditListingForm listing={listing} onDone={() => onOpenChange(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog.Root>
  );
}
