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
import * as m from '@/lib/messages';

const STATUS_HINTS: Record<(typeof LISTING_STATUSES)[number], () => string> = {
  active: m.listings_status_hint_active,
  pending: m.listings_status_hint_pending,
  paused: m.listings_status_hint_paused,
  completed: m.listings_status_hint_completed,
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
          toast({ title: m.listings_success(), description: m.listings_updated() });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({
            title: m.listings_error(),
            description: messageOf(error, m.listings_update_failed()),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const submit = (event: React.FormEvent) => {
    if (!v.safeParse(listingUpdateSchema, form.values).success) {
      toast({
        title: m.listings_validation_error(),
        description: m.listings_check_required(),
        variant: 'destructive',
      });
    }
    save(event);
  };

  return (
    <form onSubmit={submit} noValidate>
      <ListingFormFields form={form} categoryMessage={m.error_category_select()} onBusyChange={setUploading} />
      {!hidden && (
        <Flex mt="4">
          <Field label={m.listings_status()} error={form.errors.status}>
            {({ id, describedBy }) => (
              <Select.Root
                value={form.values.status}
                onValueChange={(status) => form.setField('status', status as ListingStatus)}
              >
                <Select.Trigger id={id} aria-describedby={describedBy} style={{ minWidth: 200 }} />
                <Select.Content position="popper">
                  {LISTING_STATUSES.map((status) => (
                    <Select.Item key={status} value={status}>
                      {m.listings_status_option({ status: statusLabel(status), hint: STATUS_HINTS[status]() })}
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
        <DialogActions
          justify="start"
          submitLabel={m.listings_save_changes()}
          pending={update.isPending}
          disabled={uploading}
        />
      </Flex>
    </form>
  );
}
