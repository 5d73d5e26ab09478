// Delete account: asks first, then removes everything of the member
// (docs/api/users-and-community.md, "Deleting an account").
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api';

export function DeleteAccountDialog({ userId }: { userId: number }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const onDelete = () =>
    remove.mutate(userId, {
      onSuccess: () => {
        toast({ title: m.profile_account_deleted(), description: m.profile_account_deleted_text() });
        void navigate({ to: '/' });
      },
      onError: (error) =>
        toast({
          title: m.profile_delete_failed(),
          description: messageOf(error, m.profile_try_again()),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button variant="ghost" color="red" size="2">
          {m.profile_delete_account()}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{m.profile_delete_title()}</AlertDialog.Title>
        <AlertDialog.Description size="2">{m.profile_delete_text()}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {m.profile_cancel()}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" onClick={onDelete} loading={remove.isPending}>
            {m.profile_delete_confirm()}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
