// Blocking asks first and says what a block does: the member cannot undo a block by accident, and
// learns that the other member is not told.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useBlock } from '../api';

interface BlockDialogProps {
  member: { id: number; displayName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const BLOCK_EXPLAINED =
  'Neither of you will be able to message the other or see each other’s listings, offers or trade circles.';

export function BlockDialog({ member, open, onOpenChange }: BlockDialogProps) {
  const block = useBlock();
  // mutateAsync: the block changes the screen around this dialog (the profile's actions, a listing
  // that is gone), which may unmount it before mutate's own callbacks would run.
  const run = async () => {
    try {
      await block.mutateAsync(member.id);
      onOpenChange(false);
      toast({ title: `${member.displayName} is blocked`, description: 'You can unblock them under Blocked members.' });
    } catch (error) {
      toast({
        title: 'Could not block this member',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="460px" data-testid="block-dialog">
        <AlertDialog.Title>Block {member.displayName}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {BLOCK_EXPLAINED} {member.displayName} is not told. You can unblock them at any time.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" highContrast>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          {/* Not AlertDialog.Action: the dialog stays open (and busy) until the block is stored. */}
          <Button color="red" highContrast onClick={() => void run()} loading={block.isPending}>
            Block
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
