// The open conversation's live connection (docs/api/live-chat.md, "Client"): one WebSocket to the
// ConversationRoom, reconnected with backoff and jitter after a drop, at once when the tab comes
// back or the network returns. The thread is read once the socket is open (`ready`), so that read
// already holds everything the socket will not bring: the first open costs no second read. A
// RE-connect (after a drop, or a socket that opened only after the thread was read) resyncs the
// thread, the conversation's offers and barters, and the list, since frames may have been missed
// (decision 043). Frames update the React Query caches: new messages and read marks go into the
// conversation, offers and barters into its info, and the list is updated in place. When the server
// closes the socket because the session ended (4001), the hook asks who is signed in before
// anything else; when the room closes the conversation because of a block (4003), it stays closed
// and says so.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '@/shared/contract/messages';
import { conversationKeyOf } from '@/shared/conversation-key';
import { noteReviewed, storeBarter, storeOffer } from '@/features/offers';
import type { ServerFrame } from '@/shared/ws-frames';
import { noteConversationRead, noteMessageInList } from './api';
import { isBellLive, noteConversationLive } from '@/lib/live-status';
import { ConversationConnection, type ConnectionState } from '@/lib/live-socket';
import { keepConnected } from '@/lib/keep-connected';
import { handleSessionEnded } from '@/features/auth';
import {
  conversationSocketUrl,
  createThrottle,
  lastReceivedId,
  markReadUpTo,
  mergeMessages,
  RECONNECTING_NOTICE_MS,
  TYPING_SEND_INTERVAL_MS,
  TYPING_SHOW_MS,
} from '@/lib/live';
import { messageKeys, notificationKeys, reviewKeys, userKeys } from '@/lib/query-keys';
import { conversationFrameSchema, type ConversationFrame } from '@/shared/ws-frames';

interface UseConversationSocketOptions {
  meId: number;
  partnerId: number;
  listingId: number;
  /** The conversation as the screen shows it; read marks follow its newest received message. */
  messages: readonly Message[] | undefined;
  /** False across a block: the room would refuse the socket, so none is opened (default true). */
  enabled?: boolean;
}

