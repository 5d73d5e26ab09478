// Blocking asks first and says what a block does: the member cannot undo a block by accident, and
// learns that the other member is not told.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import * as m from '@/lib/messages';
import { useBlock } from '../api';

interface BlockDialogProps {
  member: { id: number; displayName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function BlockDialog({ member, open, onOpenChange }: BlockDialogProps) {
  const block = useBlock();
  // mutateAsync: the block changes the screen around this dialog (the profile's actions, a listing
  // that is gone), which may unmount it before mutate's own callbacks would run.
  const run = async () => {
    try {
      await block.mutateAsync(member.id);
      onOpenChange(false);
      toast({
        title: m.blocks_blocked_toast({ name: member.displayName }),
        description: m.blocks_blocked_toast_hint(),
      });
    } catch (error) {
      toast({
        title: m.blocks_block_failed(),
        description: messageOf(error, m.blocks_try_again()),
        variant: 'destructive',
      });
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="460px" data-testid="block-dialog">
        <AlertDialog.Title>{m.blocks_dialog_title({ name: member.displayName })}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {m.blocks_explained()} {m.blocks_dialog_not_told({ name: member.displayName })}
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" highContrast>
              {m.blocks_cancel()}
            </Button>
          </AlertDialog.Cancel>
          {/* Not AlertDialog.Action: the dialog stays open (and busy) until the block is stored. */}
          <Button color="red" highContrast onClick={() => void run()} loading={block.isPending}>
            {m.blocks_block()}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
