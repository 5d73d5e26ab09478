// Unblocking needs no confirmation: it only gives back what the block took away, and can be undone.
import { Button } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import * as m from '@/lib/messages';
import { useUnblock } from '../api';

export function useUnblockWithToast() {
  const unblock = useUnblock();
  // mutateAsync: the row or notice holding the button goes away with the block.
  const run = async (member: { id: number; displayName: string }) => {
    try {
      await unblock.mutateAsync(member.id);
      toast({
        title: m.blocks_unblocked_toast({ name: member.displayName }),
        description: m.blocks_unblocked_toast_hint(),
      });
    } catch (error) {
      toast({
        title: m.blocks_unblock_failed(),
        description: messageOf(error, m.blocks_try_again()),
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
      aria-label={m.blocks_unblock_label({ name: member.displayName })}
    >
      {m.blocks_unblock()}
    </Button>
  );
}
