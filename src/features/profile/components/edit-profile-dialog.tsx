// Edit Profile (docs/api/users-and-community.md, "Editing a profile"): the register fields without
// username and password; the profile image is uploaded rather than pasted as a URL
// (docs/front-end.md).
import { Dialog, Flex } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Field, TextAreaInput, TextInput } from '@/components/form-field';
import { PlaceInput } from '@/components/place-input';
import { ApiError, messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import type { SelfUser } from '@/shared/contract/users';
import { profileUpdateSchema } from '@/shared/schemas';
import { useUpdateProfile } from '../api';
import { DialogActions } from '@/components/dialog-actions';
import { AvatarPicker } from './avatar-picker';
import { useCurrentUser } from '@/lib/current-user';

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
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (open) form.reset(valuesOf(user));
    // Only when the dialog opens: typing must not be overwritten by a refreshed user.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens: typing must not be overwritten by a refreshed user
  }, [open]);

  const authenticationRequired = () =>
    toast({
      title: m.profile_auth_required(),
      description: m.profile_auth_required_text(),
      variant: 'destructive',
    });

  const onSubmit = form.handleSubmit((output) => {
    if (!user) return authenticationRequired();
    update.mutate(
      { ...output, id: user.id },
      {
        onSuccess: () => {
          toast({ title: m.profile_updated(), description: m.profile_updated_text() });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return authenticationRequired();
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({
            title: m.profile_update_failed(),
            description: messageOf(error, m.profile_update_failed_text()),
            variant: 'destructive',
          });
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
        <Dialog.Title>{m.profile_edit()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.profile_edit_intro()}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="3">
            <AvatarPicker
              name={form.values.displayName}
              value={form.values.avatarUrl}
              onChange={(url) => form.setField('avatarUrl', url)}
              onBusyChange={setUploading}
              error={form.errors.avatarUrl}
            />
            <TextInput
              label={m.profile_full_name()}
              required
              autoComplete="name"
              hint={m.profile_full_name_hint()}
              {...field('displayName')}
            />
            <TextInput label={m.profile_nickname()} autoComplete="nickname" {...field('nickname')} />
            <TextInput label={m.profile_email()} type="email" required autoComplete="email" {...field('email')} />
            <TextInput
              label={m.profile_address()}
              autoComplete="street-address"
              hint={m.profile_address_hint()}
              {...field('address')}
            />
            <Field label={m.profile_location()} error={form.errors.location} hint={m.profile_location_hint()}>
              {({ id, describedBy, invalid }) => (
                <PlaceInput
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={form.values.location}
                  onValueChange={(value) => form.setField('location', value)}
                  autoComplete="address-level2"
                />
              )}
            </Field>
            <TextAreaInput label={m.profile_bio()} rows={4} {...field('bio')} />
            <DialogActions
              mt="2"
              wrap="wrap"
              submitLabel={m.profile_save_changes()}

              pending={update.isPending}
              disabled={uploading}
            />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
