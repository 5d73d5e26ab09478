// Delete account: asks first, then removes everything of the member
// (docs/api/users-and-community.md, "Deleting an account").
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api';

export function DeleteAccountDialog({ userId }: { userId: number }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const onDelete = () =>
    remove.mutate(userId, {
      onSuccess: () => {
        toast({ title: 'Account deleted', description: 'Your account and everything in it have been removed.' });
        void navigate({ to: '/' });
      },
      onError: (error) =>
        toast({
          title: 'Failed to delete account',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button variant="ghost" color="red" size="2">
          Delete account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Delete your account?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          This removes your profile, listings, messages, barters, reviews and saved searches for good. It cannot be
          undone.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" onClick={onDelete} loading={remove.isPending}>
            Delete my account
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
