// The header bell's live connection (docs/api/notifications.md, "Live updates"; decision 027): one
// WebSocket per tab to the member's MemberSockets object while signed in. Whenever the member's
// entries change the server sends a "notifications" frame carrying the bell as GET
// /api/notifications would answer (or, if it could not read it, a bare frame: the bell refetches
// once); every reconnect refetches too, so nothing written while the socket was down is missed. While the socket
// is open the bell polls only slowly (NOTIFICATIONS_FALLBACK_MS); while it is down, as before.
// Reconnects follow the live chat's (backoff with jitter, at once when the tab or the network comes
// back); a close with 4001 (the session ended) asks who is signed in first.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGetOrNull } from '../../lib/api';
import type { SelfUser } from '../../shared/api-types';
import { authKeys, CURRENT_USER_URL, forgetSignedOutMember } from '../auth/api';
import { ConversationConnection } from '../messages/conversation-connection';
import { afterSessionEnded } from '../messages/live';
import { notificationKeys } from './api';

export function bellSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/notifications/ws`;
}

/** Keeps the bell socket open for the signed-in member; true while it is open. */
export function useBellSocket(meId: number | undefined): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (meId === undefined || typeof WebSocket === 'undefined') return;
    const refetchBell = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    let opened = false;
    let connectStartedAt = Date.now();

    const conn = new ConversationConnection({
      url: bellSocketUrl(window.location),
      onFrame: (frame) => {
        if (frame.type !== 'notifications') return;
        // The frame carries the bell as the server has it now; a bare frame asks for a refetch.
        if (frame.bell) queryClient.setQueryData(notificationKeys.all, frame.bell);
        else refetchBell();
      },
      onState: (state) => {
        if (state === 'connecting') connectStartedAt = Date.now();
        setOpen(state === 'open');
      },
      onOpen: () => {
        // A reconnect may have missed frames: refetch. The first open refetches only when the bell's
        // data is older than this connection (the page's own bell read went out with it).
        const fetchedAt = queryClient.getQueryState(notificationKeys.all)?.dataUpdatedAt ?? 0;
        if (opened || fetchedAt < connectStartedAt) refetchBell();
        opened = true;
      },
      onSessionEnded: () => {
        const fetchUserId = async () => (await apiGetOrNull<SelfUser>(CURRENT_USER_URL))?.id ?? null;
        void afterSessionEnded(fetchUserId, meId).then((outcome) => {
          if (outcome === 'resume') conn.resume();
          else if (outcome === 'signed-out') forgetSignedOutMember(queryClient);
          else void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
        });
      },
    });
    conn.start();

    const onVisibility = () => {
      if (document.visibilityState === 'visible') conn.reconnectNow();
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
      conn.stop();
      setOpen(false);
    };
  }, [meId, queryClient]);

  return open;
}
