import { useNavigate } from '@tanstack/react-router';
import { Text } from '@radix-ui/themes';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { listingCreateSchema } from '@/shared/schemas';
import { useCreateListing } from '../api';
import { emptyListingForm, listInWords, missingForCreate } from '../listing-form';
import { ListingFormFields } from './listing-form-fields';
import { DialogActions } from '@/components/dialog-actions';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

/** The Create Listing form: validated with the shared schema, then POST /api/listings. */
export default function CreateListingForm({ onDone }: { onDone: () => void }) {
  const { user } = useCurrentUser();
  const form = useValibotForm(listingCreateSchema, emptyListingForm(user?.location ?? ''));
  const create = useCreateListing();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const reasonId = useId();

  const send = form.handleSubmit((input) => {
    create.mutate(
      { ...input, userId: user?.id },
      {
        onSuccess: (listing) => {
          toast({ title: m.listings_created(), description: m.listings_created_text() });
          onDone();
          void navigate({ to: '/listing/$id', params: { id: String(listing.id) } });
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({ title: m.listings_error(), description: m.listings_create_failed(), variant: 'destructive' });
        },
      },
    );
  });

  // The button waits until the listing can be created, and says what it waits for.
  const missing = missingForCreate(form.values);
  const reason = uploading
    ? m.listings_wait_for_photos()
    : missing.length > 0
      ? m.listings_add_to_create({ items: listInWords(missing) })
      : null;

  // The waiting button stays reachable: pressed, it shows every field's message and takes focus to
  // the first field at fault (nothing is sent while photos upload).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    if (uploading) {
      event.preventDefault();
      return;
    }
    send(event);
    if (missing.length > 0)
      requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <form onSubmit={submit} noValidate>
      <ListingFormFields form={form} categoryMessage={m.error_category_required()} onBusyChange={setUploading} />
      {reason && (
        <Text as="p" id={reasonId} size="2" color="gray" mt="5" data-testid="submit-reason">
          {reason}
        </Text>
      )}
      <DialogActions
        mt={reason ? '3' : '5'}
        submitLabel={m.listings_create_title()}
        pending={create.isPending}
        waiting={reason !== null}
        describedBy={reason ? reasonId : undefined}
      />
    </form>
  );
}
