// The member's messages screen: conversations on the left, the selected one on the right (on
// phones one or the other). Also the initiate flow (spec section 4): arriving from a listing with
// initiate=true selects that conversation, pre-fills the reply and replaces the URL with /messages.
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { userQuery } from '../../profile/api';
import { conversationsQuery } from '../api';
import { ConversationList, conversationKey } from './conversation-list';
import { ConversationThread, type ConversationTarget } from './conversation-thread';
import './messages.css';

export interface InitiateRequest {
  listingId: number;
  userId: number;
  title?: string;
  message?: string;
}

interface MessagesScreenProps {
  me: { id: number };
  /** Set while the URL still carries initiate=true (with or without complete parameters). */
  initiate: { request: InitiateRequest | null } | null;
}

const PHONE_QUERY = '(max-width: 767px)';

export function MessagesScreen({ me, initiate }: MessagesScreenProps) {
  const navigate = useNavigate();
  const conversations = useQuery({ ...conversationsQuery, refetchOnMount: 'always' });
  const [selected, setSelected] = useState<ConversationTarget | null>(null);
  const [pending, setPending] = useState<InitiateRequest | null>(null);
  const [fromList, setFromList] = useState(false);
  const [returnKey, setReturnKey] = useState<string | null>(null);

  // Take the request out of the URL at once; it is kept in state until the other member loads.
  const request = initiate?.request ?? null;
  const requestKey = initiate ? JSON.stringify(request) : null;
  useEffect(() => {
    if (requestKey === null) return;
    if (request && request.userId === me.id) {
      toast({ title: 'Invalid action', description: 'You cannot contact yourself for your own listing', variant: 'destructive' });
    } else if (request) {
      setPending(request);
    }
    void navigate({ to: '/messages', search: {}, replace: true });
    // Keyed by the request's content: the object itself is rebuilt on every render.
  }, [requestKey]);

  const partner = useQuery({ ...userQuery(pending?.userId ?? 0), enabled: pending !== null });
  useEffect(() => {
    if (!pending) return;
    if (partner.isError) {
      toast({ title: 'Failed to load user details', variant: 'destructive' });
      setPending(null);
    } else if (partner.data) {
      const known = conversations.data?.find((c) => c.partner.id === pending.userId && c.listing.id === pending.listingId);
      const { id, username, displayName, avatarUrl } = partner.data;
      setFromList(false);
      setSelected({
        partner: { id, username, displayName, avatarUrl },
        listing: { id: pending.listingId, title: pending.title || known?.listing.title || `Listing ${pending.listingId}` },
        draft: pending.message,
      });
      setPending(null);
    }
  }, [pending, partner.data, partner.isError, conversations.data]);

  const selectedKey = selected ? conversationKey(selected.partner.id, selected.listing.id) : null;
  const isPhone = () => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;

  // Back on a phone: focus returns to the conversation the member came from.
  useEffect(() => {
    if (selected || !returnKey) return;
    document.querySelector<HTMLElement>(`[data-conversation-key="${returnKey}"]`)?.focus();
    setReturnKey(null);
  }, [selected, returnKey]);

  return (
    <div className="messages-panel" data-view={selected ? 'conversation' : 'list'}>
      <section className="messages-sidebar" aria-label="Conversations">
        <ConversationList
          conversations={conversations.data}
          isLoading={conversations.isLoading}
          isError={conversations.isError}
          selectedKey={selectedKey}
          onSelect={(c) => {
            setFromList(isPhone());
            setSelected({ partner: c.partner, listing: c.listing });
          }}
        />
      </section>
      <section className="messages-main" aria-label="Conversation">
        {selected ? (
          <ConversationThread key={selectedKey} me={me} target={selected} onBack={() => {
              setReturnKey(selectedKey);
              setSelected(null);
            }} focusHeading={fromList} />
        ) : (
          <Flex direction="column" align="center" justify="center" gap="2" p="6" className="messages-placeholder">
            <ChatBubbleIcon width="32" height="32" aria-hidden="true" />
            <Heading as="h2" size="4">
              Select a conversation
            </Heading>
            <Text color="gray" size="2" align="center">
              Choose a conversation from the list to read and reply to messages.
            </Text>
          </Flex>
        )}
      </section>
    </div>
  );
}