export interface ConversationSocket {
  /** The partner sent a typing frame within the last few seconds. */
  partnerTyping: boolean;
  /** The socket has been down for more than a few seconds. */
  reconnecting: boolean;
  /** Call on every edit of the reply box; sends a typing frame at most every 2.5 s. */
  notifyTyping: () => void;
  /** Call after sending: the next keystroke may announce typing again at once. */
  resetTyping: () => void;
  /** The room closed the conversation (4003): one of the two blocked the other. */
  closed: boolean;
  /**
   * The thread may be read: the socket opened (frames from now on arrive by themselves), failed
   * (refused, dropped, or not open within the connection's connect timeout), or is not wanted (a
   * block).
   */
  ready: boolean;
}

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function useConversationSocket({
  meId,
  partnerId,
  listingId,
  messages,
  enabled = true,
}: UseConversationSocketOptions): ConversationSocket {
  const queryClient = useQueryClient();
  const [partnerTyping, setPartnerTyping] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [closed, setClosed] = useState(false);
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  const connection = useRef<ConversationConnection<ConversationFrame> | null>(null);
  const typingThrottle = useRef(createThrottle(TYPING_SEND_INTERVAL_MS));
  const readSent = useRef(0);
  const latestMessages = useRef(messages);
  latestMessages.current = messages;

  // Sends a read mark for the newest received message once it is on a visible screen.
  const sendRead = useCallback(() => {
    const upTo = lastReceivedId(latestMessages.current, meId);
    if (upTo === null || upTo <= readSent.current || !visible()) return;
    if (connection.current?.send({ type: 'read', upTo })) readSent.current = upTo;
  }, [meId]);

  useEffect(() => {
    const markReady = () => {
      readyRef.current = true;
      setReady(true);
    };
    if (!enabled) {
      setReconnecting(false);
      setPartnerTyping(false);
      markReady();
      return;
    }
    // A thread read before this socket opened may have missed what the socket would have brought.
    let readBeforeOpen = readyRef.current;
    const key = messageKeys.conversation(meId, partnerId, listingId);
    const refreshList = () =>
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(), exact: true });
    // Reading the conversation (the resync's GET, or a read mark) settles its header notification:
    // the bell socket brings the change when it is open, else the bell is read again.
    const refreshBell = () => {
      if (!isBellLive()) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;

    const onFrame = (frame: ServerFrame) => {
      if (frame.type === 'message') {
        const m = frame.message;
        const ours =
          m.listingId === listingId &&
          ((m.senderId === meId && m.receiverId === partnerId) || (m.senderId === partnerId && m.receiverId === meId));
        if (!ours) return;
        queryClient.setQueryData<Message[]>(key, (old) => mergeMessages(old, [m]));
        if (m.senderId === partnerId) {
          clearTimeout(typingTimer);
          setPartnerTyping(false);
        }
        // The list learns of it from the frame itself, not from a refetch of the whole list.
        noteMessageInList(queryClient, m, meId, { read: false });
      } else if (frame.type === 'typing') {
        if (frame.userId !== partnerId) return;
        setPartnerTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setPartnerTyping(false), TYPING_SHOW_MS);
      } else if (frame.type === 'read') {
        if (frame.userId !== partnerId && frame.userId !== meId) return;
        queryClient.setQueryData<Message[]>(key, (old) => markReadUpTo(old, frame.userId, frame.upTo));
        // The member's own read mark (this tab or another) changes the list's unread count.
        if (frame.userId === meId) {
          const unread = (queryClient.getQueryData<Message[]>(key) ?? []).filter(
            (m) => m.senderId === partnerId && m.receiverId === meId && !m.read,
          ).length;
          noteConversationRead(queryClient, conversationKeyOf(listingId, meId, partnerId), unread);
          refreshBell();
        }
      } else if (frame.type === 'offer') {
        // An offer made, countered or answered (by either side): the card updates in place.
        if (frame.offer.listingId !== listingId) return;
        storeOffer(queryClient, frame.offer);
      } else if (frame.type === 'barter') {
        // The barter an accepted offer created, confirmed or cancelled: the prompt follows.
        const b = frame.barter;
        if (b.listingId !== listingId) return;
        storeBarter(queryClient, b);
        if (b.status === 'completed') void queryClient.invalidateQueries({ queryKey: userKeys.all });
      } else if (frame.type === 'review') {
        // A review of this barter: "Thanks for your review" on one side, the counts on both.
        if (frame.reviewerId === meId)
          noteReviewed(queryClient, conversationKeyOf(listingId, meId, partnerId), frame.barterId);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.byUser(meId) });
        void queryClient.invalidateQueries({ queryKey: reviewKeys.byUser(partnerId) });
      } else if (frame.type === 'error') {
        console.warn('live chat:', frame.message);
      }
    };

    const conversation = conversationKeyOf(listingId, meId, partnerId);
    let counted = false;
    const countLive = (live: boolean) => {
      if (live === counted) return;
      counted = live;
      noteConversationLive(conversation, live);
    };

    const onState = (state: ConnectionState) => {
      countLive(state === 'open');
      if (state === 'open') {
        clearTimeout(noticeTimer);
        noticeTimer = undefined;
        setReconnecting(false);
      } else if (noticeTimer === undefined) {
        noticeTimer = setTimeout(() => setReconnecting(true), RECONNECTING_NOTICE_MS);
      }
      if (state !== 'open') {
        clearTimeout(typingTimer);
        setPartnerTyping(false);
      }
      // A failed connect (refused, or given up after the connection's connect timeout): read the
      // thread now; the socket's later open resyncs it.
      if (state === 'closed' && !readyRef.current) {
        readBeforeOpen = true;
        markReady();
      }
    };

    const conn: ConversationConnection<ConversationFrame> = new ConversationConnection({
      url: conversationSocketUrl(window.location, partnerId, listingId),
      frames: conversationFrameSchema,
      onFrame,
      onState,
      onOpen: () => {
        if (!readBeforeOpen) {
          // The first open, before any read: the thread's first read (enabled by `ready`) comes
          // after the room has the socket, so nothing can fall between the two.
          readBeforeOpen = true;
          markReady();
          sendRead();
          return;
        }
        // A re-connect: whatever happened while no socket was open is in D1. Fetch the thread (the
        // query merges by id) and the conversation's offers and barters, whose frames may have
        // been missed too; then the list and the bell.
        void queryClient.invalidateQueries({
          queryKey: messageKeys.info(conversationKeyOf(listingId, meId, partnerId)),
        });
        void queryClient.refetchQueries({ queryKey: key, exact: true }).then(() => {
          refreshList();
          refreshBell();
        });
        sendRead();
      },
      onSessionEnded: () => handleSessionEnded(conn, meId, queryClient),
      onConversationClosed: () => {
        clearTimeout(noticeTimer);
        setReconnecting(false);
        setClosed(true);
      },
    });
    setClosed(false);
    connection.current = conn;
    conn.start();
    const unwire = keepConnected(conn, sendRead);
    return () => {
      unwire();
      countLive(false);
      clearTimeout(typingTimer);
      clearTimeout(noticeTimer);
      conn.stop();
      connection.current = null;
    };
  }, [meId, partnerId, listingId, queryClient, sendRead, enabled]);

  // A new received message on screen (live, from a resync or the first load): mark it read.
  const newestReceived = lastReceivedId(messages, meId);
  useEffect(() => {
    sendRead();
  }, [newestReceived, sendRead]);

  const notifyTyping = useCallback(() => {
    const conn = connection.current;
    if (conn?.isOpen && typingThrottle.current.ready(Date.now())) conn.send({ type: 'typing' });
  }, []);
  const resetTyping = useCallback(() => typingThrottle.current.reset(), []);

  return { partnerTyping, reconnecting, notifyTyping, resetTyping, closed, ready };
}
