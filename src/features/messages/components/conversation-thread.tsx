// The right panel with a conversation selected: who and what it is about, the bubbles (live over
// the conversation socket, with "Seen" under the newest own message the partner has read), the
// partner's typing indicator, the barter prompt and the reply box.
import { useCurrentUser } from '@/lib/current-user';
import { eventText } from '../event-text';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Heading, IconButton, Spinner, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { toast } from '@/lib/toast';
import type { ConversationInfo } from '@/shared/contract/conversations';
import type { Message } from '@/shared/contract/messages';
import { conversationInfoQuery } from '@/features/offers';
import { OfferCard } from '@/features/offers';
import { userListingsQuery } from '@/features/listings';
import { BarterPrompt } from '@/features/barters';
import { conversationQuery, earlierMessages, noteConversationRead, useSendMessage, type HeldMessage } from '../api';
import { THREAD_PAGE_DEFAULT } from '@/shared/conversation-cursor';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { lastSeenOwnId, mergeMessages } from '@/lib/live';
import { useOnline } from '@/lib/online';
import { useConversationSocket } from '../use-conversation-socket';
import { MessageComposer } from '@/components/message-composer';
import { BlockedNotice } from './blocked-notice';
import { ConversationActions } from './conversation-actions';
import { MemberMenu } from '@/features/moderation';
import { ReportButton } from '@/features/moderation';
import { isRemovedMessage } from '@/features/moderation';
import { PushPrompt } from '@/features/push';
import { ApiError } from '@/lib/api';
import { noteSent } from '@/lib/push-prompt';
import { BLOCKED_MEMBER_MESSAGE } from '@/shared/schemas/moderation';
import { blockKeys, messageKeys } from '@/lib/query-keys';

/** A bubble's date and time: "Mar 4, 3:05 PM" in the member's language. */
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

interface ConversationThreadProps {
  me: { id: number };
  /** Who and what the conversation is, with its offers (GET /api/conversations/{conversation}). */
  info: ConversationInfo;
  /** Text to start the reply box with (the initiate flow's `message`). */
  draft?: string;
  onBack: () => void;
  /**
   * Where focus goes when the conversation opens: its heading (on phones, where the list it came
   * from is now hidden, and when it was opened from elsewhere: an offer, a notification), or the
   * reply box (opened with a draft to send); null keeps focus in the list it was picked from.
   */
  focusOnOpen: 'heading' | 'composer' | null;
}

