// The header bell's live connection (docs/api/notifications.md, "Live updates"; decision 027): one
// WebSocket per tab to the member's MemberSockets object while signed in. The server sends the bell
// (as GET /api/notifications answers it) first on every (re)connect and again whenever the
// member's entries change, and the bell's query takes it from the frame: no request. A bare frame
// (the server could not read the bell) makes the bell refetch once. While the socket is down the
// bell polls as before. Reconnects follow the live chat's (backoff with jitter, at once when the
// tab or the network comes back); a close with 4001 (the session ended) asks who is signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConversationConnection } from '../messages/conversation-connection';
import { keepConnected } from '../messages/keep-connected';
import { handleSessionEnded } from '../messages/session-ended';
import { notificationKeys } from './api';

/** How long the bell waits for the socket's first frame before reading it over HTTP. */
export const BELL_SOCKET_WAIT_MS = 4000;

export function bellSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/notifications/ws`;
}

let openBellSockets = 0;
/** Whether this tab's bell socket is open: then every change to the bell arrives by itself. */
export const isBellLive = () => openBellSockets > 0;

export interface BellSocket {
  /** The socket is open: the bell is pushed. */
  live: boolean;
  /** The bell may be read over HTTP: the socket's first frame came, or the socket failed or is slow. */
  ready: boolean;
}

/** Keeps the bell socket open for the signed-in member. */
export function useBellSocket(meId: number | undefined): BellSocket {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);

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
      openBellSockets += open ? 1 : -1;
      setLive(open);
    };
    const waited = setTimeout(() => setReady(true), BELL_SOCKET_WAIT_MS);

    const conn = new ConversationConnection({
      url: bellSocketUrl(window.location),
      onFrame: (frame) => {
        if (frame.type !== 'notifications') return;
        if (frame.bell) queryClient.setQueryData(notificationKeys.all, frame.bell);
        else void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        setReady(true);
      },
      onState: (state) => {
        count(state === 'open');
        // A failed connect: read the bell over HTTP now, and poll until the socket is back.
        if (state === 'closed') setReady(true);
      },
      // The server's first frame brings the bell: nothing to fetch on (re)connect.
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
    };
  }, [meId, queryClient]);

  return { live, ready };
}
