import { Flex, Select, Separator } from '@radix-ui/themes';
import { useState } from 'react';
import * as v from 'valibot';
import { Field } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import type { Listing, ListingStatus } from '@/shared/contract/listings';
import { LISTING_STATUSES } from '@/shared/constants';
import { listingUpdateSchema } from '@/shared/schemas';
import { useUpdateListing } from '../api';
import { listingFormOf } from '../listing-form';
import { DeleteListingButton } from './delete-listing-button';
import { ListingFormFields } from './listing-form-fields';
import { statusLabel } from '@/components/listing-status-badge';
import { DialogActions } from '@/components/dialog-actions';

const STATUS_HINTS: Record<(typeof LISTING_STATUSES)[number], string> = {
  active: 'Openly looking for exchanges',
  pending: 'In discussions with someone',
  paused: 'Temporarily not available',
  completed: 'Exchange finished',
};

/** The Edit Listing form: the create fields prefilled, plus status; PUT /api/listings/{id}. */
export default function EditListingForm({ listing, onDone }: { listing: Listing; onDone: () => void }) {
  // A listing moderation hid keeps that status: its owner may edit the text, not the status (the
  // server refuses a status change with 409), so the form has no status to send.
  const hidden = listing.status === 'hidden';
  const form = useValibotForm(listingUpdateSchema, {
    ...listingFormOf(listing),
    status: hidden ? undefined : (listing.status ?? 'active'),
  });
  const update = useUpdateListing(listing.id);
  const [uploading, setUploading] = useState(false);

  const save = form.handleSubmit((input) => {
    update.mutate(
      { ...input, userId: listing.userId },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Your listing has been updated.' });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({
            title: 'Error',
            description: messageOf(error, 'Failed to update listing. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const submit = (event: React.FormEvent) => {
    if (!v.safeParse(listingUpdateSchema, form.values).success) {
      toast({ title: 'Validation Error', description: 'Please check all required fields', variant: 'destructive' });
    }
    save(event);
  };

  return (
    <form onSubmit={submit} noValidate>
      <ListingFormFields form={form} categoryMessage="Select at least one category" onBusyChange={setUploading} />
      {!hidden && (
        <Flex mt="4">
          <Field label="Status" error={form.errors.status}>
            {({ id, describedBy }) => (
              <Select.Root
                value={form.values.status}
                onValueChange={(status) => form.setField('status', status as ListingStatus)}
              >
                <Select.Trigger id={id} aria-describedby={describedBy} style={{ minWidth: 200 }} />
                <Select.Content position="popper">
                  {LISTING_STATUSES.map((status) => (
                    <Select.Item key={status} value={status}>
                      {statusLabel(status)}: {STATUS_HINTS[status]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        </Flex>
      )}
      <Separator size="4" my="5" />
      <Flex gap="3" justify="between" wrap="wrap">
        <DeleteListingButton listing={listing} onDeleted={onDone} />
        <DialogActions justify="start" submitLabel="Save Changes" pending={update.isPending} disabled={uploading} />
      </Flex>
    </form>
  );
}