export function ConversationThread({
  me,
  info: initialInfo,
  draft: initialDraft,
  onBack,
  focusOnOpen,
}: ConversationThreadProps) {
  // The same query the screen loaded; live offer frames update it.
  const info =
    useQuery({ ...conversationInfoQuery(initialInfo.conversation), initialData: initialInfo }).data ?? initialInfo;
  const { partner, listing } = info;
  // Event lines name their sender: the member's own name for their own steps (decision 070).
  const myName = useCurrentUser().user?.displayName;
  const queryClient = useQueryClient();
  const conversationKey = messageKeys.conversation(me.id, partner.id, listing.id);
  // A block of the member's own (it comes with the conversation, and a block or unblock reads the
  // conversation again), or one learnt from a refused send (the other side's block, or a tab
  // opened before this member's own): the reply box gives way to a notice, and no live socket is
  // opened (the room would refuse it).
  const blockedByMe = info.blockedByMe;
  const [refusal, setRefusal] = useState<string | null>(null);
  // The thread as cached (this component re-renders whenever the query below changes it).
  const cached = queryClient.getQueryData<Message[]>(conversationKey);
  const live = useConversationSocket({
    meId: me.id,
    partnerId: partner.id,
    listingId: listing.id,
    messages: cached,
    enabled: !blockedByMe && refusal === null,
  });
  const conversation = useQuery({
    ...conversationQuery(me.id, partner.id, listing.id),
    // Read once per opening, when the socket is ready (use-conversation-socket.ts): each opening
    // reads it afresh (stale at once for this screen), and a reconnect's resync is the socket's.
    enabled: live.ready,
    staleTime: 0,
    refetchOnReconnect: false,
    // A refetch (a resync after a reconnect) adds to what frames already brought, by id: a frame
    // that arrives while an older read is in flight is not lost, and nothing shows twice.
    structuralSharing: (old: unknown, data: unknown) => mergeMessages(old as Message[] | undefined, data as Message[]),
  });
  const send = useSendMessage();
  const [draft, setDraft] = useState(initialDraft ?? '');
  const online = useOnline();
  // Messages a guard held for review (this tab only; the server keeps them out of the thread).
  const heldKey = messageKeys.held(info.conversation);
  const held = useQuery({
    queryKey: heldKey,
    queryFn: () => [] as HeldMessage[],
    enabled: false,
    initialData: [] as HeldMessage[],
    gcTime: Infinity,
  }).data;
  // Unblocking here lifts the member's own block; a refusal learnt before it may be gone too.
  useEffect(() => {
    if (!blockedByMe) setRefusal(null);
  }, [blockedByMe]);
  // The room closed the conversation (a block, either way): the reply box gives way at once, and
  // the member's own list is read again in case the block is theirs (from another tab).
  useEffect(() => {
    if (!live.closed) return;
    setRefusal((current) => current ?? BLOCKED_MEMBER_MESSAGE);
    void queryClient.invalidateQueries({ queryKey: blockKeys.all });
  }, [live.closed, queryClient]);
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Reading the conversation marked the received messages read: the list's unread counts change.
  useEffect(() => {
    // Set locally: the read's answer says what changed, so the list is not fetched again for it.
    if (conversation.isSuccess) noteConversationRead(queryClient, info.conversation);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a read lands, not when the address object is rebuilt
  }, [conversation.dataUpdatedAt, conversation.isSuccess, queryClient]);

  // A new last message scrolls to the bottom; earlier messages loaded above do not.
  const newestId = conversation.data?.[conversation.data.length - 1]?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  // The thread arrives as its newest page; earlier messages on request, merged into the same cache.
  const [earlier, setEarlier] = useState<{ loading: boolean; exhausted: boolean }>({
    loading: false,
    exhausted: false,
  });
  const loadEarlier = () => {
    const oldest = conversation.data?.[0];
    if (!oldest || earlier.loading) return;
    setEarlier({ loading: true, exhausted: false });
    earlierMessages(me.id, partner.id, listing.id, oldest)
      .then((page) => {
        queryClient.setQueryData<Message[]>(conversationKey, (old) => mergeMessages(old, page));
        setEarlier({ loading: false, exhausted: page.length < THREAD_PAGE_DEFAULT });
      })
      .catch(() => {
        setEarlier({ loading: false, exhausted: false });
        toast({
          title: m.messages_error(),
          description: m.messages_earlier_failed(),
          variant: 'destructive',
        });
      });
  };

  // Once per opening (the thread is keyed by its conversation): later renders leave focus alone.
  const thread = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnOpen === 'composer') thread.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    else if (focusOnOpen === 'heading') heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);

  const onSend = () => {
    const content = draft.trim();
    send.mutate(
      { senderId: me.id, receiverId: partner.id, listingId: listing.id, content },
      {
        onSuccess: (sent) => {
          // A first message sent: this conversation may offer push notifications (decision 067).
          noteSent();
          setDraft('');
          live.resetTyping();
          if (sent.held) {
            const heldMessage: HeldMessage = { content, createdAt: new Date().toISOString(), notice: sent.message };
            queryClient.setQueryData<HeldMessage[]>(heldKey, (old = []) => [...old, heldMessage]);
            return;
          }
          // The POST's copy; the room's frame of the same message merges into it by id.
          queryClient.setQueryData<Message[]>(conversationKey, (old) =>
            old ? mergeMessages(old, [sent.message]) : old,
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) {
            setRefusal(error.message);
            // The member's own block from another tab shows as theirs (with Unblock) once the list knows it.
            void queryClient.invalidateQueries({ queryKey: blockKeys.all });
            return;
          }
          toast({ title: m.messages_error(), description: m.messages_send_failed(), variant: 'destructive' });
        },
      },
    );
  };

  const messages = conversation.data ?? [];
  const offersById = new Map(info.offers.map((o) => [o.id, o]));
  const seenId = lastSeenOwnId(messages, me.id);
  const onDraftChange = (value: string) => {
    setDraft(value);
    if (value.trim() !== '') live.notifyTyping();
  };
  return (
    <Flex direction="column" className="conversation-thread" ref={thread}>
      <Flex align="center" gap="3" className="conversation-header">
        <IconButton
          variant="ghost"
          color="gray"
          className="messages-back"
          aria-label={m.messages_back()}
          onClick={onBack}
        >
          <ArrowLeftIcon width="18" height="18" />
        </IconButton>
        <UserAvatar name={partner.displayName} src={partner.avatarUrl} size="3" />
        <Flex direction="column" minWidth="0">
          <Heading as="h2" size="3" ref={heading} tabIndex={-1} className="conversation-truncate">
            <Link to="/profile/$username" params={{ username: partner.username }} className="conversation-partner-link">
              {partner.displayName}
            </Link>
          </Heading>
          <Text size="1" color="gray" className="conversation-truncate">
            <VisuallyHidden>{m.messages_about()}</VisuallyHidden>
            <Link to="/listing/$id" params={{ id: String(listing.id) }} className="conversation-listing-link">
              {listing.title}
            </Link>
          </Text>
          <ConversationActions me={me} info={info} canOffer={!blockedByMe && refusal === null} />
        </Flex>
        <Flex role="status" align="center" gap="1" className="connection-status">
          {/* Offline, the page's one notice says so (OfflineNotice). */}
          {live.reconnecting && online && (
            <>
              <Spinner size="1" />
              <Text size="1" color="gray">
                {m.messages_reconnecting()}
              </Text>
            </>
          )}
        </Flex>
        <MemberMenu member={partner} blocked={blockedByMe} />
      </Flex>

      {/* Only once an offer was accepted (a barter follows from it), never after a first hello. */}
      <BarterPrompt
        me={me}
        partner={partner}
        listingId={listing.id}
        offerAccepted={info.offers.some((o) => o.status === 'accepted')}
        barters={info.barters}
        reviewedBarterIds={info.reviewedBarterIds}
      />

      <div
        className="message-scroll"
        ref={scroller}
        role="log"
        aria-label={m.messages_with({ name: partner.displayName })}
        tabIndex={0}
      >
        {conversation.isPending ? (
          <Flex justify="center" p="5">
            <Spinner size="3" />
            <VisuallyHidden>{m.messages_loading_conversation()}</VisuallyHidden>
          </Flex>
        ) : conversation.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{m.messages_conversation_load_failed()}</Callout.Text>
          </Callout.Root>
        ) : messages.length === 0 && held.length === 0 ? (
          <Text as="p" color="gray" align="center" className="conversation-empty">
            {m.messages_empty_thread()}
          </Text>
        ) : (
          <>
            {messages.length >= THREAD_PAGE_DEFAULT && !earlier.exhausted && (
              <Flex justify="center" p="2">
                <Button variant="ghost" size="1" onClick={loadEarlier} loading={earlier.loading}>
                  {m.messages_load_earlier()}
                </Button>
              </Flex>
            )}
            <ol className="message-list">
              {messages.map((msg) => {
                const own = msg.senderId === me.id;
                if (msg.kind === 'event') {
                  const offer =
                    msg.event?.offerId && (msg.event.type === 'offer_made' || msg.event.type === 'offer_countered')
                      ? offersById.get(msg.event.offerId)
                      : undefined;
                  return (
                    <li key={msg.id} className="message-row message-event" data-testid="message-event">
                      <Text as="p" size="1" className="message-event-text">
                        {eventText(msg.content, own ? myName : partner.displayName)} ·{' '}
                        <time dateTime={msg.createdAt}>{fmt.date(msg.createdAt, DAY_AND_TIME)}</time>
                      </Text>
                      {offer && <OfferCard offer={offer} me={me} info={info} listingsQuery={userListingsQuery} />}
                    </li>
                  );
                }
                const removed = isRemovedMessage(msg);
                return (
                  <li
                    key={msg.id}
                    className={`message-row ${own ? 'message-own' : 'message-theirs'}`}
                    data-testid="message"
                  >
                    <div className={`message-bubble${removed ? ' message-removed' : ''}`}>
                      <VisuallyHidden>
                        {own ? m.messages_you_said() : m.messages_partner_said({ name: partner.displayName })}
                      </VisuallyHidden>
                      <Text as="p" size="2" className="message-text">
                        {msg.content}
                      </Text>
                      <Text as="p" size="1" className="message-time">
                        <time dateTime={msg.createdAt}>{fmt.date(msg.createdAt, DAY_AND_TIME)}</time>
                      </Text>
                    </div>
                    {msg.id === seenId && (
                      <Text as="p" size="1" color="gray" className="message-seen" data-testid="message-seen">
                        {m.messages_seen()}
                      </Text>
                    )}
                    {!own && !removed && (
                      <ReportButton
                        signedIn
                        target={{
                          type: 'message',
                          id: msg.id,
                          label: `${partner.displayName}: “${msg.content}”`,
                          member: partner,
                        }}
                      />
                    )}
                  </li>
                );
              })}
              {held.map((msg, index) => (
                <li key={`held-${index}`} className="message-row message-own" data-testid="held-message">
                  <div className="message-bubble message-held">
                    <VisuallyHidden>{m.messages_you_said()}</VisuallyHidden>
                    <Text as="p" size="2" className="message-text">
                      {msg.content}
                    </Text>
                    <Text as="p" size="1" className="message-time">
                      <time dateTime={msg.createdAt}>{fmt.date(msg.createdAt, DAY_AND_TIME)}</time>
                    </Text>
                  </div>
                  <Text as="p" size="1" color="amber" className="message-held-note">
                    <strong>{m.messages_held()}</strong> {msg.notice.replace(/\.?$/, '.')}
                  </Text>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>

      <Text as="p" size="1" color="gray" role="status" className="typing-indicator" data-testid="typing-indicator">
        {live.partnerTyping ? m.messages_typing({ name: partner.displayName }) : ''}
      </Text>
      {blockedByMe ? (
        <BlockedNotice partner={partner} blockedByMe />
      ) : refusal ? (
        <BlockedNotice partner={partner} blockedByMe={false} message={refusal} />
      ) : (
        <>
          {/* After a first message or offer, once: "Get a notification when they answer?" (decision 067). */}
          <PushPrompt />
          <MessageComposer value={draft} onChange={onDraftChange} onSend={onSend} pending={send.isPending} />
          {/* Sent offline: TanStack Query holds the send until the network is back; the text stays here meanwhile. */}
          {send.isPaused && (
            <Text as="p" size="1" color="gray" role="status" className="composer-waiting" data-testid="send-waiting">
              {m.messages_waiting_network()}
            </Text>
          )}
        </>
      )}
    </Flex>
  );
}
