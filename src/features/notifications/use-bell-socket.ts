// The header bell's live connection (docs/api/notifications.md, "Live updates"; decisions 027 and
// 050): one WebSocket per tab to the member's MemberSockets object while signed in. The server sends
// the unread count (as GET /api/notifications answers it) first on every (re)connect and again
// whenever the member's entries change: the badge follows without a request, and the list is read
// when the member opens the panel (notifications-menu.tsx). A bare frame (the server could not
// count) hands the badge back to the bell's read. While the socket is down the bell polls as before. Reconnects follow the live chat's (backoff with jitter, at once when the
// tab or the network comes back); a close with 4001 (the session ended) asks who is signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { keepConnected } from '@/lib/keep-connected';
import { noteBellLive } from '@/lib/live-status';
import { urlOf } from '@/lib/api-client';
import { ConversationConnection } from '@/lib/live-socket';
import { notificationRoutes } from '@/shared/contract/notifications';
import { handleSessionEnded } from '@/features/auth';
import { notificationKeys } from '@/lib/query-keys';
import { bellFrameSchema, type BellFrame } from '@/shared/ws-frames';

/** How long the bell waits for the socket's first frame before reading it over HTTP. */
export const BELL_SOCKET_WAIT_MS = 4000;

export function bellSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${urlOf(notificationRoutes.socket)}`;
}

/** The unread count a frame carried, and when it arrived (epoch ms: the newer of it and the list's read wins). */
export interface PushedCount {
  unreadCount: number;
  /** Conversations with unread messages (the Messages link's count, decision 061); null from an older server. */
  unreadConversations: number | null;
  at: number;
}

export interface BellSocket {
  /** The socket is open: changes to the bell are pushed. */
  live: boolean;
  /** The bell may be read over HTTP: the socket's first frame came, or the socket failed or is slow. */
  ready: boolean;
  /** The last count pushed over this socket; null before the first frame, after a bare one, and while it is down. */
  pushed: PushedCount | null;
}

/** Keeps the bell socket open for the signed-in member. */
export function useBellSocket(meId: number | undefined): BellSocket {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);
  const [pushed, setPushed] = useState<PushedCount | null>(null);

  useEffect(() => {
    if (meId === undefined || typeof WebSocket === 'undefined') {
      setReady(true);
      return;
    }
    setReady(false);
    let counted = false;
    const count = (open: boolean) => {
      if (open === counted) return;
      counted = open;
      noteBellLive(open);
      setLive(open);
      // A count from before the socket went down may miss changes: the bell's read takes over.
      if (!open) setPushed(null);
    };
    const waited = setTimeout(() => setReady(true), BELL_SOCKET_WAIT_MS);

    const conn: ConversationConnection<BellFrame> = new ConversationConnection({
      url: bellSocketUrl(window.location),
      frames: bellFrameSchema,
      onFrame: (frame) => {
        if (frame.type !== 'notifications') return;
        if (frame.unreadCount !== undefined)
          setPushed({
            unreadCount: frame.unreadCount,
            unreadConversations: frame.unreadConversations ?? null,
            at: Date.now(),
          });
        else {
          setPushed(null);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        }
        setReady(true);
      },
      onState: (state) => {
        count(state === 'open');
        // A failed connect: read the bell over HTTP now, and poll until the socket is back.
        if (state === 'closed') setReady(true);
      },
      // The server's first frame brings the count: nothing to fetch on (re)connect.
      onOpen: () => {},
      onSessionEnded: () => handleSessionEnded(conn, meId, queryClient),
    });
    conn.start();
    const unwire = keepConnected(conn);
    return () => {
      unwire();
      clearTimeout(waited);
      conn.stop();
      count(false);
      setPushed(null);
    };
  }, [meId, queryClient]);

  return { live, ready, pushed };
}
