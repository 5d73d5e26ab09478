// The open circle's live connection: the same reconnecting socket as a conversation's
// (src/lib/live-socket.ts) to the circle's room. Chat messages are merged into the
// chat by id, "the circle changed" refetches it, typing shows who is writing; every (re)connect
// resyncs both from the API. A 4001 close (the session ended) asks who is signed in first.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { tradeCircleRoutes, type TradeCircleMessage } from '@/shared/contract/trade-circles';
import type { ServerFrame } from '@/shared/ws-frames';
import { keepConnected } from '@/lib/keep-connected';
import { createThrottle, RECONNECTING_NOTICE_MS, TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS } from '@/lib/live';
import { urlOf } from '@/lib/api-client';
import { ConversationConnection } from '@/lib/live-socket';
import { handleSessionEnded } from '@/features/auth';
import { mergeCircleMessages } from './api';
import { circleKeys, notificationKeys } from '@/lib/query-keys';
import { circleRoomFrameSchema, type CircleRoomFrame } from '@/shared/ws-frames';

export const circleSocketUrl = (location: { protocol: string; host: string }, circleId: number) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${urlOf(tradeCircleRoutes.socket, { params: { id: circleId } })}`;

export interface CircleSocket {
  /** Members who sent a typing frame within the last few seconds. */
  typing: number[];
  reconnecting: boolean;
  notifyTyping: () => void;
  resetTyping: () => void;
  /** Tells the room the member has read the chat (settles its notification). */
  markRead: (upTo: number) => void;
}

export function useCircleSocket(meId: number, circleId: number): CircleSocket {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<number[]>([]);
  const [reconnecting, setReconnecting] = useState(false);
  const connection = useRef<ConversationConnection<CircleRoomFrame> | null>(null);
  const throttle = useRef(createThrottle(TYPING_SEND_INTERVAL_MS));

  useEffect(() => {
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const stopTyping = (userId: number) => {
      clearTimeout(timers.get(userId));
      timers.delete(userId);
      setTyping((current) => current.filter((id) => id !== userId));
    };
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    const onFrame = (frame: ServerFrame) => {
      if (frame.type === 'circle_message') {
        if (frame.message.circleId !== circleId) return;
        queryClient.setQueryData<TradeCircleMessage[]>(circleKeys.messages(circleId), (old) =>
          mergeCircleMessages(old, [frame.message]),
        );
        stopTyping(frame.message.senderId);
      } else if (frame.type === 'circle') {
        if (frame.circleId !== circleId) return;
        void queryClient.invalidateQueries({ queryKey: circleKeys.detail(circleId) });
        void queryClient.invalidateQueries({ queryKey: circleKeys.list() });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      } else if (frame.type === 'typing') {
        if (frame.userId === meId) return;
        setTyping((current) => (current.includes(frame.userId) ? current : [...current, frame.userId]));
        clearTimeout(timers.get(frame.userId));
        timers.set(
          frame.userId,
          setTimeout(() => stopTyping(frame.userId), TYPING_SHOW_MS),
        );
      }
    };
    const conn: ConversationConnection<CircleRoomFrame> = new ConversationConnection({
      url: circleSocketUrl(window.location, circleId),
      frames: circleRoomFrameSchema,
      onFrame,
      onState: (state) => {
        if (state === 'open') {
          clearTimeout(noticeTimer);
          noticeTimer = undefined;
          setReconnecting(false);
        } else {
          if (noticeTimer === undefined) noticeTimer = setTimeout(() => setReconnecting(true), RECONNECTING_NOTICE_MS);
          for (const id of [...timers.keys()]) stopTyping(id);
        }
      },
      onOpen: () => {
        // Whatever happened while no socket was open is in D1.
        void queryClient.invalidateQueries({ queryKey: circleKeys.detail(circleId) });
        void queryClient.refetchQueries({ queryKey: circleKeys.messages(circleId), exact: true });
      },
      onSessionEnded: () => handleSessionEnded(conn, meId, queryClient),
    });
    connection.current = conn;
    conn.start();
    const unwire = keepConnected(conn);
    return () => {
      unwire();
      for (const timer of timers.values()) clearTimeout(timer);
      clearTimeout(noticeTimer);
      conn.stop();
      connection.current = null;
    };
  }, [meId, circleId, queryClient]);

  const notifyTyping = useCallback(() => {
    const conn = connection.current;
    if (conn?.isOpen && throttle.current.ready(Date.now())) conn.send({ type: 'typing' });
  }, []);
  const resetTyping = useCallback(() => throttle.current.reset(), []);
  const markRead = useCallback(
    (upTo: number) => {
      if (connection.current?.send({ type: 'read', upTo }))
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    [queryClient],
  );
  return { typing, reconnecting, notifyTyping, resetTyping, markRead };
}
