import { TrashIcon } from '@radix-ui/react-icons';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Listing } from '@/shared/contract/listings';
import { useDeleteListing } from '../api';
import { listingKeys } from '@/lib/query-keys';

/** Deletes the listing after a confirmation; its messages, reviews and barters go with it. */
export function DeleteListingButton({ listing, onDeleted }: { listing: Listing; onDeleted: () => void }) {
  const remove = useDeleteListing(listing);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast({ title: 'Listing deleted', description: `"${listing.title}" has been removed.` });
        onDeleted();
        await navigate({ to: '/browse' });
        queryClient.removeQueries({ queryKey: listingKeys.detail(listing.id) });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: messageOf(error, 'Failed to delete listing. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button type="button" variant="soft" color="red">
          <TrashIcon aria-hidden="true" /> Delete Listing
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Delete this listing?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          "{listing.title}" will be removed with its messages, reviews and barters. This cannot be undone.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Delete
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
