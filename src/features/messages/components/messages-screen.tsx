// The member's messages screen: conversations on the left, the selected one on the right (on phones
// one or the other). The selected conversation is the address: /messages/{conversation}
// (docs/api/offers.md, "Addresses"), so Back, reloads and links in notifications and emails work.
// The initiate flow (docs/api/offers.md, "Addresses"): arriving with initiate=true selects that
// conversation and pre-fills the reply; the URL becomes the conversation's own address (a recorded
// deviation from the original bare /messages,
// docs/decisions/016-offers-and-conversation-addresses.md).
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Callout, Flex, Heading, Spinner, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { ConversationSummary } from '@/shared/contract/conversations';
import { conversationKeyOf, parseConversationKey } from '@/shared/conversation-key';
import { conversationInfoOnOpen } from '@/features/offers';
import { conversationsQuery, olderConversations } from '../api';
import { fromThisPage } from '@/lib/boot';
import { CONVERSATIONS_PAGE_DEFAULT } from '@/shared/conversation-cursor';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import * as m from '@/lib/messages';
import '@/components/chat.css';

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
  // Fresh on every visit; on a full load the page's HTML carried it just now (decision 048).
  const conversations = useQuery({
    ...conversationsQuery,
    refetchOnMount: (query) => (fromThisPage(query) ? false : 'always'),
  });
  const older = useOlderConversations(conversations.data);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [fromList, setFromList] = useState(false);
  // The conversation last picked in the list: any other one opened here came from elsewhere (an
  // offer, a notification, a link), and its heading or reply box takes focus (issue 25 item 13).
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  const [returnKey, setReturnKey] = useState<string | null>(null);

  // The initiate request leaves the URL at once: the conversation's own address replaces it.
  const request = initiate?.request ?? null;
  const requestKey = initiate ? JSON.stringify(request) : null;
  useEffect(() => {
    if (requestKey === null) return;
    if (request && request.userId === me.id) {
      toast({
        title: m.messages_invalid_action(),
        description: m.messages_cannot_contact_self(),
        variant: 'destructive',
      });
    } else if (request) {
      const key = conversationKeyOf(request.listingId, me.id, request.userId);
      if (request.message) setDrafts((old) => ({ ...old, [key]: request.message! }));
      setFromList(false);
      void navigate({ to: '/messages/$conversation', params: { conversation: key }, search: {}, replace: true });
      return;
    }
    void navigate({ to: '/messages', search: {}, replace: true });
    // Keyed by the request's content: the object itself is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the request's content: the object is rebuilt on every render
  }, [requestKey]);

  const ref = parseConversationKey(conversation ?? undefined);
  const selectedKey = ref && (ref.low === me.id || ref.high === me.id) ? conversation : null;
  const info = useQuery({ ...conversationInfoOnOpen(selectedKey ?? ''), enabled: selectedKey !== null });
  const isPhone = () => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;

  // An address whose other member (or listing) cannot be loaded: the toast 'Failed to load user
  // details', then the list.
  useEffect(() => {
    if (!info.isError || selectedKey === null) return;
    toast({ title: m.messages_user_load_failed(), description: messageOf(info.error, ''), variant: 'destructive' });
    void navigate({ to: '/messages', replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed address, not on every navigation
  }, [info.isError, selectedKey]);

  // A conversation with nothing in it yet (just opened from a listing) shows in the list at once.
  const loaded = older.merged;
  const listed: ConversationSummary[] | undefined =
    loaded && info.data && !loaded.some((c) => c.conversation === info.data.conversation)
      ? [
          {
            conversation: info.data.conversation,
            partner: info.data.partner,
            listing: info.data.listing,
            lastMessage: '',
            lastMessageTime: new Date().toISOString(),
            unreadCount: 0,
          },
          ...loaded,
        ]
      : loaded;

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
          {m.messages_select_title()}
        </Heading>
        <Text color="gray" size="2" align="center">
          {m.messages_select_hint()}
        </Text>
      </Flex>
    );
  } else if (selectedKey === null || info.isError) {
    main = (
      <Flex direction="column" gap="3" p="4">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.messages_conversation_load_failed()}</Callout.Text>
        </Callout.Root>
      </Flex>
    );
  } else if (!info.data) {
    main = (
      <Flex justify="center" p="6">
        <Spinner size="3" />
        <VisuallyHidden>{m.messages_loading_conversation()}</VisuallyHidden>
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
        focusOnOpen={
          selectedKey !== pickedKey ? (drafts[selectedKey] ? 'composer' : 'heading') : fromList ? 'heading' : null
        }
      />
    );
  }

  return (
    <div className="messages-panel" data-view={conversation ? 'conversation' : 'list'}>
      <section className="messages-sidebar" aria-label={m.messages_conversations()}>
        <ConversationList
          conversations={listed}
          isLoading={conversations.isLoading}
          isError={conversations.isError}
          onEndReached={older.hasMore ? older.loadMore : undefined}
          loadingMore={older.loading}
          selectedKey={selectedKey}
          onSelect={(c) => {
            setFromList(isPhone());
            setPickedKey(c.conversation);
            void navigate({ to: '/messages/$conversation', params: { conversation: c.conversation } });
          }}
        />
      </section>
      <section className="messages-main" aria-label={m.messages_conversation()}>
        {main}
      </section>
    </div>
  );
}

/**
 * The list arrives a page at a time (GET /api/conversations answers the newest page; `before`
 * pages back): older pages are fetched when the list is scrolled to its end and kept below the
 * newest page, which the query cache keeps current. A conversation that moved up is shown once.
 */
function useOlderConversations(first: ConversationSummary[] | undefined) {
  const [pages, setPages] = useState<ConversationSummary[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const fullFirstPage = (first?.length ?? 0) >= CONVERSATIONS_PAGE_DEFAULT;
  const inFirst = new Set((first ?? []).map((c) => c.conversation));
  const merged = first ? [...first, ...pages.filter((c) => !inFirst.has(c.conversation))] : undefined;
  const last = merged?.[merged.length - 1];
  const loadMore = useCallback(() => {
    if (busy.current || !last?.lastMessageId) return;
    busy.current = true;
    setLoading(true);
    olderConversations(last)
      .then((page) => {
        setPages((old) => [...old, ...page.filter((c) => !old.some((o) => o.conversation === c.conversation))]);
        if (page.length < CONVERSATIONS_PAGE_DEFAULT) setExhausted(true);
      })
      .catch(() => setExhausted(true))
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the last row's ids: the row object is rebuilt on every page
  }, [last?.conversation, last?.lastMessageId]);
  return { merged, hasMore: fullFirstPage && !exhausted, loadMore, loading };
}
