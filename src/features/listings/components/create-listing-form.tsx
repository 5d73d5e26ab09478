import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useValibotForm } from '../../../lib/use-form';
import { listingCreateSchema } from '../../../shared/schemas';
import { useCurrentUser } from '../../auth/api';
import { useCreateListing } from '../api';
import { emptyListingForm } from '../listing-form';
import { ListingFormFields } from './listing-form-fields';
import { DialogActions } from '../../../components/dialog-actions';

/** The Create Listing form: validated with the shared schema, then POST /api/listings. */
export default function CreateListingForm({ onDone }: { onDone: () => void }) {
  const { user } = useCurrentUser();
  const form = useValibotForm(listingCreateSchema, emptyListingForm(user?.location ?? ''));
  const create = useCreateListing();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit((input) => {
    create.mutate(
      { ...input, userId: user?.id },
      {
        onSuccess: (listing) => {
          toast({ title: 'Listing created', description: 'Your listing is now live.' });
          onDone();
          void navigate({ to: '/listing/$id', params: { id: String(listing.id) } });
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({ title: 'Error', description: 'Failed to create listing. Please try again.', variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <ListingFormFields form={form} categoryMessage="Please select at least one category" onBusyChange={setUploading} />
      <DialogActions
        mt="5"
        submitLabel="Create Listing"
        pending={create.isPending}
        disabled={form.values.categoriesOffered.length === 0 || uploading}
      />
    </form>
  );
}
