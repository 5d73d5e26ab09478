import { Dialog } from '@radix-ui/themes';

// Replaced by the full Create Listing dialog (form, categories, images).
export function CreateListingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content aria-describedby={undefined}>
        <Dialog.Title>Create Listing</Dialog.Title>
      </Dialog.Content>
    </Dialog.Root>
  );
}
