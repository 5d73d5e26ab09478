// 'Message' on someone else's profile. A conversation is always about a listing
// (docs/api/messaging-barters-reviews.md), so the button offers the member's listings and the
// listings the two already talk about.
import { ChatBubbleIcon, ChevronDownIcon } from '@radix-ui/react-icons';
import { Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Listing } from '@/shared/contract/listings';
import type { PublicUser } from '@/shared/contract/users';
import { conversationsQuery } from '@/features/messages';
import { useReturnHere } from '@/features/auth';

interface MessageMemberButtonProps {
  member: Pick<PublicUser, 'id' | 'displayName'>;
  listings: Listing[] | undefined;
  signedIn: boolean;
}

export function MessageMemberButton({ member, listings, signedIn }: MessageMemberButtonProps) {
  const navigate = useNavigate();
  const conversations = useQuery({ ...conversationsQuery, enabled: signedIn });
  const returnHere = useReturnHere();
  if (!signedIn) {
    return (
      <Button asChild>
        <Link to="/auth" search={returnHere}>
          <ChatBubbleIcon aria-hidden="true" /> Message
        </Link>
      </Button>
    );
  }

  const topics = new Map<number, string>();
  for (const c of conversations.data ?? []) if (c.partner.id === member.id) topics.set(c.listing.id, c.listing.title);
  for (const l of listings ?? []) if (l.status === 'active' || l.status === 'pending') topics.set(l.id, l.title);
  const open = (listingId: number, title: string) =>
    navigate({ to: '/messages', search: { initiate: true, listingId, userId: member.id, title } });

  if (topics.size === 0) {
    return (
      <Flex direction="column" gap="1" align="start">
        <Button disabled>
          <ChatBubbleIcon aria-hidden="true" /> Message
        </Button>
        <Text size="1" color="gray">
          Messages are about a listing; {member.displayName} has none yet.
        </Text>
      </Flex>
    );
  }
  const [first] = [...topics];
  if (topics.size === 1 && first) {
    return (
      <Button onClick={() => void open(first[0], first[1])}>
        <ChatBubbleIcon aria-hidden="true" /> Message
      </Button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button>
          <ChatBubbleIcon aria-hidden="true" /> Message <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>Which listing is it about?</DropdownMenu.Label>
        {[...topics].map(([id, title]) => (
          <DropdownMenu.Item key={id} onSelect={() => void open(id, title)}>
            {title}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
