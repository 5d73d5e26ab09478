// Unblocking needs no confirmation: it only gives back what the block took away, and can be undone.
import { Button } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useUnblock } from '../api';

export function useUnblockWithToast() {
  const unblock = useUnblock();
  // mutateAsync: the row or notice holding the button goes away with the block.
  const run = async (member: { id: number; displayName: string }) => {
    try {
      await unblock.mutateAsync(member.id);
      toast({
        title: `${member.displayName} is unblocked`,
        description: 'You can message each other and see each other’s listings again.',
      });
    } catch (error) {
      toast({
        title: 'Could not unblock this member',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return { run, pending: unblock.isPending };
}

export function UnblockButton({
  member,
  ...button
}: { member: { id: number; displayName: string } } & Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const unblock = useUnblockWithToast();
  return (
    <Button
      variant="soft"
      highContrast
      {...button}
      loading={unblock.pending}
      onClick={() => void unblock.run(member)}
      aria-label={`Unblock ${member.displayName}`}
    >
      Unblock
    </Button>
  );
}
