// The open conversation's live connection (docs/api/live-chat.md, "Client"): one WebSocket to the
// ConversationRoom, reconnected with backoff and jitter after a drop, at once when the tab comes
// back or the network returns; every (re)connect resyncs the conversation from the API, merged by
// id. Frames update the React Query caches: new messages and read marks go into the conversation,
// and the conversation list (unread counts, last message) is refetched.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '../../shared/api-types';
import { parseServerFrame, type ClientFrame, type ServerFrame } from '../../shared/ws-frames';
import { messageKeys } from './api';
import {
  conversationSocketUrl,
  createThrottle,
  lastReceivedId,
  markReadUpTo,
  mergeMessages,
  RECONNECTING_NOTICE_MS,
  reconnectDelay,
  TYPING_SEND_INTERVAL_MS,
  TYPING_SHOW_MS,
} from './live';

/** The part of a browser WebSocket the connection uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface ConnectionOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  onFrame: (frame: ServerFrame) => void;
  /** After every successful (re)connect: the moment to resync from the API. */
  onOpen: () => void;
  onState: (state: ConnectionState) => void;
  random?: () => number;
  /** A connect that has not opened after this long is given up and retried. */
  connectTimeoutMs?: number;
}

const OPEN = 1;

/** One conversation socket that keeps itself connected until `stop()`. */
export class ConversationConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: ConnectionOptions) {}

  start() {
    this.connect();
  }

  /** Reconnects now unless a socket is open or opening (the tab became visible, the network came back). */
  reconnectNow() {
    if (this.stopped) return;
    // A socket stuck closing (a Close the other end never answered) counts as gone.
    if (this.socket && this.socket.readyState <= OPEN) return;
    if (this.socket) this.detach(this.socket);
    this.attempt = 0;
    this.connect();
  }

  /** The network is gone: the socket is dead even if the browser has not noticed yet. */
  drop() {
    const socket = this.socket;
    if (!socket) return;
    this.detach(socket);
    this.options.onState('closed');
    this.scheduleRetry();
  }

  /** Sends a client frame if the socket is open; false otherwise (nothing is queued). */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  get isOpen() {
    return this.socket?.readyState === OPEN;
  }

  stop() {
    this.stopped = true;
    this.clearTimers();
    if (this.socket) this.detach(this.socket, 1000);
  }

  private connect() {
    this.clearTimers();
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch {
      this.options.onState('closed');
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.options.onState('connecting');
    this.connectTimer = setTimeout(() => {
      if (this.socket === socket && socket.readyState !== OPEN) this.drop();
    }, this.options.connectTimeoutMs ?? 10_000);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempt = 0;
      this.options.onState('open');
      this.options.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const parsed = parseServerFrame(typeof event.data === 'string' ? event.data : new ArrayBuffer(0));
      if (parsed.ok) this.options.onFrame(parsed.frame);
    };
    // An error is always followed by close; close decides what happens next.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onState('closed');
      this.scheduleRetry();
    };
  }

  private detach(socket: SocketLike, code?: number) {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (this.socket === socket) this.socket = null;
    try {
      socket.close(code);
    } catch {
      // Already closing.
    }
  }

  private scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.retryTimer = this.connectTimer = null;
  }
}

interface UseConversationSocketOptions {
  meId: number;
  partnerId: number;
  listingId: number;
  /** The conversation as the screen shows it; read marks follow its newest received message. */
  messages: readonly Message[] | undefined;
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
}

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function useConversationSocket({ meId, partnerId, listingId, messages }: UseConversationSocketOptions): ConversationSocket {
  const queryClient = useQueryClient();
  const [partnerTyping, setPartnerTyping] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const connection = useRef<ConversationConnection | null>(null);
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
    const key = messageKeys.conversation(meId, partnerId, listingId);
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(), exact: true });
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;

    const onFrame = (frame: ServerFrame) => {
      if (frame.type === 'message') {
        const m = frame.message;
        const ours = m.listingId === listingId && ((m.senderId === meId && m.receiverId === partnerId) || (m.senderId === partnerId && m.receiverId === meId));
        if (!ours) return;
        queryClient.setQueryData<Message[]>(key, (old) => mergeMessages(old, [m]));
        if (m.senderId === partnerId) {
          clearTimeout(typingTimer);
          setPartnerTyping(false);
        }
        refreshList();
      } else if (frame.type === 'typing') {
        if (frame.userId !== partnerId) return;
        setPartnerTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setPartnerTyping(false), TYPING_SHOW_MS);
      } else if (frame.type === 'read') {
        if (frame.userId !== partnerId && frame.userId !== meId) return;
        queryClient.setQueryData<Message[]>(key, (old) => markReadUpTo(old, frame.userId, frame.upTo));
        // The member's own read mark (this tab or another) changes the list's unread count.
        if (frame.userId === meId) refreshList();
      } else {
        console.warn('live chat:', frame.message);
      }
    };

    const onState = (state: ConnectionState) => {
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
    };

    const conn = new ConversationConnection({
      url: conversationSocketUrl(window.location, partnerId, listingId),
      onFrame,
      onState,
      onOpen: () => {
        // Whatever happened while no socket was open is in D1: fetch it (the query merges by id).
        void queryClient.refetchQueries({ queryKey: key, exact: true }).then(refreshList);
        sendRead();
      },
    });
    connection.current = conn;
    conn.start();

    const onVisibility = () => {
      if (!visible()) return;
      conn.reconnectNow();
      sendRead();
    };
    const onOnline = () => conn.reconnectNow();
    const onOffline = () => conn.drop();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearTimeout(typingTimer);
      clearTimeout(noticeTimer);
      conn.stop();
      connection.current = null;
    };
  }, [meId, partnerId, listingId, queryClient, sendRead]);

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

  return { partnerTyping, reconnecting, notifyTyping, resetTyping };
}
