import { TrashIcon } from '@radix-ui/react-icons';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Listing } from '@/shared/contract/listings';
import { useDeleteListing } from '../api';
import { listingKeys } from '@/lib/query-keys';
import * as m from '@/lib/messages';

/** Deletes the listing after a confirmation; its messages, reviews and barters go with it. */
export function DeleteListingButton({ listing, onDeleted }: { listing: Listing; onDeleted: () => void }) {
  const remove = useDeleteListing(listing);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast({ title: m.listings_deleted(), description: m.listings_deleted_text({ title: listing.title }) });
        onDeleted();
        await navigate({ to: '/browse' });
        queryClient.removeQueries({ queryKey: listingKeys.detail(listing.id) });
      },
      onError: (error) =>
        toast({
          title: m.listings_error(),
          description: messageOf(error, m.listings_delete_failed()),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button type="button" variant="soft" color="red">
          <TrashIcon aria-hidden="true" /> {m.listings_delete()}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{m.listings_delete_confirm()}</AlertDialog.Title>
        <AlertDialog.Description size="2">{m.listings_delete_text({ title: listing.title })}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {m.common_cancel()}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {m.listings_delete_button()}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
