// Someone else's profile: Message, and the ⋯ menu with Report and Block. A member the viewer has
// blocked shows that instead of Message, with Unblock; visitors get Message (to sign in) only.
import { Callout, Flex } from '@radix-ui/themes';
import * as m from '@/lib/messages';
import type { Listing } from '@/shared/contract/listings';
import type { PublicUser } from '@/shared/contract/users';
import { useHasBlocked } from '@/features/blocks';
import { UnblockButton } from '@/features/blocks';
import { MemberMenu } from '@/features/moderation';
import { MessageMemberButton } from './message-member-button';

interface OtherMemberActionsProps {
  member: Pick<PublicUser, 'id' | 'displayName'>;
  listings: Listing[] | undefined;
  signedIn: boolean;
}

export function OtherMemberActions({ member, listings, signedIn }: OtherMemberActionsProps) {
  const blocked = useHasBlocked(member.id, signedIn);
  if (!signedIn) return <MessageMemberButton member={member} listings={listings} signedIn={false} />;
  // The ⋯ menu keeps its place whether or not the member is blocked, so a dialog opened from it
  // (a report whose confirmation offers Block) stays open when the block lands.
  return (
    <Flex direction="column" gap="2" width="100%">
      {blocked && (
        <Callout.Root color="gray" variant="surface" data-testid="blocked-notice">
          <Callout.Text>{m.profile_blocked_notice({ name: member.displayName })}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="2" align="start" wrap="wrap">
        {blocked ? (
          <UnblockButton member={member} size="2" />
        ) : (
          <MessageMemberButton member={member} listings={listings} signedIn />
        )}
        <MemberMenu member={member} />
      </Flex>
    </Flex>
  );
}
