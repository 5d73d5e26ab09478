// Change Password (docs/api/accounts-and-passwords.md): current and new password; other devices are
// signed out.
import { Dialog, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { TextInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { changePasswordSchema } from '@/shared/schemas';
import { useChangePassword } from '../api';
import { DialogActions } from '@/components/dialog-actions';

const EMPTY = { currentPassword: '', newPassword: '' };

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useValibotForm(changePasswordSchema, EMPTY);
  const change = useChangePassword();

  useEffect(() => {
    if (open) form.reset(EMPTY);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open]);

  const onSubmit = form.handleSubmit((output) =>
    change.mutate(output, {
      onSuccess: () => {
        toast({
          title: m.profile_password_changed(),
          description: m.profile_password_changed_text(),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        // A wrong current password is shown under its field; anything else in a toast.
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) return form.setErrors(error.errors);
        toast({
          title: m.profile_password_failed(),
          description: messageOf(error, m.profile_try_again()),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>{m.profile_change_password()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.profile_change_password_intro()}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="3">
            <TextInput
              label={m.profile_current_password()}
              type="password"
              required
              autoComplete="current-password"
              value={form.values.currentPassword}
              onValueChange={(value) => form.setField('currentPassword', value)}
              error={form.errors.currentPassword}
            />
            <TextInput
              label={m.profile_new_password()}
              type="password"
              required
              autoComplete="new-password"
              hint={m.profile_new_password_hint()}
              value={form.values.newPassword}
              onValueChange={(value) => form.setField('newPassword', value)}
              error={form.errors.newPassword}
            />
            <DialogActions mt="2" wrap="wrap" submitLabel={m.profile_change_password()} pending={change.isPending} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
