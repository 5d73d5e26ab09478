// The member's messages screen: conversations on the left, the selected one on the right (on
// phones one or the other). The selected conversation is the address: /messages/{conversation}
// (docs/api/offers.md, "Addresses"), so Back, reloads and links in notifications and emails work.
// The initiate flow (spec section 4): arriving with initiate=true selects that conversation and
// pre-fills the reply; the URL becomes the conversation's own address (a recorded deviation from
// the spec's bare /messages, docs/decisions/016-offers-and-conversation-addresses.md).
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Callout, Flex, Heading, Spinner, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { ConversationSummary } from '../../../shared/api-types';
import { conversationKeyOf, parseConversationKey } from '../../../shared/conversation-key';
import { conversationInfoQuery } from '../../offers/api';
import { conversationsQuery } from '../api';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import './messages.css';

export interface InitiateRequest {
  listingId: number;
  userId: number;
  title?: string;
  message?: string;
}

interface MessagesScreenProps {
  me: { id: number };
  /** The conversation in the address, if any (not yet checked). */
  conversation: string | null;
  /** Set while the URL still carries initiate=true (with or without complete parameters). */
  initiate: { request: InitiateRequest | null } | null;
}

const PHONE_QUERY = '(max-width: 767px)';

export function MessagesScreen({ me, conversation, initiate }: MessagesScreenProps) {
  const navigate = useNavigate();
  const conversations = useQuery({ ...conversationsQuery, refetchOnMount: 'always' });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [fromList, setFromList] = useState(false);
  const [returnKey, setReturnKey] = useState<string | null>(null);

  // The initiate request leaves the URL at once: the conversation's own address replaces it.
  const request = initiate?.request ?? null;
  const requestKey = initiate ? JSON.stringify(request) : null;
  useEffect(() => {
    if (requestKey === null) return;
    if (request && request.userId === me.id) {
      toast({ title: 'Invalid action', description: 'You cannot contact yourself for your own listing', variant: 'destructive' });
    } else if (request) {
      const key = conversationKeyOf(request.listingId, me.id, request.userId);
      if (request.message) setDrafts((old) => ({ ...old, [key]: request.message! }));
      setFromList(false);
      void navigate({ to: '/messages/$conversation', params: { conversation: key }, search: {}, replace: true });
      return;
    }
    void navigate({ to: '/messages', search: {}, replace: true });
    // Keyed by the request's content: the object itself is rebuilt on every render.
  }, [requestKey]);

  const ref = parseConversationKey(conversation ?? undefined);
  const selectedKey = ref && (ref.low === me.id || ref.high === me.id) ? conversation : null;
  const info = useQuery({ ...conversationInfoQuery(selectedKey ?? ''), enabled: selectedKey !== null });
  const isPhone = () => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;

  // An address whose other member (or listing) cannot be loaded: the spec's toast, then the list.
  useEffect(() => {
    if (!info.isError || selectedKey === null) return;
    toast({ title: 'Failed to load user details', description: messageOf(info.error, ''), variant: 'destructive' });
    void navigate({ to: '/messages', replace: true });
  }, [info.isError, selectedKey]);

  // A conversation with nothing in it yet (just opened from a listing) shows in the list at once.
  const listed: ConversationSummary[] | undefined =
    conversations.data && info.data && !conversations.data.some((c) => c.conversation === info.data.conversation)
      ? [{ conversation: info.data.conversation, partner: info.data.partner, listing: info.data.listing, lastMessage: '', lastMessageTime: new Date().toISOString(), unreadCount: 0 }, ...conversations.data]
      : conversations.data;

  // Back on a phone: focus returns to the conversation the member came from.
  useEffect(() => {
    if (conversation || !returnKey) return;
    document.querySelector<HTMLElement>(`[data-conversation-key="${returnKey}"]`)?.focus();
    setReturnKey(null);
  }, [conversation, returnKey]);

  let main;
  if (conversation === null) {
    main = (
      <Flex direction="column" align="center" justify="center" gap="2" p="6" className="messages-placeholder">
        <ChatBubbleIcon width="32" height="32" aria-hidden="true" />
        <Heading as="h2" size="4">
          Select a conversation
        </Heading>
        <Text color="gray" size="2" align="center">
          Choose a conversation from the list to read and reply to messages.
        </Text>
      </Flex>
    );
  } else if (selectedKey === null || info.isError) {
    main = (
      <Flex direction="column" gap="3" p="4">
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load conversation</Callout.Text>
        </Callout.Root>
      </Flex>
    );
  } else if (!info.data) {
    main = (
      <Flex justify="center" p="6">
        <Spinner size="3" />
        <VisuallyHidden>Loading conversation</VisuallyHidden>
      </Flex>
    );
  } else {
    main = (
      <ConversationThread
        key={selectedKey}
        me={me}
        info={info.data}
        draft={drafts[selectedKey]}
        onBack={() => {
          setReturnKey(selectedKey);
          // Came from the list on a phone: going back is the browser's Back, so history stays linear.
          if (fromList && window.history.length > 1) window.history.back();
          else void navigate({ to: '/messages' });
        }}
        focusHeading={fromList}
      />
    );
  }

  return (
    <div className="messages-panel" data-view={conversation ? 'conversation' : 'list'}>
      <section className="messages-sidebar" aria-label="Conversations">
        <ConversationList
          conversations={listed}
          isLoading={conversations.isLoading}
          isError={conversations.isError}
          selectedKey={selectedKey}
          onSelect={(c) => {
            setFromList(isPhone());
            void navigate({ to: '/messages/$conversation', params: { conversation: c.conversation } });
          }}
        />
      </section>
      <section className="messages-main" aria-label="Conversation">
        {main}
      </section>
    </div>
  );
}
