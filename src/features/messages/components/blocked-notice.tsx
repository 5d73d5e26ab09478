// In place of the reply box when the two members are blocked: the member's own block (with
// Unblock), or the server's refusal ("You cannot message this member") from the other side's
// block or a tab opened before it. It never says who blocked whom beyond the member's own block.
import { Callout, Flex } from '@radix-ui/themes';
import { BLOCKED_MEMBER_MESSAGE } from '@/shared/schemas/moderation';
import { UnblockButton } from '@/features/blocks';
import * as m from '@/lib/messages';

interface BlockedNoticeProps {
  partner: { id: number; displayName: string };
  blockedByMe: boolean;
  /** The server's message when a send was refused. */
  message?: string;
}

export function BlockedNotice({ partner, blockedByMe, message }: BlockedNoticeProps) {
  return (
    <Callout.Root
      color="gray"
      variant="surface"
      className="blocked-composer"
      role="status"
      data-testid="blocked-composer"
    >
      <Callout.Text>
        {blockedByMe ? m.messages_blocked_by_me({ name: partner.displayName }) : (message ?? BLOCKED_MEMBER_MESSAGE)}
      </Callout.Text>
      {blockedByMe && (
        <Flex mt="1">
          <UnblockButton member={partner} size="1" />
        </Flex>
      )}
    </Callout.Root>
  );
}
