// 'Message' on someone else's profile. A conversation is always about a listing
// (docs/api/messaging-barters-reviews.md), so the button offers the member's listings and the
// listings the two already talk about.
import { ChatBubbleIcon, ChevronDownIcon } from '@radix-ui/react-icons';
import { Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import * as m from '@/lib/messages';
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
          <ChatBubbleIcon aria-hidden="true" /> {m.profile_message()}
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
          <ChatBubbleIcon aria-hidden="true" /> {m.profile_message()}
        </Button>
        <Text size="1" color="gray">
          {m.profile_message_no_listings({ name: member.displayName })}
        </Text>
      </Flex>
    );
  }
  const [first] = [...topics];
  if (topics.size === 1 && first) {
    return (
      <Button onClick={() => void open(first[0], first[1])}>
        <ChatBubbleIcon aria-hidden="true" /> {m.profile_message()}
      </Button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button>
          <ChatBubbleIcon aria-hidden="true" /> {m.profile_message()} <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>{m.profile_message_which_listing()}</DropdownMenu.Label>

        {[...topics].map(([id, title]) => (
          <DropdownMenu.Item key={id} onSelect={() => void open(id, title)}>
            {title}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
