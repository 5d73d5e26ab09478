// Edit Profile (spec sections 2, 5 and 8): the register fields without username and password.
import { Dialog, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { TextAreaInput, TextInput } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useValibotForm } from '../../../lib/use-form';
import type { SelfUser } from '../../../shared/api-types';
import { profileUpdateSchema } from '../../../shared/schemas';
import { useCurrentUser } from '../../auth/api';
import { useUpdateProfile } from '../api';
import { DialogActions } from '../../../components/dialog-actions';

interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const valuesOf = (user: SelfUser | null) => ({
  displayName: user?.displayName ?? '',
  nickname: user?.nickname ?? '',
  email: user?.email ?? '',
  address: user?.address ?? '',
  location: user?.location ?? '',
  bio: user?.bio ?? '',
  avatarUrl: user?.avatarUrl ?? '',
});

export function EditProfileDialog({ open, onOpenChange }: EditProfileDialogProps) {
  const { user } = useCurrentUser();
  const form = useValibotForm(profileUpdateSchema, valuesOf(user));
  const update = useUpdateProfile();

  useEffect(() => {
    if (open) form.reset(valuesOf(user));
    // Only when the dialog opens: typing must not be overwritten by a refreshed user.
  }, [open]);

  const authenticationRequired = () =>
    toast({ title: 'Authentication required', description: 'You must be logged in to update your profile', variant: 'destructive' });

  const onSubmit = form.handleSubmit((output) => {
    if (!user) return authenticationRequired();
    update.mutate(
      { ...output, id: user.id },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return authenticationRequired();
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({ title: 'Error updating profile', description: messageOf(error, 'There was a problem updating your profile'), variant: 'destructive' });
        },
      },
    );
  });

  const field = (name: keyof ReturnType<typeof valuesOf>) => ({
    value: form.values[name],
    onValueChange: (value: string) => form.setField(name, value),
    error: form.errors[name],
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Edit Profile</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Update how other members see you, and your account details.
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="3">
            <TextInput label="Full Name" required autoComplete="name" {...field('displayName')} />
            <TextInput label="Nickname" autoComplete="nickname" {...field('nickname')} />
            <TextInput label="Email" type="email" required autoComplete="email" {...field('email')} />
            <TextInput label="Address" autoComplete="street-address" hint="Visible only to you." {...field('address')} />
            <TextInput label="Public Location" hint="Shown on your profile and listings, e.g. your town." {...field('location')} />
            <TextAreaInput label="Bio" rows={4} {...field('bio')} />
            <TextInput label="Profile Image URL" type="url" placeholder="https://" {...field('avatarUrl')} />
            <DialogActions mt="2" wrap="wrap" submitLabel="Save Changes" pending={update.isPending} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
